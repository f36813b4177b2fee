#version 450
// Multigrid restriction of the fine level's residual onto the coarse level (whose uniform block is
// bound), in one pass: each coarse cell computes the residual r = rhs - sum_f w_f (p_nb - p) + s p
// of its (up to eight) fine cells (s the fine diagonal shift; 0 on cells with no equation) and its
// correction starts at 0.
//
// Its right-hand side is HALF the sum of those residuals. The equation of every level is
// sum_f w_f (p_nb - p) = rhs with w_f the face's open fraction (pressure3d/mg_coarsen.comp averages
// them), which for a smooth p is h^2 times its Laplacian on a level of cell size h: a coarse cell
// (twice the size) must then get (2h)^2 times the mean Laplacian of its eight fine cells, that is
// 4 times the mean of their residuals, 1/2 their sum. (In 2D, 4 times the mean of four is the sum.)
// rhs = rhsScale * source: the system's right-hand side on the finest level, the restricted
// residual (rhsScale 1) on coarser ones.
// Variant 1 (kInteriorOpen): the fine level's faces between cells are all open, and only its sides'
// weights are read (pressure3d/rbsor.comp).
#define BILLOW_KERNEL_VARIANTS 2
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer FinePressure { float fineP[]; };
layout(set = 0, binding = 2) readonly buffer FineSource { float fineSource[]; };
layout(set = 0, binding = 3) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 4) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 5) readonly buffer FineOpenZ { float fineOpenZ[]; };
layout(set = 0, binding = 6) writeonly buffer CoarseRhs { float coarseRhs[]; };
layout(set = 0, binding = 7) writeonly buffer CoarsePressure { float coarsePressure[]; };
// The fine level's diagonal shift, read when grid.shifted (every level of a system has the same flag).
layout(set = 0, binding = 8) readonly buffer FineShift { float fineShift[]; };
layout(push_constant) uniform Push { Transfer3Push pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"

float finePressureAt(int cell) { return cell < 0 ? 0.0 : fineP[cell]; }

float fineResidual(ivec3 f, ivec3 fine) {
    const Weights3 w = BILLOW_LEVEL_WEIGHTS3(kInteriorOpen != 0, fineOpenX, fineOpenY, fineOpenZ, f, fine);
    const int c = cellAt3(f, fine);
    const float s = BILLOW_SHIFT3(fineShift, c);
    if (!hasEquation(w, s)) return 0.0;
    const Neighbours3 nb = neighbours3(f, fine);
    return restrictedResidual3(w, BILLOW_GATHER3(finePressureAt, nb.lo), BILLOW_GATHER3(finePressureAt, nb.hi), fineP[c],
                               pc.rhsScale * fineSource[c], s);
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    const ivec3 fine = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
    float sum = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const ivec3 f = 2 * id + ivec3(i, j, k);
                if (all(lessThan(f, fine))) sum += fineResidual(f, fine);
            }
    const int c = cellAt3(id, gridCells());
    coarseRhs[c] = 0.5 * sum;
    coarsePressure[c] = 0.0;
}
