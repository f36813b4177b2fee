#version 450
// Prolongation from the first level across the brick grid to the one-cell-per-brick level: each
// allocated brick adds its parent's correction (constant over the 2 x 2 x 2 bricks it covers, the
// transpose of the cell-sum restriction).
#define BILLOW_BRICK_KERNEL
#define BILLOW_BRICK_LOCAL
layout(std430, set = 0, binding = 1) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"

layout(set = 0, binding = 2) buffer FineP { float fineP[]; };
layout(set = 0, binding = 3) readonly buffer CoarseP { float coarseP[]; };
layout(std430, set = 0, binding = 4) readonly buffer Header { SparseTopologyHeader header; };

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

BILLOW_BRICK_MAIN {
    const int kBrickLevel = BILLOW_MG_BRICK_LEVELS - 1;  // 512 bricks a workgroup, one thread each
    if (!hasLevelBrick(kBrickLevel)) return;
    fineP[levelCell(kBrickLevel, levelSlot(kBrickLevel), ivec3(0))] +=
        coarseP[cellAt3(levelBrick(kBrickLevel) / 2, levelCells(kBrickLevel + 1))];
}
