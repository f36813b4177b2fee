// The sparse 3D smoke solver's GPU-side layout, shared by its kernels (shaders/sparse3d/) and the
// host (src/sparse3d/). Only 4-byte scalars and 16-byte vectors (std430 and C++ agree).
//
// The virtual domain is the dense solver's grid (Grid3DParams nx, ny, nz, the sides and cell
// size at binding 0) cut into bricks of BILLOW_BRICK^3 cells; brick b covers cells
// [8 b, 8 b + 8) on each axis. The brick grid is ceil(n / 8) bricks along each axis; cells of a
// last brick beyond n do not exist (kernels skip them). Only allocated bricks have storage:
//   brickMap     uint per virtual brick (bx + BX (by + BY bz)): its pool slot, or BILLOW_NO_BRICK
//   brickCoords  ivec4 per slot: the brick's coordinates (xyz), w its state (BILLOW_SLOT_FREE, or
//                the steps since it last held content)
//   neighbours   6 uint per slot: the slots of the bricks at -x, +x, -y, +y, -z, +z (BILLOW_NO_BRICK)
//   activeList   ivec4 per slot: an allocated brick's coordinates (xyz) and slot (w), activeCount
//                of them (header), in any order; brick kernels run workgroup g on activeList[g]
//   freeList     uint per slot: a stack of the free slots, freeCount of them (header)
// Pools, one per field, fixed capacity (SparseSettings3D::poolBricks):
//   cells        BILLOW_BRICK_CELLS floats per slot, slot * 512 + x + 8 (y + 8 z) (local x, y, z)
//   faces        BILLOW_BRICK_FACES floats per slot and axis: every face of the brick's cells,
//                9 layers along the axis and 8 across, slot * 576 + x + ex (y + ey z), with
//                ex = 9 for x-faces (else 8) and ey = 9 for y-faces (else 8). A face between two
//                allocated bricks is stored in both (layer 8 of the lower, layer 0 of the upper);
//                kernels compute both copies from the same reads, so they hold the same bits, and
//                read the canonical one (sparse3d/bricks.glsl, storedFace).
// Missing bricks are open air: still air (velocity 0) at the ambient temperature, no smoke, no
// fuel, gauge pressure 0.
#ifndef BILLOW_SPARSE3D_TYPES_H
#define BILLOW_SPARSE3D_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

#define BILLOW_BRICK 8
#define BILLOW_BRICK_SHIFT 3
#define BILLOW_BRICK_CELLS 512
#define BILLOW_BRICK_FACES 576
#define BILLOW_NO_BRICK 0xffffffffu
#define BILLOW_SLOT_FREE (-1)
// The "side" a cell tap reports for a cell in a missing brick (sides are 0..5): open air.
#define BILLOW_OPEN_AIR_SIDE 6
// How many refused bricks a pool report names (the count is always exact).
#define BILLOW_MAX_REFUSED_LISTED 64

// The topology's header (one storage buffer). The first four words are the indirect dispatch of
// the brick kernels: one workgroup of 8 x 8 x 8 threads per allocated brick.
struct SparseTopologyHeader {
    uint dispatchX, dispatchY, dispatchZ;  // VkDispatchIndirectCommand: activeCount, 1, 1
    uint activeCount;                      // allocated bricks, listed in activeList
    uint freeCount;                        // free slots on the freeList stack
    uint capacity;                         // slots in each pool (SparseSettings3D::poolBricks)
    uint requestedCount;                   // bricks the last topology update asked to allocate
    uint refusedCount;                     // of those, refused because the pool was full
    ivec4 refused[BILLOW_MAX_REFUSED_LISTED];  // the first refused bricks' coordinates (xyz; w 0)
};

// The Emit pass on bricks (sparse3d/emit_cells.comp, sparse3d/emit_velocity.comp): the emitters'
// reach as an inclusive box of samples (cells, or faces of every axis), first..last; bricks
// outside it leave at once. count: emitters in use, dt: s.
struct SparseEmitPush3D {
    int count;
    float dt;
    int firstX, firstY, firstZ;
    int lastX, lastY, lastZ;
};

// The mass correction's sums on bricks (sparse3d/mass_sums.comp; mass/mass_types.h): dt in s,
// the slot of partial sums it writes, which inflow value the field takes (0 density, 2 fuel), and
// the pool's cells (slots x BILLOW_BRICK_CELLS) the workgroups stride over.
struct SparseMassSumsPush {
    float dt;
    int field;
    int inflowField;
    int cells;
};

#ifdef __cplusplus
}  // namespace billow::gpu
#endif

#endif
