#version 450
// Conjugate gradient search direction and its image: d = z + beta * d_old (d = z on the first
// iteration, when d_old is not read), q = sum_f w_f (d_nb - d) (the pressure stencil applied to
// d; 0 on cells with no open face), and per workgroup (d . q, 0). Neighbours' d are computed from
// their z and d_old here rather than read back, saving a pass; d goes to a second buffer because
// neighbouring workgroups still read d_old.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer Z { float z[]; };
layout(set = 0, binding = 2) readonly buffer DOld { float dOld[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) writeonly buffer DNew { float dNew[]; };
layout(set = 0, binding = 6) writeonly buffer Q { float q[]; };
layout(set = 0, binding = 7) readonly buffer State { uint state[]; };
layout(set = 0, binding = 8) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "common/stencil_cells.glsl"
#include "pressure/cg_reduce.glsl"

float direction(int cell, float beta) {
    if (cell < 0) return 0.0;
    return pc.first != 0 ? z[cell] : z[cell] + beta * dOld[cell];
}

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    vec2 sums = vec2(0.0);
    if (id.x < grid.nx && id.y < grid.ny) {
        const float beta = stateFloat(BILLOW_CG_BETA);
        const int c = cellIndex(id.x, id.y);
        const vec4 w = faceWeights(id.x, id.y);
        const float d = direction(c, beta);
        float image = 0.0;
        if (w.x + w.y + w.z + w.w > 0.0) {
            const ivec4 nb = neighbourCells(id.x, id.y);
            const vec4 neighbours = vec4(direction(nb.x, beta), direction(nb.y, beta), direction(nb.z, beta),
                                         direction(nb.w, beta));
            image = dot(w, neighbours - d);
            sums.x = d * image;
        }
        dNew[c] = d;
        q[c] = image;
    }
    writeWorkgroupSum(sums);
}
