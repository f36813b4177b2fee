// Addressing of the sparse 3D grid (layout: sparse3d/sparse3d_types.h), shared by every sparse
// kernel: where a cell or face of the virtual domain is stored, and the taps' storage hook that
// lets the dense 3D kernels' sampling code (smoke3d/taps.glsl, smoke3d/velocity_sampling.glsl,
// smoke3d/field_interpolation.glsl) read bricks. A sample in a missing brick is open air.
//
// The including kernel declares, before including this file:
//   layout(std430, set = 0, binding = B) readonly buffer BrickMap { uint brickMap[]; };
// and, for a kernel run one workgroup per allocated brick (dispatched indirectly from the
// topology header), also
//   layout(std430, set = 0, binding = B) readonly buffer ActiveList { ivec4 activeList[]; };
// Brick kernels shape their own workgroup: one thread per cell of the brick. A brick kernel that
// reads only its own brick's storage may define BILLOW_BRICK_LOCAL and leave out the brick map (a
// binding fewer): the map's lookups and the taps are then not declared.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "sparse3d/sparse3d_types.h"

#ifdef BILLOW_BRICK_KERNEL
layout(local_size_x = BILLOW_BRICK, local_size_y = BILLOW_BRICK, local_size_z = BILLOW_BRICK) in;
#endif

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

// The taps' storage hooks (smoke3d/taps.glsl): after the side rules resolved a sample to a cell or
// face inside the domain, where it is stored. A missing brick gives open air: still air for a
// velocity (scale 0, the side rules' offset kept: beyond a moving wall the ghost of still air is
// 2 V_t, as on the dense grid), BILLOW_OPEN_AIR_SIDE for a cell (the kernel reads its ambient
// values) unless an inflow side was found first.
#define BILLOW_STORED_FACE3(axis, f, t)                                 \
    {                                                                   \
        int stored_ = storedFace(axis, f);                              \
        if (stored_ < 0) { t.index = 0; t.scale = 0.0; }                \
        else t.index = stored_;                                          \
    }
#define BILLOW_STORED_CELL3(c, t)                                                     \
    {                                                                                 \
        int stored_ = storedCell(c);                                                  \
        t.index = max(stored_, 0);                                                    \
        if (stored_ < 0 && t.inflowSide < 0) t.inflowSide = BILLOW_OPEN_AIR_SIDE;     \
    }
// The dense kernels' direct (untapped) reads assume the dense layout: never take them.
#define BILLOW_DIRECT_LIMIT3(n) ivec3(0)
#include "smoke3d/taps.glsl"
#endif

#ifdef BILLOW_BRICK_KERNEL
// This workgroup's brick: its coordinates and slot (activeList[gl_WorkGroupID.x]), and this
// thread's cell.
ivec3 thisBrick() { return activeList[gl_WorkGroupID.x].xyz; }
uint thisSlot() { return uint(activeList[gl_WorkGroupID.x].w); }
ivec3 thisLocal() { return ivec3(gl_LocalInvocationID); }
ivec3 thisCell() { return (thisBrick() << BILLOW_BRICK_SHIFT) + thisLocal(); }
// The faces normal to `axis` this thread writes: its cell's lower face, and on the brick's last
// layer along the axis also the upper one (layer 8). Loop `for (int layer = 0; layer < facesOfThread(axis); ++layer)`
// over face thisLocal() + layer * axis unit.
int facesOfThread(int axis) { return thisLocal()[axis] == BILLOW_BRICK - 1 ? 2 : 1; }
#endif
