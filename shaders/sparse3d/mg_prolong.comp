#version 450
// Prolongation from level pc.level to level pc.level - 1 inside the bricks: each fine cell with an
// open face adds the coarse correction interpolated trilinearly (pressure3d/prolong_rule.glsl),
// with the dense rules for the coarse neighbours: beyond a side of the domain, or in a missing
// brick (open air, p = 0), the ghost value (1 - w) parent, w the parent's face towards it; a
// coarse cell with no open face takes the parent's value.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"

layout(set = 0, binding = 3) buffer FineP { float fineP[]; };
layout(set = 0, binding = 4) readonly buffer CoarseP { float coarseP[]; };
layout(set = 0, binding = 5) readonly buffer FineWX { float fineWX[]; };
layout(set = 0, binding = 6) readonly buffer FineWY { float fineWY[]; };
layout(set = 0, binding = 7) readonly buffer FineWZ { float fineWZ[]; };
layout(set = 0, binding = 8) readonly buffer CoarseWX { float coarseWX[]; };
layout(set = 0, binding = 9) readonly buffer CoarseWY { float coarseWY[]; };
layout(set = 0, binding = 10) readonly buffer CoarseWZ { float coarseWZ[]; };
layout(std430, set = 0, binding = 11) readonly buffer Header { SparseTopologyHeader header; };
layout(push_constant) uniform Push { SparseMgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

// This thread's brick (its fine cell's and its parent's) and slot, set by main.
ivec3 parentBrick;
uint parentSlot;

float coarseWeight(int axis, uint slot, ivec3 local) {
    const int i = levelFace(pc.level, axis, slot, local);
    return axis == 0 ? coarseWX[i] : axis == 1 ? coarseWY[i] : coarseWZ[i];
}

// The coarse correction at coarse cell c next to the fine cell's parent (in this brick).
float coarseCorrectionAt(ivec3 c, ivec3 parent, float parentValue) {
    const int L = pc.level;
    const ivec3 parentLocal = parent - (parentBrick << levelBrickShift(L));
    const ivec3 n = levelCells(L);
    for (int axis = 0; axis < 3; ++axis) {
        if (c[axis] >= 0 && c[axis] < n[axis]) continue;
        ivec3 face = parentLocal;
        if (c[axis] > parent[axis]) face[axis] += 1;
        return ghostCorrection3(coarseWeight(axis, parentSlot, face), parentValue);
    }
    const ivec3 brick = c >> levelBrickShift(L);
    const uint slot = brickSlot(brick);
    if (slot == BILLOW_NO_BRICK) {
        // Open air: through the parent brick's border face on the first axis the brick changes.
        for (int axis = 0; axis < 3; ++axis) {
            if (brick[axis] == parentBrick[axis]) continue;
            ivec3 face = parentLocal;
            if (c[axis] > parent[axis]) face[axis] += 1;
            return ghostCorrection3(coarseWeight(axis, parentSlot, face), parentValue);
        }
    }
    const ivec3 local = c & (levelEdge(L) - 1);
    const Weights3 w = BILLOW_LEVEL_WEIGHTS(coarseWX, coarseWY, coarseWZ, L, slot, local);
    if (!hasOpenFace(w)) return parentValue;
    return coarseP[levelCell(L, slot, local)];
}

#include "pressure3d/prolong_rule.glsl"

BILLOW_BRICK_MAIN {
    const int fine = pc.level - 1;
    if (!hasLevelBrick(fine)) return;
    const ivec3 c = levelCellOfThread(fine);
    if (!insideLevel(fine, c)) return;
    parentBrick = levelBrick(fine);
    parentSlot = levelSlot(fine);
    const ivec3 local = levelLocal(fine);
    if (!hasOpenFace(BILLOW_LEVEL_WEIGHTS(fineWX, fineWY, fineWZ, fine, parentSlot, local))) return;
    const float parentValue = coarseP[levelCell(pc.level, parentSlot, local / 2)];
    fineP[levelCell(fine, parentSlot, local)] += trilinearCorrection3(c, parentValue);
}
