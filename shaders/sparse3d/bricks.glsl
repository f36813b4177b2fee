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
// Brick kernels shape their own workgroup: a workgroup per brick, its body run once per cell.
// The wide workgroup profile has one thread per cell (8 x 8 x 8 = 512); the minimum profile
// (BILLOW_MINIMUM_WORKGROUPS: the Vulkan-guaranteed 128 invocations) has 8 x 8 x 2 threads, each
// running the body for BILLOW_BRICK_LAYERS = 4 cells along z. A kernel writes its body as
//   BILLOW_BRICK_MAIN { ... thisCell() ... }
// in place of `void main()`, and reads its cell through thisLocal()/thisCell() and its index in
// the workgroup's 512 through brickThreadIndex(), never gl_LocalInvocationID or
// gl_LocalInvocationIndex. A kernel with barriers loops over the layers itself between them
// (`for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer)`). A brick kernel that
// reads only its own brick's storage may define BILLOW_BRICK_LOCAL and leave out the brick map (a
// binding fewer): the map's lookups and the taps are then not declared.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "sparse3d/sparse3d_types.h"

#ifdef BILLOW_BRICK_KERNEL
#ifdef BILLOW_MINIMUM_WORKGROUPS
#define BILLOW_BRICK_LAYERS 4
#else
#define BILLOW_BRICK_LAYERS 1
#endif
layout(local_size_x = BILLOW_BRICK, local_size_y = BILLOW_BRICK, local_size_z = BILLOW_BRICK / BILLOW_BRICK_LAYERS) in;
// Which of this thread's BILLOW_BRICK_LAYERS cells the body is running for.
int brickLayer = 0;
void brickCell();
#define BILLOW_BRICK_MAIN                                                                   \
    void main() {                                                                           \
        for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer) brickCell();   \
    }                                                                                       \
    void brickCell()
#endif

#include "sparse3d/brick_map.glsl"

#ifndef BILLOW_BRICK_LOCAL
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
// The trilinear samplers' direct path reads the eight corners inside one brick by pool index
// (most samples: the taps and the brick map are read once, not eight times); the extent tells the
// layout: cells, or faces along the axis whose extent is one more than the cells'. Corners that
// span a brick side, leave the domain or lie in a missing brick take the taps. The tricubic's
// direct path reads by dense index: never taken.
#define BILLOW_DIRECT_LIMIT3(n) (n)
bool brickCorners3(ivec3 b, ivec3 limit, out int first, out int rowStride, out int planeStride) {
    ivec3 extent = ivec3(BILLOW_BRICK) + (limit - gridCells());  // 9 layers along a face axis
    ivec3 local = b & (BILLOW_BRICK - 1);
    rowStride = extent.x;
    planeStride = extent.x * extent.y;
    first = 0;
    if (!(all(greaterThanEqual(b, ivec3(0))) && all(lessThan(b + 1, limit)) && all(lessThan(local + 1, extent)))) return false;
    uint slot = brickSlot(b >> BILLOW_BRICK_SHIFT);
    if (slot == BILLOW_NO_BRICK) return false;
    first = int(slot) * (planeStride * extent.z) + local.x + rowStride * (local.y + extent.y * local.z);
    return true;
}
#define BILLOW_DIRECT_CORNERS3(b, limit, first, rowStride, planeStride) brickCorners3(b, limit, first, rowStride, planeStride)
#define BILLOW_DIRECT_TRICUBIC3(b, limit) false
#include "smoke3d/taps.glsl"
#endif

#ifdef BILLOW_BRICK_KERNEL
// This workgroup's brick: its coordinates and slot (activeList[gl_WorkGroupID.x]), and the cell
// the body runs for: its index among the brick's 512 (x fastest), and its coordinates.
ivec3 thisBrick() { return activeList[gl_WorkGroupID.x].xyz; }
uint thisSlot() { return uint(activeList[gl_WorkGroupID.x].w); }
uint brickThreadIndex() {
    return gl_LocalInvocationIndex + uint(brickLayer) * uint(BILLOW_BRICK_CELLS / BILLOW_BRICK_LAYERS);
}
ivec3 thisLocal() {
    const uint i = brickThreadIndex();
    return ivec3(i & uint(BILLOW_BRICK - 1), (i >> BILLOW_BRICK_SHIFT) & uint(BILLOW_BRICK - 1), i >> (2 * BILLOW_BRICK_SHIFT));
}
ivec3 thisCell() { return (thisBrick() << BILLOW_BRICK_SHIFT) + thisLocal(); }
// The faces normal to `axis` this thread writes: its cell's lower face, and on the brick's last
// layer along the axis also the upper one (layer 8). Loop `for (int layer = 0; layer < facesOfThread(axis); ++layer)`
// over face thisLocal() + layer * axis unit.
int facesOfThread(int axis) { return thisLocal()[axis] == BILLOW_BRICK - 1 ? 2 : 1; }
#endif
