// Sparse addressing without the solver's bindings (layout: sparse3d/sparse3d_types.h): where a
// cell or face of the virtual domain is stored. sparse3d/bricks.glsl includes it for the solver's
// kernels; readers with bindings of their own (the volume renderer) include it directly.
//
// The includer defines `ivec3 gridCells()` (the virtual domain's cells) and declares
//   layout(std430, binding = B) readonly buffer BrickMap { uint brickMap[]; };
// before including this file (unless it defines BILLOW_BRICK_LOCAL: sparse3d/bricks.glsl).
#ifndef BILLOW_BRICK_MAP_GLSL
#define BILLOW_BRICK_MAP_GLSL
#include "sparse3d/sparse3d_types.h"

// Bricks along each axis of the virtual domain (the last may be partly outside it).
ivec3 brickGrid() { return (gridCells() + (BILLOW_BRICK - 1)) >> BILLOW_BRICK_SHIFT; }
bool insideBrickGrid(ivec3 b) { return all(greaterThanEqual(b, ivec3(0))) && all(lessThan(b, brickGrid())); }
int brickMapIndex(ivec3 b) { ivec3 n = brickGrid(); return b.x + n.x * (b.y + n.y * b.z); }
#ifndef BILLOW_BRICK_LOCAL
// The slot of brick b, or BILLOW_NO_BRICK (missing, or outside the brick grid).
uint brickSlot(ivec3 b) { return insideBrickGrid(b) ? brickMap[brickMapIndex(b)] : BILLOW_NO_BRICK; }
#endif

int cellInBrick(uint slot, ivec3 local) {
    return int(slot) * BILLOW_BRICK_CELLS + local.x + BILLOW_BRICK * (local.y + BILLOW_BRICK * local.z);
}
// Face `local` (local[axis] in 0..8, the others in 0..7) of the brick in `slot`, faces normal to `axis`.
int faceInBrick(int axis, uint slot, ivec3 local) {
    int ex = axis == 0 ? BILLOW_BRICK + 1 : BILLOW_BRICK;
    int ey = axis == 1 ? BILLOW_BRICK + 1 : BILLOW_BRICK;
    return int(slot) * BILLOW_BRICK_FACES + local.x + ex * (local.y + ey * local.z);
}

#ifndef BILLOW_BRICK_LOCAL
// The stored cell c of the virtual domain (inside it), or -1 when its brick is missing.
int storedCell(ivec3 c) {
    uint slot = brickSlot(c >> BILLOW_BRICK_SHIFT);
    return slot == BILLOW_NO_BRICK ? -1 : cellInBrick(slot, c & (BILLOW_BRICK - 1));
}
// The canonical copy of face f normal to `axis` (a face of the virtual domain's face grid): the
// brick holding cell f (its layer f mod 8), else the brick below along `axis` (its layer 8) when
// f lies on their shared side; -1 when neither is allocated.
int storedFace(int axis, ivec3 f) {
    ivec3 b = f >> BILLOW_BRICK_SHIFT;
    ivec3 local = f & (BILLOW_BRICK - 1);
    uint slot = brickSlot(b);
    if (slot != BILLOW_NO_BRICK) return faceInBrick(axis, slot, local);
    if (local[axis] != 0) return -1;
    b[axis] -= 1;
    local[axis] = BILLOW_BRICK;
    slot = brickSlot(b);
    return slot == BILLOW_NO_BRICK ? -1 : faceInBrick(axis, slot, local);
}
#endif

#endif
