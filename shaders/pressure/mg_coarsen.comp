#version 450
// Multigrid: the coarse level's face weights (its grid is bound) from the fine level's: a coarse
// face covers up to two fine faces and gets their mean open fraction (a missing one, past an odd
// edge, counts as closed, since the coarse cell there is only half covered).
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 2) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 3) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) writeonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { LevelPush pc; };

// Beyond an outflow side p = 0 at the ghost cell's centre, half a cell beyond the side on the
// finest level. A face weight w between a cell and that ghost stands for a distance h / w from the
// cell's centre to where p = 0. A coarse cell's centre lies half a fine cell farther from the side
// than its fine cells', so keeping the p = 0 point where the finest level has it needs
// h_c / (h_f / w_f + h_f / 2) = 4 w_f / (2 + w_f): 4/3 on the first coarse level, 1.6 on the
// second, towards 2. Plain averaging (w = 1 everywhere) moves the point outwards on each level,
// and the coarse corrections then miss the smooth error near the side: measured, the V-cycle
// then cut the residual by only 0.5 per cycle with an outflow side.
float outflowWeight(int side, float fineWeight) {
    if (grid.sideType[side] != BILLOW_OUTFLOW) return fineWeight;
    return 4.0 * fineWeight / (2.0 + fineWeight);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsXFace(id)) {
        int fi = min(2 * id.x, pc.fineNx);
        float sum = 0.0;
        for (int b = 0; b < 2; ++b)
            if (2 * id.y + b < pc.fineNy) sum += fineOpenX[fi + (2 * id.y + b) * (pc.fineNx + 1)];
        float w = 0.5 * sum;
        if (id.x == 0 || id.x == grid.nx) w = outflowWeight(id.x == 0 ? BILLOW_LEFT : BILLOW_RIGHT, w);
        openX[xFaceIndex(id.x, id.y)] = w;
    }
    if (ownsYFace(id)) {
        int fj = min(2 * id.y, pc.fineNy);
        float sum = 0.0;
        for (int a = 0; a < 2; ++a)
            if (2 * id.x + a < pc.fineNx) sum += fineOpenY[(2 * id.x + a) + fj * pc.fineNx];
        float w = 0.5 * sum;
        if (id.y == 0 || id.y == grid.ny) w = outflowWeight(id.y == 0 ? BILLOW_BOTTOM : BILLOW_TOP, w);
        openY[yFaceIndex(id.x, id.y)] = w;
    }
}
