#version 450
// The face weights of level pc.level inside each brick from level pc.level - 1's (the dense
// pressure3d/mg_coarsen.comp's rule, pressure/mg_coarse_weight.glsl): a coarse face gets the mean
// open fraction of the (up to four) fine faces it covers, corrected on the domain's sides and next
// to half cells by coarseFaceWeight. A face on the brick's border towards a missing brick lies
// between a coarse cell and open air (p = 0 half a fine cell beyond the face, as at an outflow
// side): dirichletFaceWeight. A face shared with an allocated brick is computed by both from their
// own copies of the same fine faces, so both copies hold the same bits.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"

layout(set = 0, binding = 3) readonly buffer FineWX { float fineWX[]; };
layout(set = 0, binding = 4) readonly buffer FineWY { float fineWY[]; };
layout(set = 0, binding = 5) readonly buffer FineWZ { float fineWZ[]; };
layout(set = 0, binding = 6) writeonly buffer WX { float wx[]; };
layout(set = 0, binding = 7) writeonly buffer WY { float wy[]; };
layout(set = 0, binding = 8) writeonly buffer WZ { float wz[]; };
layout(std430, set = 0, binding = 9) readonly buffer Header { SparseTopologyHeader header; };
layout(push_constant) uniform Push { SparseMgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure/mg_coarse_weight.glsl"
#include "sparse3d/mg_level.glsl"

float fineWeight(int axis, uint slot, ivec3 local) {
    const int i = levelFace(pc.level - 1, axis, slot, local);
    return axis == 0 ? fineWX[i] : axis == 1 ? fineWY[i] : fineWZ[i];
}

// The weight of this brick's face `local` normal to `axis` on level pc.level.
float coarseWeight(int axis, ivec3 brick, uint slot, ivec3 local) {
    const int L = pc.level;
    const ivec3 origin = brick << levelBrickShift(L);
    const ivec3 face = origin + local;  // on the level's face grid
    const ivec3 n = levelCells(L), fine = levelCells(L - 1);
    const int a = (axis + 1) % 3, b = (axis + 2) % 3;
    if (face[axis] > n[axis] || face[a] >= n[a] || face[b] >= n[b]) return 0.0;  // beyond the domain
    ivec3 f = 2 * face;
    f[axis] = min(f[axis], fine[axis]);  // the last coarse face of an odd edge is the fine side's face
    float sum = 0.0;
    for (int db = 0; db < 2; ++db)
        for (int da = 0; da < 2; ++da) {
            ivec3 g = f;
            g[a] += da;
            g[b] += db;
            if (g[a] < fine[a] && g[b] < fine[b]) sum += fineWeight(axis, slot, g - 2 * origin);
        }
    const bool onSide = face[axis] == 0 || face[axis] == n[axis];
    if (!onSide && (local[axis] == 0 || local[axis] == levelEdge(L))) {
        ivec3 across = brick;
        across[axis] += local[axis] == 0 ? -1 : 1;
        if (brickSlot(across) == BILLOW_NO_BRICK) return dirichletFaceWeight(0.25 * sum);
    }
    const int side = face[axis] == 0 ? 2 * axis : 2 * axis + 1;
    return coarseFaceWeight(0.25 * sum, face[axis], n[axis], fine[axis], false, sideType3(side) == BILLOW_OUTFLOW);
}

BILLOW_BRICK_MAIN {
    // A brick's m^3 threads cover its (m + 1) m^2 faces along each axis in two rounds.
    if (!hasLevelBrick(pc.level)) return;
    const int m = levelEdge(pc.level);
    const ivec3 brick = levelBrick(pc.level);
    const uint slot = levelSlot(pc.level);
    const int first = int(brickThreadIndex()) % levelCellsPerBrick(pc.level);
    for (int t = first; t < (m + 1) * m * m; t += levelCellsPerBrick(pc.level))
        for (int axis = 0; axis < 3; ++axis) {
            const int ex = axis == 0 ? m + 1 : m, ey = axis == 1 ? m + 1 : m;
            const ivec3 local = ivec3(t % ex, (t / ex) % ey, t / (ex * ey));
            const float weight = coarseWeight(axis, brick, slot, local);
            const int i = levelFace(pc.level, axis, slot, local);
            if (axis == 0) wx[i] = weight;
            else if (axis == 1) wy[i] = weight;
            else wz[i] = weight;
        }
}
