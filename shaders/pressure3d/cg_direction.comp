#version 450
// Conjugate gradient search direction and its image on the 3D grid (pressure/cg_direction.comp's
// step): d = z + beta d_old (d = z on the first iteration, when d_old is not read),
// q = sum_f w_f (d_nb - d) (0 on cells with no open face), and per workgroup (d . q, 0). The
// neighbours' d are computed from their z and d_old here rather than read back, saving a pass; d
// goes to a second buffer because neighbouring workgroups still read d_old.
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer Z { float z[]; };
layout(set = 0, binding = 2) readonly buffer DOld { float dOld[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) writeonly buffer DNew { float dNew[]; };
layout(set = 0, binding = 7) writeonly buffer Q { float q[]; };
layout(set = 0, binding = 8) readonly buffer State { uint state[]; };
layout(set = 0, binding = 9) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure3d/cg_reduce.glsl"

float beta;
float direction(int cell) {
    if (cell < 0) return 0.0;
    return pc.first != 0 ? z[cell] : z[cell] + beta * dOld[cell];
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    vec2 sums = vec2(0.0);
    if (insideCells3(id)) {
        beta = stateFloat(BILLOW_CG_BETA);
        const int c = cellAt3(id, n);
        const Weights3 w = BILLOW_WEIGHTS3(openX, openY, openZ, id, n);
        const float d = direction(c);
        float image = 0.0;
        if (hasOpenFace(w)) {
            const Neighbours3 nb = neighbours3(id, n);
            image = applyStencil3(w, BILLOW_GATHER3(direction, nb.lo), BILLOW_GATHER3(direction, nb.hi), d);
            sums.x = d * image;
        }
        dNew[c] = d;
        q[c] = image;
    }
    writeWorkgroupSum(sums);
}
