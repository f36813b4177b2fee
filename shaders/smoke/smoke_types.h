// Structures and constants of the smoke kernels (splats and push constants), shared by GLSL and
// C++ (as in common/grid_types.h: only 4-byte scalars and 16-byte vectors).
#ifndef BILLOW_SMOKE_TYPES_H
#define BILLOW_SMOKE_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Splat falloffs (billow::Falloff, checked where splats are converted).
#define BILLOW_FALLOFF_LINEAR 0
#define BILLOW_FALLOFF_GAUSSIAN 1

// One splat (storage buffer element, std430).
struct GpuSplat {
    float x, y, radius;
    int falloff;                // BILLOW_FALLOFF_LINEAR or BILLOW_FALLOFF_GAUSSIAN
    float vx, vy, density, temperature;
    vec4 dye;
};

// One emitter (billow::Emitter2D; storage buffer element, std430), its amounts rates per second.
#define BILLOW_EMITTER2D_DISC 0
#define BILLOW_EMITTER2D_BOX 1
struct GpuEmitter2D {
    float centreX, centreY;  // m
    float size;              // falloff length, m: the radius, or the smaller half extent
    int shape;               // BILLOW_EMITTER2D_DISC or BILLOW_EMITTER2D_BOX
    float halfX, halfY;      // box half extents, m (disc: 0)
    int falloff;             // BILLOW_FALLOFF_*
    float velocityCoupling;  // 1/s
    float velocityX, velocityY;  // target velocity, m/s
    float density, temperature;  // rates per second
    vec4 dye;                    // RGBA rate per second
};

// Push constants, one struct per kernel family.
// target 0: x- and y-faces; 1: density and temperature; 2: dye. The dispatch starts at the offset.
struct EmitPush { int target; int count; float dt; int offsetX; int offsetY; };
struct SplatPush { int target; int count; int offsetX, offsetY; };  // target: 0 faces, 1 cells, 2 dye
// A Gaussian splat adds nothing beyond this many radii (its weight there is e^-16 ~ 1e-7), so a
// splat pass only visits the cells near its splats.
#define BILLOW_GAUSSIAN_REACH 4.0
struct BuoyancyPush { float dt, gravityX, gravityY, densityWeight, thermalExpansion, ambient; };
struct AdvectPush { float dt; float ambient; };  // interpolation: the kernel's variant
// See advect_correct.glsl. field: which field the kernel corrects (advect_correct_scalar: 0 density,
// 1 temperature; advect_correct_velocity: 0 u, 1 v). limiter: BILLOW_LIMITER_*.
struct CorrectPush { float dt; int mode; int field; int limiter; };
#define BILLOW_LIMITER_CLAMP 0   // billow::AdvectionLimiter, checked where the push is filled
#define BILLOW_LIMITER_REVERT 1
struct DiffusePush { float ax, ay; };                   // D*dt/hx^2, D*dt/hy^2
// Multigrid diffusion (diffusion_setup_velocity, diffusion_apply_velocity): the velocity component
// (0: u, 1: v) and 1 / a = h^2 / (nu dt), the shift of every unknown (pressure/implicit_diffusion.hpp).
struct DiffusionSetupPush { int component; float inverseA; };
struct DiffusionApplyPush { int component; int systemNx; };
struct SubtractPush { float dt; };
struct VorticityPush { float dt, epsilon; };
struct DampVelocityPush { float factor, maxSpeed; };    // factor = exp(-rate*dt); maxSpeed 0 = off
// The fused velocity forces (velocity_forces.comp): buoyancy (as BuoyancyPush; gravity 0 = off),
// confinement (epsilon 0 = off) and damping (as DampVelocityPush; factor 1 and maxSpeed 0 = off).
struct VelocityForcesPush {
    float dt, gravityX, gravityY, densityWeight, thermalExpansion, ambient, epsilon, factor, maxSpeed;
};
struct DampScalarsPush { int target; float densityFactor, temperatureFactor, ambient; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
