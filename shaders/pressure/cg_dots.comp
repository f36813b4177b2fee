#version 450
// Conjugate gradient dot products after preconditioning, per workgroup: (r . z, z . q), the
// second only after the first iteration (q holds the last direction's image then).
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer R { float r[]; };
layout(set = 0, binding = 2) readonly buffer Z { float z[]; };
layout(set = 0, binding = 3) readonly buffer Q { float q[]; };
layout(set = 0, binding = 4) writeonly buffer Partials { vec2 partials[]; };
layout(set = 0, binding = 5) readonly buffer State { uint state[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure/cg_reduce.glsl"

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    vec2 sums = vec2(0.0);
    if (id.x < grid.nx && id.y < grid.ny) {
        const int c = cellIndex(id.x, id.y);
        sums = vec2(r[c] * z[c], pc.first != 0 ? 0.0 : z[c] * q[c]);
    }
    writeWorkgroupSum(sums);
}
