#version 450
// Multigrid: the coarse level's face weights (its grid is bound) from the fine level's: a coarse
// face covers up to two fine faces and gets their mean open fraction (a missing one, past an odd
// edge, counts as closed, since the coarse cell there is only half covered).
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 2) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 3) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) writeonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { LevelPush pc; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsUFace(id)) {
        int fi = min(2 * id.x, pc.fineNx);
        float sum = 0.0;
        for (int b = 0; b < 2; ++b)
            if (2 * id.y + b < pc.fineNy) sum += fineOpenX[fi + (2 * id.y + b) * (pc.fineNx + 1)];
        openX[uIndex(id.x, id.y)] = 0.5 * sum;
    }
    if (ownsVFace(id)) {
        int fj = min(2 * id.y, pc.fineNy);
        float sum = 0.0;
        for (int a = 0; a < 2; ++a)
            if (2 * id.x + a < pc.fineNx) sum += fineOpenY[(2 * id.x + a) + fj * pc.fineNx];
        openY[vIndex(id.x, id.y)] = 0.5 * sum;
    }
}
