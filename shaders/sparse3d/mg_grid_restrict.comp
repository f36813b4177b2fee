#version 450
// Restriction from the one-cell-per-brick level to the first level across the brick grid
// (sparse3d/mg_grid_coarsen.comp): a coarse cell's right-hand side is half the sum of the residuals
// of its (up to eight) allocated bricks' cells, its correction starts at 0. One thread per coarse
// cell; binds the domain's uniform block.
#define BILLOW_OWN_WORKGROUP_SIZE
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"
layout(local_size_x = BILLOW_GROUP3_X, local_size_y = BILLOW_GROUP3_Y, local_size_z = BILLOW_GROUP3_Z) in;

layout(set = 0, binding = 2) readonly buffer FineP { float fineP[]; };
layout(set = 0, binding = 3) readonly buffer FineRhs { float fineRhs[]; };
layout(set = 0, binding = 4) readonly buffer FineWX { float fineWX[]; };
layout(set = 0, binding = 5) readonly buffer FineWY { float fineWY[]; };
layout(set = 0, binding = 6) readonly buffer FineWZ { float fineWZ[]; };
layout(set = 0, binding = 7) writeonly buffer CoarseRhs { float coarseRhs[]; };
layout(set = 0, binding = 8) writeonly buffer CoarseP { float coarseP[]; };

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

const int kBrickLevel = BILLOW_MG_BRICK_LEVELS - 1;

float fineValueAt(ivec3 b) {
    const int i = levelStoredCell(kBrickLevel, b);
    return i < 0 ? 0.0 : fineP[i];
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = levelCells(kBrickLevel + 1);
    if (!all(lessThan(id, n))) return;
    float sum = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const ivec3 b = 2 * id + ivec3(i, j, k);
                const uint slot = brickSlot(b);
                if (slot == BILLOW_NO_BRICK) continue;
                const Weights3 w = BILLOW_LEVEL_WEIGHTS(fineWX, fineWY, fineWZ, kBrickLevel, slot, ivec3(0));
                if (!hasOpenFace(w)) continue;
                const int c = levelCell(kBrickLevel, slot, ivec3(0));
                sum += restrictedResidual3(w, BILLOW_LEVEL_LO(fineValueAt, b), BILLOW_LEVEL_HI(fineValueAt, b), fineP[c],
                                           fineRhs[c], 0.0);
            }
    const int c = cellAt3(id, n);
    coarseRhs[c] = 0.5 * sum;
    coarseP[c] = 0.0;
}
