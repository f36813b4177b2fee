#version 450
// Multigrid: the coarse level's face weights (its grid is bound) from the fine level's: a coarse
// face covers up to two fine faces; their mean open fraction becomes the coarse weight by the rule
// of mg_coarse_weight.glsl (shared with 3D), which keeps each coarse unknown at its cell's centre
// and the outflow sides' p = 0 where the finest level has it. A shifted system's coarse diagonal
// shift is the sum of the (up to four) fine shifts it covers: the shift term s p integrated over
// the coarse cell, restricted like the residual (mg_restrict_residual.comp sums, too).
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 2) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 3) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer FineShift { float fineShift[]; };  // read and
layout(set = 0, binding = 6) writeonly buffer Shift { float shift[]; };          // written when grid.shifted
layout(push_constant) uniform Push { LevelPush pc; };

#include "pressure/mg_coarse_weight.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (grid.shifted != 0 && id.x < grid.nx && id.y < grid.ny) {
        float sum = 0.0;
        for (int b = 0; b < 2; ++b)
            for (int a = 0; a < 2; ++a) {
                ivec2 f = 2 * id + ivec2(a, b);
                if (f.x < pc.fineNx && f.y < pc.fineNy) sum += fineShift[f.x + f.y * pc.fineNx];
            }
        shift[cellIndex(id.x, id.y)] = sum;
    }
    if (ownsXFace(id)) {
        int fi = min(2 * id.x, pc.fineNx);
        float sum = 0.0;
        for (int b = 0; b < 2; ++b)
            if (2 * id.y + b < pc.fineNy) sum += fineOpenX[fi + (2 * id.y + b) * (pc.fineNx + 1)];
        const int side = id.x == 0 ? BILLOW_LEFT : BILLOW_RIGHT;
        openX[xFaceIndex(id.x, id.y)] = coarseFaceWeight(0.5 * sum, id.x, grid.nx, pc.fineNx,
                                                         periodicX(),
                                                         grid.sideType[side] == BILLOW_OUTFLOW);
    }
    if (ownsYFace(id)) {
        int fj = min(2 * id.y, pc.fineNy);
        float sum = 0.0;
        for (int a = 0; a < 2; ++a)
            if (2 * id.x + a < pc.fineNx) sum += fineOpenY[(2 * id.x + a) + fj * pc.fineNx];
        const int side = id.y == 0 ? BILLOW_BOTTOM : BILLOW_TOP;
        openY[yFaceIndex(id.x, id.y)] = coarseFaceWeight(0.5 * sum, id.y, grid.ny, pc.fineNy,
                                                         periodicY(),
                                                         grid.sideType[side] == BILLOW_OUTFLOW);
    }
}
