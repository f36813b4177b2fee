#version 450
// The first level across the brick grid (sparse3d_multigrid.hpp: a dense grid of ceil(n / 16)
// cells a side, each covering 2 x 2 x 2 bricks) from the last level inside the bricks (one cell per
// brick): its face weights and diagonal shift. The grid has no open air of its own: a face of the
// one-cell-per-brick level towards a missing brick (Dirichlet p = 0 beyond it) becomes a diagonal
// shift of its cell, -w p (the same term in that level's equation), and the shifts are restricted
// like the residual, half their sum (the dense coarsening of a shifted system,
// pressure3d/mg_coarsen.comp). Coarse faces get the mean of the fine faces between allocated
// bricks (and of the domain's sides next to allocated bricks), corrected by coarseFaceWeight. One
// thread per point of the union of the three face grids; binds the domain's uniform block.
#define BILLOW_OWN_WORKGROUP_SIZE
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"
layout(local_size_x = BILLOW_GROUP3_X, local_size_y = BILLOW_GROUP3_Y, local_size_z = BILLOW_GROUP3_Z) in;

layout(set = 0, binding = 2) readonly buffer FineWX { float fineWX[]; };
layout(set = 0, binding = 3) readonly buffer FineWY { float fineWY[]; };
layout(set = 0, binding = 4) readonly buffer FineWZ { float fineWZ[]; };
layout(set = 0, binding = 5) writeonly buffer WX { float wx[]; };
layout(set = 0, binding = 6) writeonly buffer WY { float wy[]; };
layout(set = 0, binding = 7) writeonly buffer WZ { float wz[]; };
layout(set = 0, binding = 8) writeonly buffer Shift { float shift[]; };
layout(push_constant) uniform Push { SparseMgPush pc; };  // level: the one-cell-per-brick level

#include "pressure3d/stencil3d.glsl"
#include "pressure/mg_coarse_weight.glsl"
#include "sparse3d/mg_level.glsl"

#define kBrickLevel pc.level

// Face `layer` (0 its low side, 1 its high side) normal to `axis` of the brick in `slot`.
float brickFace(int axis, uint slot, int layer) {
    ivec3 local = ivec3(0);
    local[axis] = layer;
    const int i = levelFace(kBrickLevel, axis, slot, local);
    return axis == 0 ? fineWX[i] : axis == 1 ? fineWY[i] : fineWZ[i];
}

// The brick-level face g normal to `axis` as this grid sees it: between two allocated bricks, or
// on a side of the domain next to one, its weight; towards open air (in the shift) or between
// missing bricks, 0.
float brickLevelFace(int axis, ivec3 g, ivec3 n3) {
    ivec3 below = g;
    below[axis] -= 1;
    const uint hi = brickSlot(g), lo = brickSlot(below);
    if (g[axis] == 0) return hi == BILLOW_NO_BRICK ? 0.0 : brickFace(axis, hi, 0);
    if (g[axis] == n3[axis]) return lo == BILLOW_NO_BRICK ? 0.0 : brickFace(axis, lo, 1);
    return hi == BILLOW_NO_BRICK || lo == BILLOW_NO_BRICK ? 0.0 : brickFace(axis, hi, 0);
}

// The brick's faces towards missing bricks inside the brick grid: its diagonal shift.
float brickShift(ivec3 b, uint slot) {
    float s = 0.0;
    for (int axis = 0; axis < 3; ++axis)
        for (int layer = 0; layer < 2; ++layer) {
            ivec3 across = b;
            across[axis] += layer == 0 ? -1 : 1;
            if (insideBrickGrid(across) && brickSlot(across) == BILLOW_NO_BRICK) s += brickFace(axis, slot, layer);
        }
    return s;
}

float coarseWeight(int axis, ivec3 id, ivec3 n, ivec3 fine) {
    const int a = (axis + 1) % 3, b = (axis + 2) % 3;
    ivec3 f = 2 * id;
    f[axis] = min(f[axis], fine[axis]);
    float sum = 0.0;
    for (int db = 0; db < 2; ++db)
        for (int da = 0; da < 2; ++da) {
            ivec3 g = f;
            g[a] += da;
            g[b] += db;
            if (g[a] < fine[a] && g[b] < fine[b]) sum += brickLevelFace(axis, g, fine);
        }
    const int side = id[axis] == 0 ? 2 * axis : 2 * axis + 1;
    return coarseFaceWeight(0.25 * sum, id[axis], n[axis], fine[axis], false, sideType3(side) == BILLOW_OUTFLOW);
}

bool levelOwnsFace(int axis, ivec3 id, ivec3 n) {
    ivec3 faces = n;
    faces[axis] += 1;
    return all(greaterThanEqual(id, ivec3(0))) && all(lessThan(id, faces));
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = levelCells(kBrickLevel + 1), fine = levelCells(kBrickLevel);
    if (levelOwnsFace(0, id, n)) wx[faceAt3(0, id, n)] = coarseWeight(0, id, n, fine);
    if (levelOwnsFace(1, id, n)) wy[faceAt3(1, id, n)] = coarseWeight(1, id, n, fine);
    if (levelOwnsFace(2, id, n)) wz[faceAt3(2, id, n)] = coarseWeight(2, id, n, fine);
    if (!all(lessThan(id, n))) return;
    float sum = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const ivec3 b = 2 * id + ivec3(i, j, k);
                const uint slot = brickSlot(b);
                if (slot != BILLOW_NO_BRICK) sum += brickShift(b, slot);
            }
    shift[cellAt3(id, n)] = 0.5 * sum;
}
