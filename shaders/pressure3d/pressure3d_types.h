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

// pressure3d/spectral_transform.comp: one pass of a spectral cycle (src/pressure/spectral_solve.hpp):
// `stage` BILLOW_SPECTRAL_* along `axis`, the residual's right-hand side scaled by rhsScale;
// `folded` 1 where the axis's two sides are alike (its modes even or odd about its centre).
struct SpectralPush { int axis; int stage; float rhsScale; int folded; };
// The stages, in a cycle's order: the residual transformed along x, then along y; along z
// transformed, divided by the operator's eigenvalues and transformed back; back along y; back
// along x and added to the unknown.
#define BILLOW_SPECTRAL_RESIDUAL 0
#define BILLOW_SPECTRAL_FORWARD 1
#define BILLOW_SPECTRAL_DIVIDE 2
#define BILLOW_SPECTRAL_INVERSE 3
#define BILLOW_SPECTRAL_ADD 4
// A workgroup of BILLOW_SPECTRAL_THREADS transforms BILLOW_SPECTRAL_LINES lines of at most
// BILLOW_SPECTRAL_MAX_CELLS cells at once in shared memory: 16 KiB, what every Vulkan device
// gives a workgroup (maxComputeSharedMemorySize). 32 lines (half the reads of the basis) were
// measured 2.6x slower on an H200: twice the accumulators a thread (performance-log.md, "The
// spectral solve").
#define BILLOW_SPECTRAL_THREADS 128
#define BILLOW_SPECTRAL_LINES 16
#define BILLOW_SPECTRAL_MAX_CELLS 256

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
