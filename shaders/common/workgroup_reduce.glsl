// Reductions over one workgroup in shared memory: a tree that halves the active invocations each
// round, so the order of the operations is fixed and the result deterministic. Each must be
// reached by every invocation of the workgroup (it has barriers), and the workgroup must have
// BILLOW_GROUP_X * BILLOW_GROUP_Y invocations (a power of two). A kernel pays shared memory only
// for the reductions it calls (the others are optimised out).
#ifndef BILLOW_WORKGROUP_REDUCE_GLSL
#define BILLOW_WORKGROUP_REDUCE_GLSL

#define BILLOW_WORKGROUP_INVOCATIONS (BILLOW_GROUP_X * BILLOW_GROUP_Y)

shared vec2 workgroupSumValues[BILLOW_WORKGROUP_INVOCATIONS];

// Adds one vec2 per invocation; workgroupSumResult() then reads the sum, in any invocation (kernels
// that use it in one invocation read it there only, sparing the others a shared-memory load).
void reduceWorkgroupSum(vec2 value) {
    const uint t = gl_LocalInvocationIndex;
    workgroupSumValues[t] = value;
    barrier();
    for (uint stride = BILLOW_WORKGROUP_INVOCATIONS / 2; stride > 0; stride >>= 1) {
        if (t < stride) workgroupSumValues[t] += workgroupSumValues[t + stride];
        barrier();
    }
}

vec2 workgroupSumResult() { return workgroupSumValues[0]; }

shared float workgroupMaxValues[BILLOW_WORKGROUP_INVOCATIONS];

// The largest of one value per invocation, in every invocation.
float workgroupMax(float value) {
    const uint t = gl_LocalInvocationIndex;
    workgroupMaxValues[t] = value;
    barrier();
    for (uint stride = BILLOW_WORKGROUP_INVOCATIONS / 2; stride > 0; stride >>= 1) {
        if (t < stride) workgroupMaxValues[t] = max(workgroupMaxValues[t], workgroupMaxValues[t + stride]);
        barrier();
    }
    return workgroupMaxValues[0];
}

#endif
