#version 450
// The multigrid restriction of pressure3d/mg_restrict_residual.comp (the coarse right-hand side is
// half the sum of the fine cells' residuals, the coarse correction starts at 0) from a fine level
// whose rows are a whole number of quads (nx % 4 == 0) and whose faces between cells are all open
// (no obstacle: the weight buffers are read only on the grid's sides). The coarse level's uniform
// block is bound.
//
// Each thread takes one fine quad and the two, one or none rows above it along y and z that its
// two coarse cells cover: per fine row of four cells, five vec4 loads (the quad, two along y, two
// along z), its right-hand side and the cells beside it along x, where the one-cell kernel issues
// eight scalar loads a fine cell. Each fine level of the sum keeps its order: rows along z, then
// y, then the two fine cells along x of each coarse cell.
#extension GL_EXT_control_flow_attributes : require
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer FinePressure { vec4 fineP[]; };
layout(set = 0, binding = 2) readonly buffer FineSource { vec4 fineSource[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };  // the fine level's weights
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) writeonly buffer CoarseRhs { vec2 coarseRhs[]; };
layout(set = 0, binding = 7) writeonly buffer CoarsePressure { vec2 coarsePressure[]; };
// The fine level's diagonal shift, read when grid.shifted (every level of a system has the same flag).
layout(set = 0, binding = 8) readonly buffer FineShift { vec4 fineShift[]; };
layout(push_constant) uniform Push { Transfer3Push pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure3d/quads.glsl"

vec4 quadAt(int q) { return q < 0 ? vec4(0.0) : fineP[q]; }

void main() {
    const ivec3 fine = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
    const ivec3 coarse = gridCells();
    const ivec3 quads = ivec3(fine.x / 4, fine.y, fine.z);
    // The thread's quad along x; its coarse rows along y and z.
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (id.x >= quads.x || id.y >= coarse.y || id.z >= coarse.z) return;
    // Every fine cell has an open face where the level has faces between cells.
    const bool everyCellOpen = any(greaterThan(fine, ivec3(1)));
    vec2 sum = vec2(0.0);
    [[unroll]] for (int k = 0; k < 2; ++k) {
        const int z = 2 * id.z + k;
        if (z >= fine.z) break;
        [[unroll]] for (int j = 0; j < 2; ++j) {
            const int y = 2 * id.y + j;
            if (y >= fine.y) break;
            const ivec3 c = ivec3(id.x, y, z);
            const int q = c.x + quads.x * (c.y + quads.y * c.z);
            const ivec3 corner = ivec3(4 * c.x, y, z);
            const QuadSideWeights sides = quadSideWeights(corner, fine);
            const QuadRow row = quadRow(c, quads);
            const vec4 centre = fineP[q];
            const vec4 south = quadAt(quadNeighbour(c, quads, 1, -1)), north = quadAt(quadNeighbour(c, quads, 1, 1));
            const vec4 below = quadAt(quadNeighbour(c, quads, 2, -1)), above = quadAt(quadNeighbour(c, quads, 2, 1));
            const float westValue = row.hasWest ? fineP[q + row.west].w : 0.0;
            const float eastValue = row.hasEast ? fineP[q + row.east].x : 0.0;
            const vec4 rhs = pc.rhsScale * fineSource[q];
            const vec4 shifts = grid.shifted != 0 ? fineShift[q] : vec4(0.0);
            const vec4 belowWeights = quadBelowWeights(corner, fine), aboveWeights = quadAboveWeights(corner, fine);
            [[unroll]] for (int lane = 0; lane < 4; ++lane) {
                const Weights3 w = quadLaneWeights(lane, sides, belowWeights, aboveWeights);
                const float residual = everyCellOpen || hasEquation(w, shifts[lane])
                    ? restrictedResidual3(w, quadLaneLo(lane, westValue, centre, south, below),
                                          quadLaneHi(lane, eastValue, centre, north, above), centre[lane], rhs[lane],
                                          shifts[lane])
                    : 0.0;
                sum[lane / 2] += residual;
            }
        }
    }
    const int pair = id.x + quads.x * (id.y + coarse.y * id.z);  // coarse cells 2 id.x, 2 id.x + 1 of the row
    coarseRhs[pair] = 0.5 * sum;
    coarsePressure[pair] = vec2(0.0);
}
