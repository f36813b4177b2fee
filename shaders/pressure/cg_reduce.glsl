// Workgroup sums for the conjugate gradient kernels: each workgroup adds its threads' vec2 values
// (common/workgroup_reduce.glsl: a fixed order, so the result is deterministic) and writes the sum
// to `partials` (declared by the including kernel) at its group index (x fastest, then y, then z:
// 2D and 3D grids alike); cg_scalars.comp adds those. Every thread of the workgroup must call it.
#include "common/workgroup_reduce.glsl"

void writeWorkgroupSum(vec2 value) {
    reduceWorkgroupSum(value);
    if (gl_LocalInvocationIndex == 0)
        partials[gl_WorkGroupID.x + gl_NumWorkGroups.x * (gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z)] =
            workgroupSumResult();
}

float stateFloat(int word) { return uintBitsToFloat(state[word]); }

