#version 450
// Multigrid restriction onto the coarse level (whose grid is bound): each coarse cell's right-hand
// side is the sum of its (up to four) fine cells' residuals, matching a rediscretisation at twice
// the cell size (rhs scales with h^2); its correction starts at 0.
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer FineResidual { float fineResidual[]; };
layout(set = 0, binding = 2) writeonly buffer CoarseRhs { float coarseRhs[]; };
layout(set = 0, binding = 3) writeonly buffer CoarsePressure { float coarsePressure[]; };
layout(push_constant) uniform Push { LevelPush pc; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    float sum = 0.0;
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            ivec2 f = 2 * id + ivec2(a, b);
            if (f.x < pc.fineNx && f.y < pc.fineNy) sum += fineResidual[f.x + f.y * pc.fineNx];
        }
    coarseRhs[cellIndex(id.x, id.y)] = sum;
    coarsePressure[cellIndex(id.x, id.y)] = 0.0;
}
