#version 450
// Multigrid prolongation onto the fine level (whose grid is bound): each fine cell with an open
// face adds the coarse correction interpolated bilinearly at its centre (weights 9/16, 3/16, 3/16,
// 1/16 from its parent and the parent's neighbours towards it). Periodic sides wrap; an obstacle
// neighbour takes the parent's value (zero gradient). Beyond other sides the neighbour continues
// the correction linearly to where it is 0: a boundary face of weight w puts that point h / w from
// the parent's centre (see mg_coarse_weight.glsl), which makes the ghost value (1 - w) * parent. Closed
// sides (w = 0) give zero gradient; outflow sides give -parent / 3 on the first coarse level, as
// the finest level has p = 0 half a fine cell beyond the side.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) buffer FinePressure { float finePressure[]; };
layout(set = 0, binding = 2) readonly buffer CoarsePressure { float coarsePressure[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer CoarseOpenX { float coarseOpenX[]; };
layout(set = 0, binding = 6) readonly buffer CoarseOpenY { float coarseOpenY[]; };
layout(push_constant) uniform Push { LevelPush pc; };

bool coarseCellOpen(int i, int j) {
    int nx = pc.coarseNx;
    return coarseOpenX[i + j * (nx + 1)] + coarseOpenX[i + 1 + j * (nx + 1)] + coarseOpenY[i + j * nx] +
           coarseOpenY[i + (j + 1) * nx] > 0.0;
}

// The weight of the coarse boundary face on `side` next to coarse cell `cell`.
float boundaryWeight(int side, ivec2 cell) {
    int nx = pc.coarseNx;
    if (side == BILLOW_LEFT) return coarseOpenX[cell.y * (nx + 1)];
    if (side == BILLOW_RIGHT) return coarseOpenX[nx + cell.y * (nx + 1)];
    if (side == BILLOW_BOTTOM) return coarseOpenY[cell.x];
    return coarseOpenY[cell.x + pc.coarseNy * nx];
}

// The coarse correction at coarse cell (i, j), which may lie one cell beyond a side, next to the
// fine cell's parent `cell` whose correction is `parent`.
float coarseAt(int i, int j, float parent, ivec2 cell) {
    int side = -1;
    if (i < 0 || i >= pc.coarseNx) {
        if (periodicX()) i = wrapIndex(i, pc.coarseNx); else side = i < 0 ? BILLOW_LEFT : BILLOW_RIGHT;
    }
    if (j < 0 || j >= pc.coarseNy) {
        if (periodicY()) j = wrapIndex(j, pc.coarseNy); else if (side < 0) side = j < 0 ? BILLOW_BOTTOM : BILLOW_TOP;
    }
    if (side >= 0) return (1.0 - boundaryWeight(side, cell)) * parent;
    if (!coarseCellOpen(i, j)) return parent;
    return coarsePressure[i + j * pc.coarseNx];
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    float open = openX[xFaceIndex(id.x, id.y)] + openX[xFaceIndex(id.x + 1, id.y)] + openY[yFaceIndex(id.x, id.y)] +
                 openY[yFaceIndex(id.x, id.y + 1)];
    if (!(open > 0.0)) return;
    ivec2 parent = id / 2;
    // Towards the fine cell's side of its parent; a parent covering a single fine cell (odd edge)
    // has its centre there, so its neighbour on the far side is used with the same weights.
    ivec2 toward = ivec2((id.x & 1) == 1 ? 1 : -1, (id.y & 1) == 1 ? 1 : -1);
    float p = coarsePressure[parent.x + parent.y * pc.coarseNx];
    float value = 0.5625 * p + 0.1875 * coarseAt(parent.x + toward.x, parent.y, p, parent) +
                  0.1875 * coarseAt(parent.x, parent.y + toward.y, p, parent) +
                  0.0625 * coarseAt(parent.x + toward.x, parent.y + toward.y, p, parent);
    finePressure[cellIndex(id.x, id.y)] += value;
}
