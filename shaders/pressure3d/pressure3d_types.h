// Structures and constants of the 3D grid's pressure kernels (shaders/pressure3d/), shared by GLSL
// and C++ (only 4-byte scalars, as in common/grid_types.h). The push constants that do not depend
// on the dimension (ResidualPush, SorPush, CoarseSolvePush, CgPush) and the gate's words are
// pressure/pressure_types.h's.
#ifndef BILLOW_PRESSURE3D_TYPES_H
#define BILLOW_PRESSURE3D_TYPES_H

#include "common/grid3d_types.h"
#include "pressure/pressure_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// pressure3d/jacobi.comp: one damped Jacobi sweep (relaxation BILLOW_JACOBI_RELAXATION) per
// dispatch, each thread relaxing `column` cells along z (the host dispatches ceil(nz / column)
// threads along z).
struct Jacobi3Push { float rhsScale; int column; };
// Multigrid transfers between two levels: the cells of the level that is NOT bound as the uniform
// block (the fine level for restriction and coarsening, the coarse one for prolongation), and the
// right-hand side's scale on the fine level (restriction only).
struct Transfer3Push { int otherNx, otherNy, otherNz; float rhsScale; };
// Multigrid coarsens until a level has at most this many cells along each axis, then solves that
// level in one workgroup (pressure3d/mg_coarse_solve.comp) of BILLOW_MG_COARSE_THREADS_3D threads, each
// holding BILLOW_MG_COARSE_CELLS_PER_THREAD_3D cells: 128 threads, the workgroup every Vulkan
// device runs, in both workgroup profiles (one workgroup solves a 512-cell level).
#define BILLOW_MG_COARSEST_3D 8
#define BILLOW_MG_COARSE_THREADS_3D 128
#define BILLOW_MG_COARSE_CELLS_PER_THREAD_3D \
    ((BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D) / BILLOW_MG_COARSE_THREADS_3D)

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
