#version 450
// Multigrid restriction of the fine level's residual onto the coarse level (whose grid is bound),
// in one pass: each coarse cell computes the residual r = rhs - sum_f w_f (p_nb - p) + s p of its
// (up to four) fine cells (s the fine diagonal shift; 0 on cells with no open face and no shift) and takes their sum as its right-hand side,
// matching a rediscretisation at twice the cell size (rhs scales with h^2); its correction
// starts at 0. rhs = rhsScale * source: the divergence on the finest level, the restricted
// residual (rhsScale 1) on coarser ones. Fine-level neighbours follow the pressure stencil's
// rules: 0 beyond outflow (and closed) sides, wrapped on periodic axes.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer FinePressure { float fineP[]; };
layout(set = 0, binding = 2) readonly buffer FineSource { float fineSource[]; };
layout(set = 0, binding = 3) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 4) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 5) writeonly buffer CoarseRhs { float coarseRhs[]; };
layout(set = 0, binding = 6) writeonly buffer CoarsePressure { float coarsePressure[]; };
// The fine level's diagonal shift, read when grid.shifted (every level of a system has the same flag).
layout(set = 0, binding = 7) readonly buffer FineShift { float fineShift[]; };
layout(push_constant) uniform Push { RestrictPush pc; };

float fineNeighbour(int i, int j) {
    bool outsideX = i < 0 || i >= pc.fineNx, outsideY = j < 0 || j >= pc.fineNy;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return fineP[wrapIndex(i, pc.fineNx) + wrapIndex(j, pc.fineNy) * pc.fineNx];
}

float fineResidual(int i, int j) {
    const int row = pc.fineNx + 1;
    vec4 w = vec4(fineOpenX[i + j * row], fineOpenX[i + 1 + j * row], fineOpenY[i + j * pc.fineNx],
                  fineOpenY[i + (j + 1) * pc.fineNx]);
    const int c = i + j * pc.fineNx;
    const float s = grid.shifted != 0 ? fineShift[c] : 0.0;
    if (!(w.x + w.y + w.z + w.w + s > 0.0)) return 0.0;
    vec4 neighbours = vec4(fineNeighbour(i - 1, j), fineNeighbour(i + 1, j), fineNeighbour(i, j - 1), fineNeighbour(i, j + 1));
    return pc.rhsScale * fineSource[c] - dot(w, neighbours - fineP[c]) + s * fineP[c];
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    float sum = 0.0;
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            ivec2 f = 2 * id + ivec2(a, b);
            if (f.x < pc.fineNx && f.y < pc.fineNy) sum += fineResidual(f.x, f.y);
        }
    coarseRhs[cellIndex(id.x, id.y)] = sum;
    coarsePressure[cellIndex(id.x, id.y)] = 0.0;
}
