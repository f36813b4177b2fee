// Reductions over one workgroup in shared memory: a tree that halves the active invocations each
// round, so the order of the operations is fixed and the result deterministic. Each must be
// reached by every invocation of the workgroup (it has barriers), and the workgroup must have
// BILLOW_GROUP_X * BILLOW_GROUP_Y invocations (a power of two). A kernel pays shared memory only
// for the reductions it calls (the others are optimised out).
#ifndef BILLOW_WORKGROUP_REDUCE_GLSL
#define BILLOW_WORKGROUP_REDUCE_GLSL

#define BILLOW_WORKGROUP_INVOCATIONS (BILLOW_GROUP_X * BILLOW_GROUP_Y)

// The tree: stores VALUE in this invocation's element of the shared array VALUES, then combines
// elements pairwise with COMBINE (a function of two values) until element 0 holds the result.
#define BILLOW_REDUCE_WORKGROUP(VALUES, VALUE, COMBINE)                                       \
    {                                                                                        \
        const uint t_ = gl_LocalInvocationIndex;                                             \
        VALUES[t_] = (VALUE);                                                                \
        barrier();                                                                           \
        for (uint stride_ = BILLOW_WORKGROUP_INVOCATIONS / 2; stride_ > 0; stride_ >>= 1) {  \
            if (t_ < stride_) VALUES[t_] = COMBINE(VALUES[t_], VALUES[t_ + stride_]);        \
            barrier();                                                                       \
        }                                                                                    \
    }

shared vec2 workgroupSumValues[BILLOW_WORKGROUP_INVOCATIONS];
vec2 sumOfPair(vec2 a, vec2 b) { return a + b; }

// Adds one vec2 per invocation; workgroupSumResult() then reads the sum, in any invocation (kernels
// that use it in one invocation read it there only, sparing the others a shared-memory load).
void reduceWorkgroupSum(vec2 value) BILLOW_REDUCE_WORKGROUP(workgroupSumValues, value, sumOfPair)
vec2 workgroupSumResult() { return workgroupSumValues[0]; }

shared float workgroupMaxValues[BILLOW_WORKGROUP_INVOCATIONS];

// The largest of one value per invocation, in every invocation.
float workgroupMax(float value) {
    BILLOW_REDUCE_WORKGROUP(workgroupMaxValues, value, max)
    return workgroupMaxValues[0];
}

shared uvec2 workgroupMaxBitsValues[BILLOW_WORKGROUP_INVOCATIONS];
uvec2 maxOfBitPair(uvec2 a, uvec2 b) { return max(a, b); }

// The largest of one pair of bit patterns per invocation, in every invocation. On the bits of
// non-negative floats (floatBitsToUint(abs(x))) this is the largest value, with a NaN above every
// number (its bits are), where a float max() may drop a NaN. Kernels that accumulate a maximum
// over the whole grid reduce their workgroup first and issue ONE atomicMax per workgroup: the
// same-address atomics of every invocation were most of such a pass's time on a large grid.
uvec2 workgroupMaxBits(uvec2 value) {
    BILLOW_REDUCE_WORKGROUP(workgroupMaxBitsValues, value, maxOfBitPair)
    return workgroupMaxBitsValues[0];
}

// The largest |a| and |b| of the workgroup as float bits, for atomicMax into a grid-wide maximum.
uvec2 workgroupMaxAbsBits(float a, float b) {
    return workgroupMaxBits(uvec2(floatBitsToUint(abs(a)), floatBitsToUint(abs(b))));
}

#endif
