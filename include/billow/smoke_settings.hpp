// Settings of the 2D smoke solver. Every field has a unit and a default; `validate()` (called by
// SmokeSolver's constructor) throws InvalidArgument naming the first offending field.
#pragma once

#include <array>
#include <cstdint>

#include "billow/diffusion.hpp"  // DiffusionSolverType
#include "billow/health.hpp"  // NonFiniteCheck
#include "billow/grid.hpp"      // Side, BoundaryType, AdvectionScheme, AdvectionLimiter
#include "billow/pressure.hpp"  // PressureSolverType, PressureResidual, kMultigridStallRatio

namespace billow {

struct BoundarySide {
    BoundaryType type = BoundaryType::Wall;  // default: free-slip wall
    // MovingWall: wall speed along the side, m/s; positive is +x for Bottom/Top and +y for
    // Left/Right. Default 0.
    float tangentialVelocity = 0.0f;
    // Inflow: speed into the domain, m/s (> 0 enters). Default 1.
    float normalVelocity = 1.0f;
    // Inflow: what the entering fluid carries. Defaults: density 0, temperature = ambient (K),
    // dye transparent black.
    float density = 0.0f;
    float temperature = 293.15f;
    std::array<float, 4> dye{0.0f, 0.0f, 0.0f, 0.0f};
};

enum class DyeStorage : uint32_t {
    Float32 = 0,  // vec4 per cell
    Float16 = 1,  // uvec2 per cell: packHalf2x16(r, g), packHalf2x16(b, a)
};

struct SmokeSettings {
    // Velocity/scalar grid, cells. Default 128 x 128. 1..16384 each.
    uint32_t nx = 128;
    uint32_t ny = 128;
    // Edge length of one (square) cell, m. Default 1/128 (a 1 m wide domain at the default size).
    float cellSize = 1.0f / 128.0f;
    // Dye grid, cells; it covers the same domain (dye finer than the velocity, as in Harris, GPU Gems ch. 38).
    // 0 means "same as nx / ny". Default 0.
    uint32_t dyeNx = 0;
    uint32_t dyeNy = 0;

    // Kinematic viscosity, m^2/s; 0 skips the diffusion pass. Default 0.
    float viscosity = 0.0f;
    // Dye diffusion coefficient, m^2/s; 0 skips it. Default 0.
    float dyeDiffusion = 0.0f;
    // Jacobi sweeps of the implicit diffusion solve (diffusionSolver Jacobi, and the dye always).
    // Default 20.
    uint32_t diffusionIterations = 20;
    // How the viscosity solve runs: Jacobi sweeps (default) or multigrid V-cycles to
    // `diffusionTolerance` (docs/accuracy.md, "Implicit diffusion"). The dye diffuses by
    // `diffusionIterations` Jacobi sweeps either way.
    DiffusionSolverType diffusionSolver = DiffusionSolverType::Jacobi;
    // Multigrid: the most V-cycles per component and step, 1..1000. Default 10 (measured: 2-4
    // reach 1e-4 at any a, docs/accuracy.md).
    uint32_t diffusionMaxCycles = 10;
    // Multigrid: stop once max|residual| / max|initial residual| of the step's equation
    // (dimensionless; reported by diffusionResidual()) is at most this. In (0, 1). Default 1e-4.
    float diffusionTolerance = 1e-4f;
    // Pressure solver and its sweep count (warm-started from the previous step's pressure).
    PressureSolverType pressureSolver = PressureSolverType::Jacobi;
    uint32_t pressureIterations = 40;  // default 40 (what the WebGL demo does)
    // Multigrid and MultigridPCG: stop once the relative residual max|residual| / max|h^2/dt div|
    // (dimensionless; see PressureResidual) is at most this, with `pressureIterations` as the
    // maximum. Checked on the GPU after each iteration (the remaining recorded iterations then
    // dispatch no work); the iterations run and the residual are reported by pressureResidual().
    // 0 runs exactly `pressureIterations`. In [0, 1); > 0 only with Multigrid or MultigridPCG.
    // Skipped iterations still cost their (empty) dispatch launches and barriers, so keep the
    // maximum a modest margin above the expected count. Multigrid also stops when two V-cycles
    // reduce the residual by less than kMultigridStallRatio (reported as `stalled`): a warm-started
    // pressure is many times its right-hand side on large grids, and float32 cannot resolve a
    // residual below ~1e-7 |p| (measured in docs/performance.md). Default 0.
    float pressureTolerance = 0.0f;
    // Multigrid and MultigridPCG: solve for this step's change of the pressure instead of the
    // whole pressure (the incremental projection). The PressureSolve pass first subtracts
    // dt grad p of the pressure so far from the velocity and takes its divergence, then solves
    // for the change d from 0, adds it to the pressure, and SubtractGradient subtracts dt grad d.
    // The same result in exact arithmetic as a solve warm-started from p; in float32 it reaches
    // tolerances the whole pressure cannot: a running simulation's pressure is many times this
    // step's right-hand side, and its residual has a floor of ~1e-7 |p| (docs/performance.md).
    // Costs two passes (a gradient subtraction and a divergence; the whole step's Divergence pass
    // is then folded into PressureSolve) and one addition over the cells; Field::Divergence then
    // holds the divergence left after subtracting the previous pressure's gradient. Jacobi and
    // RedBlackSOR always solve for the whole pressure (they stop far above float32's floor).
    // Default true.
    bool incrementalPressure = true;
    // Over-relaxation factor omega of RedBlackSOR, in (0, 2). Default 1.7.
    float sorRelaxation = 1.7f;
    // Measure the pressure equation's residual of the final pressure after each solve (one extra
    // dispatch) into a host-visible buffer read by SmokeSolver::pressureResidual(); with
    // pressureTolerance > 0 a report (the stopping test's residual) is written anyway.
    // Default false.
    bool trackPressureResidual = false;

    // Advection scheme of density + temperature, of the dye and of the velocity (each face
    // component at its own staggered position, by the pre-advection velocity; limited per
    // component by the face values the forward sample used). The corrected schemes cost 3
    // (MacCormack) or 4 (BFECC) advections plus a limiter pass instead of 1. Defaults:
    // SemiLagrangian.
    AdvectionScheme scalarAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionScheme dyeAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionScheme velocityAdvection = AdvectionScheme::SemiLagrangian;
    // Limiter of every field advected with MacCormack or BFECC. Default Clamp.
    AdvectionLimiter advectionLimiter = AdvectionLimiter::Clamp;
    // Advection-reflection (Zehnder, Narain & Thomaszewski 2018): the velocity is advected by
    // itself for dt/2 and projected (the Reflect pass), reflected about the divergence-free fields
    // (u_reflected = 2 u_projected - u_unprojected), then advected for the second dt/2 by the
    // projected midpoint velocity and projected again. The energy the advect-then-project
    // splitting loses becomes second order in dt instead of first (docs/accuracy.md). Density,
    // temperature and dye are carried over the whole dt by the projected midpoint velocity.
    // Forces (splats, buoyancy, vorticity confinement) act with the whole dt in the first half,
    // before the first projection; diffusion and damping after the second advection, before the
    // final projection. Cost per step: one more velocity advection (of the chosen scheme), one
    // more Divergence + PressureSolve, and the reflection pass; memory: one more velocity copy and
    // the midpoint pressure pair (allocated when first enabled). Default false.
    bool advectionReflection = false;
    // Who moves the velocity: Simulated (the solver), or Prescribed (the engine writes the
    // velocity buffers and each step only carries density, temperature and dye by them; see
    // VelocityMode). Default Simulated.
    VelocityMode velocityMode = VelocityMode::Simulated;
    // How every advection (each scheme's forward and backward steps, and the Revert limiter's
    // fallback) samples the field it carries: Linear (bilinear, 4 samples) or MonotoneCubic (16
    // samples, never outside the 4 nearest samples' range). Default MonotoneCubic: measured
    // three times sharper than Linear for 25% more step time at 1024^2 (docs/accuracy.md, "The
    // default transport").
    AdvectionInterpolation advectionInterpolation = AdvectionInterpolation::MonotoneCubic;
    // Keeps the smoke density's total through each advection to what crossed the inflow and
    // outflow sides: the advected density is scaled by one factor per step (at most 5% a step),
    // its total before less what the advecting velocity carried out, over its total after.
    // Semi-Lagrangian transport alone loses (or gains) smoke where the flow converges and where a
    // limiter trims what it samples: tens of percent over a few hundred steps of a plume under a
    // lid (docs/accuracy.md, "Keeping the smoke"). Temperature and dye are not scaled (they are
    // not amounts: temperature relaxes to ambient, dye is a tracer colour). Default true.
    bool massCorrection = true;
    // How the dye buffer stores RGBA: Float32 (16 bytes a cell) or Float16 (two uints of packed
    // halves, RG then BA: 8 bytes a cell; ~3 significant digits, |value| <= 65504). Fixed when the
    // solver is created. Default Float32.
    DyeStorage dyeStorage = DyeStorage::Float32;

    // Vorticity confinement strength epsilon (dimensionless, f = eps * h * (N x omega)). Default 0.
    float vorticity = 0.0f;

    // Exponential damping rates, 1/s: each second a quantity is multiplied by exp(-rate).
    // Independent of dt. Defaults 0 (no damping).
    float velocityDamping = 0.0f;
    float densityDamping = 0.0f;
    float dyeDamping = 0.0f;
    // Rate at which temperature relaxes towards `ambientTemperature`, 1/s. Default 0.
    float temperatureRelaxation = 0.0f;

    // Buoyancy acceleration f = gravity * (densityWeight * density
    //                                      - thermalExpansion * (temperature - ambientTemperature)).
    // gravity: m/s^2, default (0, -9.81); densityWeight: per density unit, default 0;
    // thermalExpansion: 1/K, default 0 (so no buoyancy unless asked); ambientTemperature: K,
    // default 293.15.
    std::array<float, 2> gravity{0.0f, -9.81f};
    float densityWeight = 0.0f;
    float thermalExpansion = 0.0f;
    float ambientTemperature = 293.15f;

    // Speed limit, m/s, applied to every face velocity after damping; 0 disables it. Default 0.
    float maxSpeed = 0.0f;

    // Record buoyancy, vorticity confinement, velocity damping and the speed limit of a full step
    // as one pass over the faces after the curl (velocity_forces.comp) instead of three. This moves
    // the velocity damping before the diffusion (an O(dt) change of operator splitting), and the
    // confinement then uses the curl of the velocity before buoyancy (docs/architecture.md, "A
    // step"). Separately recorded passes (recordPass) keep their own kernels. Default true.
    bool fuseVelocityForces = true;

    // Boundary per side, indexed by Side. Default: free-slip walls all round.
    std::array<BoundarySide, 4> boundaries{};

    // Non-finite detection (billow/health.hpp): Report scans the state fields for NaN and
    // infinity after every whole step (one read of each field: estimated under 1% of a step's GPU time)
    // and health() reports it; Throw also makes the next step()/record() throw NonFiniteError;
    // Off records no scan. Default Report.
    NonFiniteCheck nonFiniteCheck = NonFiniteCheck::Report;

    // Throws InvalidArgument naming the offending field.
    void validate() const;

    uint32_t effectiveDyeNx() const { return dyeNx ? dyeNx : nx; }
    uint32_t effectiveDyeNy() const { return dyeNy ? dyeNy : ny; }
};

} // namespace billow
