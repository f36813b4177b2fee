#version 450
// Conjugate gradient dot products after preconditioning on the 3D grid, per workgroup: (r . z,
// z . q), the second only after the first iteration (q holds the last direction's image then).
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer R { float r[]; };
layout(set = 0, binding = 2) readonly buffer Z { float z[]; };
layout(set = 0, binding = 3) readonly buffer Q { float q[]; };
layout(set = 0, binding = 4) writeonly buffer Partials { vec2 partials[]; };
layout(set = 0, binding = 5) readonly buffer State { uint state[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure3d/cg_reduce.glsl"

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    vec2 sums = vec2(0.0);
    if (insideCells3(id)) {
        const int c = cellIndex3(id);
        sums = vec2(r[c] * z[c], pc.first != 0 ? 0.0 : z[c] * q[c]);
    }
    writeWorkgroupSum(sums);
}
