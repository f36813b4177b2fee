// The sparse pressure multigrid's push constants (src/sparse3d/sparse3d_multigrid.hpp describes the
// levels), shared by its kernels (shaders/sparse3d/mg_*.comp) and the host.
#ifndef BILLOW_SPARSE3D_MULTIGRID_TYPES_H
#define BILLOW_SPARSE3D_MULTIGRID_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Levels inside the bricks: level L has 8 >> L cells along each axis of a brick (0: the pressure's
// own cells; BILLOW_MG_BRICK_LEVELS - 1: one cell per brick).
#define BILLOW_MG_BRICK_LEVELS 4

// `level`: the level a kernel works on (the coarse one of a transfer); `rhsScale`: the right-hand
// side's scale on that level (on the fine level for a restriction); `colour`: the red-black colour
// of a smoothing dispatch, or the brick gate's mode; `slot`: the report slot of a measurement.
struct SparseMgPush { int level; float rhsScale; int colour; int slot; };

#ifdef __cplusplus
}  // namespace billow::gpu
#endif

#endif
