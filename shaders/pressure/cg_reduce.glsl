// Workgroup sums for the conjugate gradient kernels: each workgroup adds its threads' vec2 values
// by a tree in shared memory (a fixed order, so the result is deterministic) and writes the sum to
// `partials` (declared by the including kernel) at its group index; cg_scalars.comp adds those.
// Every thread of the workgroup must call it.
shared vec2 workgroupSums[BILLOW_GROUP_X * BILLOW_GROUP_Y];

void writeWorkgroupSum(vec2 value) {
    const uint t = gl_LocalInvocationIndex;
    workgroupSums[t] = value;
    barrier();
    for (uint stride = BILLOW_GROUP_X * BILLOW_GROUP_Y / 2; stride > 0; stride >>= 1) {
        if (t < stride) workgroupSums[t] += workgroupSums[t + stride];
        barrier();
    }
    if (t == 0) partials[gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x] = workgroupSums[0];
}

float stateFloat(int word) { return uintBitsToFloat(state[word]); }
