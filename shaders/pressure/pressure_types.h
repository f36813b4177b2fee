// Structures and constants of the pressure (Poisson) kernels, shared by GLSL and C++ (as in
// common/grid_types.h: only 4-byte scalars). The blocked Jacobi kernel's shape is in
// pressure_jacobi_tiles.h.
#ifndef BILLOW_PRESSURE_TYPES_H
#define BILLOW_PRESSURE_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Damped Jacobi's relaxation (pressure/jacobi.comp, pressure3d/jacobi.comp). Plain
// Jacobi (relaxation 1) never converges on a closed fluid region (walls, obstacles, or periodic
// with an even cell count): the grid graph is bipartite, so next to the constant null space
// (eigenvalue 1) the iteration has the checkerboard eigenvalue -1, whose error component flips
// sign every sweep forever and leaves a checkerboard divergence. With 0.8 that mode decays by
// |1 - 2 * 0.8| = 0.6 per sweep; smooth modes converge 20% slower.
#define BILLOW_JACOBI_RELAXATION 0.8
// Push constants, one struct per kernel family.
struct PressurePush { float rhsScale; int sweeps; };    // h^2 / dt; sweeps <= BILLOW_JACOBI_SWEEPS (pressure_jacobi_tiles.h)
struct ResidualPush { float rhsScale; int slot; };  // slot: BILLOW_REPORT_WORDS words each
struct LevelPush { int fineNx, fineNy, coarseNx, coarseNy; };  // multigrid transfers between levels
struct RestrictPush { int fineNx, fineNy, coarseNx, coarseNy; float rhsScale; };  // mg_restrict_residual
struct CoarseSolvePush { float rhsScale; float omega; int iterations; };        // mg_coarse_solve
struct SorBlockPush { float rhsScale; float omega; int iterations; };           // pressure_rbsor_tiles
// Most red-black SOR iterations pressure/rbsor_tiles.comp does per dispatch (its halo is twice this).
#define BILLOW_SOR_BLOCK_ITERATIONS 2
// Multigrid coarsens until a level has at most this many cells along each axis, then solves that
// level in one workgroup of BILLOW_MG_COARSEST^2 threads (mg_coarse_solve.comp).
#define BILLOW_MG_COARSEST 16
// Pressure solve gate (pressure/gate.comp): GPU-side stopping at a tolerance. The gate's state
// buffer holds these BILLOW_GATE_STATE_WORDS uint words (floats as bits); its commands buffer holds
// BILLOW_GATE_SLOTS indirect dispatch commands (3 uints each) that gated dispatches read, then the
// same number of full-size ones. Only the gate kernel writes the commands (a separate buffer, so
// the solver kernels' writes to the state need no barrier against indirect reads).
#define BILLOW_GATE_RESIDUAL_ACC 0   // max |residual| of the current measurement (atomicMax on bits)
#define BILLOW_GATE_RHS_ACC 1        // max |right-hand side| (atomicMax on bits)
#define BILLOW_GATE_RESIDUAL_BEFORE 2  // the residual measured two checks ago (stall test)
#define BILLOW_GATE_RESIDUAL 4       // the report: residual at the last check,
#define BILLOW_GATE_RHS 5            //             max |right-hand side|,
#define BILLOW_GATE_ITERATIONS 6     //             iterations run,
#define BILLOW_GATE_CONVERGED 7      //             1 once the tolerance was reached, 2 once stalled
#define BILLOW_CG_RHO 8              // conjugate gradient scalars (floats): r . z,
#define BILLOW_CG_ALPHA 9            //   the step length,
#define BILLOW_CG_BETA 10            //   the direction update factor,
#define BILLOW_CG_MEAN 11            //   the mean residual (removed where the system is singular)
#define BILLOW_GATE_STATE_WORDS 16
#define BILLOW_GATE_SLOTS 64         // distinct dispatch sizes a gated solve may use
// mode: 0 begin, 1 check. stallRatio > 0: also stop once a check's residual is above stallRatio
// times the one two checks before (the iteration no longer converges: float32's floor).
struct GatePush { int mode; float tolerance; int finalCheck; float stallRatio; };
// The pressure report ring (SmokeSolver::pressureResidual): uint words per recorded solve:
// residual bits, right-hand side bits, iterations, converged (the gate's report words in order),
// then the report's stamp: its sequence number plus 1, written last, so the host can tell a report
// its submission has finished writing from an older one in the same slot.
#define BILLOW_REPORT_WORDS 5
#define BILLOW_REPORT_STAMP 4
// Conjugate gradient kernels (cg_*.comp). mode of cg_scalars: see that kernel.
struct CgPush { float rhsScale; int mode; int first; int groups; };
// colour: the colour updated ((i + j) % 2 in 2D, with extra colours on odd periodic axes);
// packed (3D only): 1 when the level has only the two plain colours and the dispatch covers
// ceil(nx / 2) x ny x nz threads, one per cell of the colour, instead of one per cell.
struct SorPush { float rhsScale; float omega; int colour; int packed; };
// pressure/add_increment.comp: threads per workgroup, and its push (cells of the level; threads
// per dispatch row, a multiple of BILLOW_INCREMENT_GROUP). 128 threads, which every Vulkan device
// runs, in both workgroup profiles.
#define BILLOW_INCREMENT_GROUP 128
struct IncrementPush { uint cells; uint rowLength; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
