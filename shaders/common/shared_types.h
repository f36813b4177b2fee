// Structures shared by the GLSL kernels and the C++ host code, so that their layouts are written
// once. Only 4-byte scalars and 16-byte vectors are used, which lay out identically in std140,
// std430, push constants and C++.
#ifndef BILLOW_SHARED_TYPES_H
#define BILLOW_SHARED_TYPES_H

#ifdef __cplusplus
#include <cstdint>
namespace billow::gpu {
using uint = uint32_t;
struct alignas(16) vec4 { float x = 0, y = 0, z = 0, w = 0; };
struct alignas(16) ivec4 { int32_t x = 0, y = 0, z = 0, w = 0; };
#endif

// Workgroup shape of every 2D kernel that does not shape its own (x along rows, y across):
// measured on the H100 in docs/performance.md ("Workgroup shape"). Overridable at build time
// for such measurements.
#ifndef BILLOW_GROUP_X
#define BILLOW_GROUP_X 32
#endif
#ifndef BILLOW_GROUP_Y
#define BILLOW_GROUP_Y 8
#endif
// Slots of the shared descriptor set: binding 0 is the GridParams uniform buffer, bindings
// 1..BILLOW_STORAGE_SLOTS are storage buffers whose roles each kernel declares.
#define BILLOW_STORAGE_SLOTS 12

// Side indices and boundary types (match billow::Side and billow::BoundaryType).
#define BILLOW_LEFT 0
#define BILLOW_RIGHT 1
#define BILLOW_BOTTOM 2
#define BILLOW_TOP 3
#define BILLOW_WALL 0
#define BILLOW_MOVING_WALL 1
#define BILLOW_INFLOW 2
#define BILLOW_OUTFLOW 3
#define BILLOW_PERIODIC 4

// The grid and its boundaries (uniform buffer, std140).
struct GridParams {
    int nx, ny, dyeNx, dyeNy;   // cells
    float h, invH;              // velocity cell size (m) and its inverse
    float dyeHx, dyeHy;         // dye cell size (m) along x and y
    int dyeHalf;                // 1: dye stored as packed halves (dye_storage.glsl), 0: as vec4
    int unused0, unused1, unused2;  // keeps the vectors below 16-byte aligned
    ivec4 sideType;             // per side (left, right, bottom, top): BILLOW_WALL ...
    vec4 wallTangent;           // moving-wall tangential speed per side, m/s
    vec4 inflowSpeed;           // inflow speed into the domain per side, m/s
    vec4 inflowDensity;         // per side
    vec4 inflowTemperature;     // per side, K
    vec4 inflowDye[4];          // RGBA per side
};

// One splat (storage buffer element, std430).
struct GpuSplat {
    float x, y, radius;
    int falloff;                // 0 linear, 1 gaussian
    float vx, vy, density, temperature;
    vec4 dye;
};

// Push constants, one struct per kernel family.
struct SplatPush { int target; int count; int offsetX, offsetY; };  // target: 0 faces, 1 cells, 2 dye
// A Gaussian splat adds nothing beyond this many radii (its weight there is e^-16 ~ 1e-7), so a
// splat pass only visits the cells near its splats.
#define BILLOW_GAUSSIAN_REACH 4.0
struct BuoyancyPush { float dt, gravityX, gravityY, densityWeight, thermalExpansion, ambient; };
struct AdvectPush { float dt; float ambient; };
// See advect_correct.glsl. field: which field the kernel corrects (advect_correct_scalar: 0 density,
// 1 temperature; advect_correct_velocity: 0 u, 1 v). limiter: BILLOW_LIMITER_*.
struct CorrectPush { float dt; int mode; int field; int limiter; };
#define BILLOW_LIMITER_CLAMP 0   // match billow::AdvectionLimiter
#define BILLOW_LIMITER_REVERT 1
struct DiffusePush { float ax, ay; };                   // D*dt/hx^2, D*dt/hy^2
struct PressurePush { float rhsScale; int sweeps; };    // h^2 / dt; sweeps <= BILLOW_JACOBI_SWEEPS (pressure_jacobi_tiles.h)
struct ResidualPush { float rhsScale; int slot; };  // slot: BILLOW_REPORT_WORDS words each
struct LevelPush { int fineNx, fineNy, coarseNx, coarseNy; };  // multigrid transfers between levels
struct RestrictPush { int fineNx, fineNy, coarseNx, coarseNy; float rhsScale; };  // mg_restrict_residual
struct CoarseSolvePush { float rhsScale; float omega; int iterations; };        // mg_coarse_solve
struct SorBlockPush { float rhsScale; float omega; int iterations; };           // pressure_rbsor_tiles
// Most red-black SOR iterations pressure_rbsor_tiles.comp does per dispatch (its halo is twice this).
#define BILLOW_SOR_BLOCK_ITERATIONS 2
// Multigrid coarsens until a level has at most this many cells along each axis, then solves that
// level in one workgroup of BILLOW_MG_COARSEST^2 threads (mg_coarse_solve.comp).
#define BILLOW_MG_COARSEST 16
// Pressure solve gate (pressure_gate.comp): GPU-side stopping at a tolerance. The gate's state
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
// residual bits, right-hand side bits, iterations, converged; the gate's report words in order.
#define BILLOW_REPORT_WORDS 4
// Conjugate gradient kernels (cg_*.comp). mode of cg_scalars: see that kernel.
struct CgPush { float rhsScale; int mode; int first; int groups; };
struct SorPush { float rhsScale; float omega; int colour; };  // colour: (i + j) % 2 updated
struct SubtractPush { float dt; };
struct VorticityPush { float dt, epsilon; };
struct DampVelocityPush { float factor, maxSpeed; };    // factor = exp(-rate*dt); maxSpeed 0 = off
struct DampScalarsPush { int target; float densityFactor, temperatureFactor, ambient; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
