// Structures and constants of the 3D smoke kernels (emitters and push constants), shared by GLSL
// and C++ (as in common/grid_types.h: only 4-byte scalars and 16-byte vectors). The names end in
// 3D: every struct of every types header lives in one namespace (billow::gpu).
#ifndef BILLOW_SMOKE3D_TYPES_H
#define BILLOW_SMOKE3D_TYPES_H

#include "common/grid3d_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Emitter shapes (billow::EmitterShape) and falloffs (billow::Falloff), checked where emitters
// are converted (src/smoke3d/smoke3d_emit.cpp).
#define BILLOW_EMITTER_SPHERE 0
#define BILLOW_EMITTER_BOX 1
#define BILLOW_EMITTER_FALLOFF_LINEAR 0
#define BILLOW_EMITTER_FALLOFF_GAUSSIAN 1
// A Gaussian emitter adds nothing beyond this many sizes from its core (weight e^-16 ~ 1e-7), so
// the Emit pass only visits the cells near its emitters.
#define BILLOW_EMITTER_GAUSSIAN_REACH 4.0

// One emitter (storage buffer element, std430): billow::Emitter3D with its falloff size resolved.
struct GpuEmitter3D {
    float centreX, centreY, centreZ;  // m
    float size;                       // falloff length, m: the radius, or the smallest half extent
    float halfX, halfY, halfZ;        // box half extents, m (sphere: 0)
    int shape;                        // BILLOW_EMITTER_SPHERE or BILLOW_EMITTER_BOX
    float velocityX, velocityY, velocityZ;  // target velocity, m/s
    float velocityCoupling;                 // 1/s
    float density, temperature, fuel;       // rates per second
    int falloff;                            // BILLOW_EMITTER_FALLOFF_*
    vec4 colour;                            // RGBA rate per second
};

// The union of the three face grids, (nx+1) x (ny+1) x (nz+1), is what a face kernel covers; the
// cell kernels cover nx x ny x nz.

// Emit: target 0 the faces (velocity coupling), 1 the cells (density, temperature, fuel, colour);
// the dispatch covers the emitters' bounding box, which starts at offset.
struct EmitPush3D { int target; int count; float dt; int offsetX; int offsetY; int offsetZ; };
// Combustion (CombustionSettings): burnt = fuel (1 - exp(-burnRate dt)) where T >= ignition.
struct CombustionPush3D { float dt, ignition, burnRate, heatRelease, smokeYield, expansion; };
// Buoyancy a = gravity * (densityWeight rho - thermalExpansion (T - ambient)).
struct BuoyancyPush3D { float dt, gravityX, gravityY, gravityZ, densityWeight, thermalExpansion, ambient; };
// Vorticity confinement f = epsilon h (N x omega), u += dt f.
struct VorticityPush3D { float dt, epsilon; };
// Advection by the velocity over dt (negative: the backward advection of the corrected schemes).
// targets: BILLOW_ADVECT_SCALARS (density, temperature, fuel) and/or BILLOW_ADVECT_COLOUR.
// oneFaceAThread (the dense velocity advection): 1 runs the three face grids stacked along z, one
// face a thread; 0 one thread for the three faces at a point (see smoke3d/advect_velocity.comp).
struct AdvectPush3D { float dt; float ambient; int targets; int oneFaceAThread; };  // interpolation: the kernel's variant
#define BILLOW_ADVECT_SCALARS 1
#define BILLOW_ADVECT_COLOUR 2
// MacCormack / BFECC correction (smoke3d/advect_correct.glsl). mode 0 MacCormack, 1 BFECC
// compensate, 2 BFECC limit. field: smoke3d_advect_correct_scalar 0 density, 1 temperature,
// 2 fuel; smoke3d_advect_correct_velocity 0 u, 1 v, 2 w. limiter: BILLOW_LIMITER3_*.
struct CorrectPush3D { float dt; int mode; int field; int limiter; };
#define BILLOW_LIMITER3_CLAMP 0  // billow::AdvectionLimiter, checked where the push is filled
#define BILLOW_LIMITER3_REVERT 1
// One Jacobi sweep of implicit diffusion: a = D dt / h^2. diffuse_cells: colour 1 also diffuses
// the colour.
struct DiffusePush3D { float a; int colour; };
// Multigrid diffusion (pressure/implicit_diffusion.hpp): smoke3d_diffusion_setup: the field (0..2
// the velocity components u, v, w; 3..5 density, temperature, fuel) and 1 / a = h^2 / (D dt), the
// shift of every unknown; smoke3d_diffusion_apply: the field (0..2 a velocity component, 3 any cell
// field) and the node grid's x and y sizes.
struct DiffusionSetupPush3D { int field; float inverseA; };
struct DiffusionApplyPush3D { int field; int systemNx, systemNy; };
// Damping: velocity factor exp(-rate dt) and the per-component speed limit (0: off).
struct DampVelocityPush3D { float factor, maxSpeed; };
// The fused velocity forces (smoke3d/velocity_forces.comp): buoyancy (as BuoyancyPush3D; gravity 0 =
// off), confinement (epsilon 0 = off) and damping (as DampVelocityPush3D; factor 1, maxSpeed 0 = off).
struct VelocityForcesPush3D {
    float dt, gravityX, gravityY, gravityZ, densityWeight, thermalExpansion, ambient, epsilon, factor, maxSpeed;
};
// Scalars: density, fuel and colour multiplied by their factors; temperature relaxed to ambient.
struct DampCellsPush3D { float densityFactor, temperatureFactor, fuelFactor, colourFactor, ambient; int colour; };
// Divergence: addSource 1 subtracts the combustion's expansion source (see smoke3d/divergence.comp).
struct DivergencePush3D { int addSource; };
struct SubtractPush3D { float dt; };
// smoke3d_reflect_velocity: the projection's dt and the face axis of this dispatch (0 x, 1 y, 2 z).
struct ReflectPush3D { float dt; int axis; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
