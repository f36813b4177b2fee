#version 450
// Restriction from level pc.level - 1 to level pc.level inside each brick (the dense
// pressure3d/mg_restrict_residual.comp's rule): a coarse cell's right-hand side is half the sum of
// its (up to eight) fine cells' residuals (restrictedResidual3), its correction starts at 0. The
// fine cells of a coarse cell lie in the same brick; their neighbours may not.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"

layout(set = 0, binding = 3) readonly buffer FineP { float fineP[]; };
layout(set = 0, binding = 4) readonly buffer FineRhs { float fineRhs[]; };
layout(set = 0, binding = 5) readonly buffer FineWX { float fineWX[]; };
layout(set = 0, binding = 6) readonly buffer FineWY { float fineWY[]; };
layout(set = 0, binding = 7) readonly buffer FineWZ { float fineWZ[]; };
layout(set = 0, binding = 8) writeonly buffer CoarseRhs { float coarseRhs[]; };
layout(set = 0, binding = 9) writeonly buffer CoarseP { float coarseP[]; };
layout(std430, set = 0, binding = 10) readonly buffer Header { SparseTopologyHeader header; };
layout(push_constant) uniform Push { SparseMgPush pc; };  // rhsScale: the fine level's

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

float fineValueAt(ivec3 c) {
    const int i = levelStoredCell(pc.level - 1, c);
    return i < 0 ? 0.0 : fineP[i];
}

float fineResidual(uint slot, ivec3 local, ivec3 c) {
    const int fine = pc.level - 1;
    if (!insideLevel(fine, c)) return 0.0;
    const Weights3 w = BILLOW_LEVEL_WEIGHTS(fineWX, fineWY, fineWZ, fine, slot, local);
    if (!hasOpenFace(w)) return 0.0;
    const int i = levelCell(fine, slot, local);
    return restrictedResidual3(w, BILLOW_LEVEL_LO(fineValueAt, c), BILLOW_LEVEL_HI(fineValueAt, c), fineP[i],
                               pc.rhsScale * fineRhs[i], 0.0);
}

BILLOW_BRICK_MAIN {
    if (!hasLevelBrick(pc.level)) return;
    const ivec3 c = levelCellOfThread(pc.level);
    const uint slot = levelSlot(pc.level);
    const ivec3 local = levelLocal(pc.level);
    float sum = 0.0;
    if (insideLevel(pc.level, c))
        for (int k = 0; k < 2; ++k)
            for (int j = 0; j < 2; ++j)
                for (int i = 0; i < 2; ++i)
                    sum += fineResidual(slot, 2 * local + ivec3(i, j, k), 2 * c + ivec3(i, j, k));
    const int i = levelCell(pc.level, slot, local);
    coarseRhs[i] = 0.5 * sum;
    coarseP[i] = 0.0;
}
