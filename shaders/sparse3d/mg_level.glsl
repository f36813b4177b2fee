// The sparse pressure multigrid's levels inside the bricks (src/sparse3d/sparse3d_multigrid.hpp):
// level L has m = 8 >> L cells along each axis of a brick, stored like the finest level's pools
// (sparse3d/sparse3d_types.h) with m for 8: cells slot m^3 + x + m (y + m z), faces normal to an
// axis slot (m + 1) m^2 + x + ex (y + ey z) (ex = m + 1 for x-faces, ey = m + 1 for y-faces, else
// m). Level 0 is the pressure, divergence and open-fraction pools themselves. The virtual grid of
// level L has ceil(n / 2^L) cells along each axis (the dense multigrid's halving), so with every
// brick allocated each level is the dense level of the same size. Include after
// sparse3d/bricks.glsl and pressure3d/stencil3d.glsl.

int levelEdge(int level) { return BILLOW_BRICK >> level; }
int levelBrickShift(int level) { return BILLOW_BRICK_SHIFT - level; }
// Cells of the level's virtual grid along each axis.
ivec3 levelCells(int level) { return (gridCells() + ((1 << level) - 1)) >> level; }
bool insideLevel(int level, ivec3 c) { return all(greaterThanEqual(c, ivec3(0))) && all(lessThan(c, levelCells(level))); }

int levelCell(int level, uint slot, ivec3 local) {
    const int m = levelEdge(level);
    return int(slot) * m * m * m + local.x + m * (local.y + m * local.z);
}
int levelFace(int level, int axis, uint slot, ivec3 local) {
    const int m = levelEdge(level);
    const int ex = axis == 0 ? m + 1 : m, ey = axis == 1 ? m + 1 : m;
    return int(slot) * (m + 1) * m * m + local.x + ex * (local.y + ey * local.z);
}
#ifndef BILLOW_BRICK_LOCAL
// Level cell c (virtual coordinates) where it is stored, or -1 beyond the level's grid or in a
// missing brick (open air).
int levelStoredCell(int level, ivec3 c) {
    if (!insideLevel(level, c)) return -1;
    const uint slot = brickSlot(c >> levelBrickShift(level));
    return slot == BILLOW_NO_BRICK ? -1 : levelCell(level, slot, c & (levelEdge(level) - 1));
}
#endif

// The six face weights of the cell at `local` in the brick in `slot`, from its own brick's copies.
#define BILLOW_LEVEL_WEIGHTS(WX, WY, WZ, level, slot, l)                                                       \
    Weights3(vec3(WX[levelFace(level, 0, slot, l)], WY[levelFace(level, 1, slot, l)],                           \
                  WZ[levelFace(level, 2, slot, l)]),                                                           \
             vec3(WX[levelFace(level, 0, slot, (l) + ivec3(1, 0, 0))], WY[levelFace(level, 1, slot, (l) + ivec3(0, 1, 0))], \
                  WZ[levelFace(level, 2, slot, (l) + ivec3(0, 0, 1))]))

// The values at the six neighbours of level cell c, read by READ(virtual cell) (0 beyond the grid
// and in open air: the Dirichlet p = 0 there).
#define BILLOW_LEVEL_LO(READ, c) vec3(READ((c) - ivec3(1, 0, 0)), READ((c) - ivec3(0, 1, 0)), READ((c) - ivec3(0, 0, 1)))
#define BILLOW_LEVEL_HI(READ, c) vec3(READ((c) + ivec3(1, 0, 0)), READ((c) + ivec3(0, 1, 0)), READ((c) + ivec3(0, 0, 1)))

#ifdef BILLOW_BRICK_KERNEL
// The multigrid's brick kernels pack bricks into their 8 x 8 x 8 workgroups by level: 512 / m^3
// bricks a workgroup (1, 8, 64, 512 on levels 0 to 3), the body run once per cell, so that no thread of a
// coarse level idles. The dispatch has ceil(active bricks / that) workgroups (written by
// sparse3d/mg_gate_bricks.comp); the kernel declares the topology header `header` for the count.
int bricksPerGroup(int level) { return 1 << (3 * level); }
int levelCellsPerBrick(int level) { const int m = levelEdge(level); return m * m * m; }
// This thread's entry of the active list; the last workgroup may have threads without one.
int levelBrickIndex(int level) {
    return int(gl_WorkGroupID.x) * bricksPerGroup(level) + int(brickThreadIndex()) / levelCellsPerBrick(level);
}
bool hasLevelBrick(int level) { return uint(levelBrickIndex(level)) < header.activeCount; }
ivec3 levelBrick(int level) { return activeList[levelBrickIndex(level)].xyz; }
uint levelSlot(int level) { return uint(activeList[levelBrickIndex(level)].w); }
// This thread's cell in its brick, and on the level's virtual grid.
ivec3 levelLocal(int level) {
    const int m = levelEdge(level);
    const int i = int(brickThreadIndex()) % levelCellsPerBrick(level);
    return ivec3(i % m, (i / m) % m, i / (m * m));
}
ivec3 levelCellOfThread(int level) { return (levelBrick(level) << levelBrickShift(level)) + levelLocal(level); }
#endif
