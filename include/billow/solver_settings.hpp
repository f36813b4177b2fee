// The settings blocks the solvers share, each field's unit and default written once.
// SmokeSettings and SmokeSettings3D derive from PressureSettings, AdvectionSettings,
// DiffusionSettings, SmokeForceSettings and HealthSettings (WaterSettings from HealthSettings), so
// their fields read as before (settings.pressureIterations). Each block's validate(owner) throws
// InvalidArgument naming the field as "<owner>::<field>"; the solvers' validate() calls it.
#pragma once

#include <cstdint>

#include "billow/diffusion.hpp"  // DiffusionSolverType
#include "billow/grid.hpp"       // AdvectionScheme, AdvectionLimiter, AdvectionInterpolation, VelocityMode
#include "billow/health.hpp"     // NonFiniteCheck
#include "billow/pressure.hpp"   // PressureSolverType

namespace billow {

// The pressure solve of the projection (Stam 1999; Harris, GPU Gems ch. 38), warm-started from the
// previous step's pressure.
struct PressureSettings {
    // The solver (billow/pressure.hpp). Default Jacobi.
    PressureSolverType pressureSolver = PressureSolverType::Jacobi;
    // Sweeps, SOR iterations, V-cycles or CG iterations, 0..1000000. Default 40 (what the WebGL
    // demo does).
    uint32_t pressureIterations = 40;
    // Multigrid, MultigridPCG and Spectral: stop once the relative residual max|residual| / max|h^2/dt div|
    // (dimensionless; see PressureResidual) is at most this, with `pressureIterations` as the
    // maximum. Checked on the GPU after each iteration (the remaining recorded iterations then
    // dispatch no work); the iterations run and the residual are reported by pressureResidual().
    // 0 runs exactly `pressureIterations`. In [0, 1); > 0 only with Multigrid, MultigridPCG or
    // Spectral.
    // Skipped iterations still cost their (empty) dispatch launches and barriers, so only
    // `pressureIterationHeadroom` more than the last solve needed are recorded. Multigrid also stops when two V-cycles
    // reduce the residual by less than kMultigridStallRatio (reported as `stalled`): a warm-started
    // pressure is many times its right-hand side on large grids, and float32 cannot resolve a
    // residual below ~1e-7 |p| (measured in docs/performance.md). Default 0.
    float pressureTolerance = 0.0f;
    // With pressureTolerance > 0: the iterations (V-cycles, CG iterations) each solve records
    // beyond the most that the last few finished solves ran (the last four reports), at most
    // `pressureIterations`. A solve that ran out of them before its tolerance makes the next
    // record at least twice as many; before any solve has finished all `pressureIterations` are
    // recorded. After step() the finished solves are the last steps'; with frames in flight,
    // those whose submissions have completed when the step is recorded (so the count recorded can
    // differ between runs). Each skipped V-cycle costs ~36 empty dispatches and barriers (~0.05 ms
    // on an H200: docs/performance.md); a value >= pressureIterations records every iteration
    // every step. Iterations, any value. Default 2.
    uint32_t pressureIterationHeadroom = 2;
    // Multigrid, MultigridPCG and Spectral: solve for this step's change of the pressure instead of the
    // whole pressure (the incremental projection). The PressureSolve pass first subtracts
    // dt grad p of the pressure so far from the velocity and takes its divergence, then solves
    // for the change d from 0, adds it to the pressure, and SubtractGradient subtracts dt grad d.
    // The same result in exact arithmetic as a solve warm-started from p; in float32 it reaches
    // tolerances the whole pressure cannot: a running simulation's pressure is many times this
    // step's right-hand side, and its residual has a floor of ~1e-7 |p| (docs/performance.md).
    // Costs two passes (a gradient subtraction and a divergence; the whole step's Divergence pass
    // is then folded into PressureSolve) and one addition over the cells; the Divergence field
    // then holds the divergence left after subtracting the previous pressure's gradient. Jacobi
    // and RedBlackSOR always solve for the whole pressure (they stop far above float32's floor).
    // Default true.
    bool incrementalPressure = true;
    // Over-relaxation factor omega of RedBlackSOR, in (0, 2). Default 1.7.
    float sorRelaxation = 1.7f;
    // Measure the pressure equation's residual of the final pressure after each solve (one extra
    // dispatch) into a host-visible buffer read by pressureResidual(); with pressureTolerance > 0
    // a report (the stopping test's residual) is written anyway. Default false.
    bool trackPressureResidual = false;

    void validate(const char* owner) const;
};

// How the fields are carried. The solvers add the scheme of their colour field (the 2D
// dyeAdvection, the 3D colourAdvection).
struct AdvectionSettings {
    // Advection scheme of the cell scalars (density, temperature; 3D: fuel) and of the velocity
    // (each face component at its own staggered position, by the pre-advection velocity; limited
    // per component by the face values the forward sample used). The corrected schemes cost 3
    // (MacCormack) or 4 (BFECC) advections plus a limiter pass instead of 1. Defaults:
    // SemiLagrangian.
    AdvectionScheme scalarAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionScheme velocityAdvection = AdvectionScheme::SemiLagrangian;
    // Limiter of every field advected with MacCormack or BFECC. Default Clamp.
    AdvectionLimiter advectionLimiter = AdvectionLimiter::Clamp;
    // Advection-reflection (Zehnder, Narain & Thomaszewski 2018): the velocity is advected by
    // itself for dt/2 and projected (the Reflect pass), reflected about the divergence-free fields
    // (u_reflected = 2 u_projected - u_unprojected), then advected for the second dt/2 by the
    // projected midpoint velocity and projected again. The energy the advect-then-project
    // splitting loses becomes second order in dt instead of first (docs/accuracy.md). The cell
    // fields are carried over the whole dt by the projected midpoint velocity. Forces (splats,
    // emitters, combustion, buoyancy, vorticity confinement) act with the whole dt in the first
    // half, before the first projection; diffusion and damping after the second advection, before
    // the final projection. Cost per step: one more velocity advection (of the chosen scheme), one
    // more Divergence + PressureSolve, and the reflection pass; memory: one more velocity copy and
    // the midpoint pressure pair (allocated when first enabled). Default false.
    bool advectionReflection = false;
    // Who moves the velocity: Simulated (the solver), or Prescribed (the engine writes the
    // velocity buffers and each step only carries the cell fields by them, leaving the velocity
    // untouched; see VelocityMode). Default Simulated.
    VelocityMode velocityMode = VelocityMode::Simulated;
    // How every advection (each scheme's forward and backward steps, and the Revert limiter's
    // fallback) samples the field it carries: Linear (bi/trilinear, 4 or 8 samples) or
    // MonotoneCubic (16 or 64 samples, never outside the nearest samples' range). Default
    // MonotoneCubic: measured three times sharper than Linear for 25% more step time at 1024^2
    // (docs/accuracy.md, "The default transport").
    AdvectionInterpolation advectionInterpolation = AdvectionInterpolation::MonotoneCubic;
    // How every advection traces back to the departure point (BackTrace): Midpoint (two velocity
    // samples a trace, second order) or Euler (one sample, first order; what the hand-written
    // peers of docs/performance.md compute). Default Midpoint.
    BackTrace backTrace = BackTrace::Midpoint;
    // Keeps the totals of the carried amounts (density; 3D: density and fuel) through each
    // advection to what crossed the inflow and outflow sides: each advected amount is scaled by
    // one factor per step (at most 5% a step), its total before less what the advecting velocity
    // carried out, over its total after. Semi-Lagrangian transport alone loses (or gains) smoke
    // where the flow converges and where a limiter trims what it samples: tens of percent over a
    // few hundred steps of a plume under a lid (docs/accuracy.md, "Keeping the smoke").
    // Temperature and colour are not scaled (they are not amounts: temperature relaxes to
    // ambient, colour is a tracer). Default true.
    bool massCorrection = true;

    void validate(const char* owner) const;
};

// The implicit diffusion solves (unconditionally stable). The solvers add their scalar
// coefficients (the 2D dyeDiffusion, the 3D scalarDiffusion).
struct DiffusionSettings {
    // Kinematic viscosity, m^2/s, >= 0; 0 skips velocity diffusion. Default 0.
    float viscosity = 0.0f;
    // Jacobi sweeps of the implicit diffusion solves (diffusionSolver Jacobi, and the colour
    // field always), 0..1000000; 0 skips the sweeps. Default 20.
    uint32_t diffusionIterations = 20;
    // How the viscosity (and in 3D the density / temperature / fuel diffusion) runs: Jacobi sweeps
    // (default) or multigrid V-cycles to `diffusionTolerance` (docs/accuracy.md, "Implicit
    // diffusion"). The colour field diffuses by `diffusionIterations` Jacobi sweeps either way.
    DiffusionSolverType diffusionSolver = DiffusionSolverType::Jacobi;
    // Multigrid: the most V-cycles per field and step, 1..1000. Default 10 (measured: 2-4 reach
    // 1e-4 at any a, docs/accuracy.md).
    uint32_t diffusionMaxCycles = 10;
    // Multigrid: stop once max|residual| / max|initial residual| of the step's equation
    // (dimensionless; reported by diffusionResidual()) is at most this. In (0, 1). Default 1e-4.
    float diffusionTolerance = 1e-4f;

    void validate(const char* owner) const;
};

// The velocity forces and the decay of the smoke solvers (their gravity vector and the damping of
// their own fields are theirs).
struct SmokeForceSettings {
    // Vorticity confinement strength epsilon (dimensionless, >= 0; f = eps * h * (N x omega)).
    // Default 0 (the curl is computed all the same: it is a diagnostic field).
    float vorticity = 0.0f;
    // Exponential damping rates, 1/s, >= 0: each second a quantity is multiplied by exp(-rate),
    // independent of dt. Defaults 0 (no damping).
    float velocityDamping = 0.0f;
    float densityDamping = 0.0f;
    // Rate at which temperature relaxes towards ambientTemperature (the gas cooling), 1/s, >= 0:
    // T = ambient + (T - ambient) exp(-rate dt). Default 0.
    float temperatureRelaxation = 0.0f;
    // Buoyancy acceleration f = gravity * (densityWeight * density
    //                                      - thermalExpansion * (temperature - ambientTemperature)).
    // densityWeight: per density unit, default 0; thermalExpansion: 1/K, default 0 (so no
    // buoyancy unless asked); ambientTemperature: the background's absolute temperature, K, > 0,
    // default 293.15.
    float densityWeight = 0.0f;
    float thermalExpansion = 0.0f;
    float ambientTemperature = 293.15f;
    // Speed limit per face velocity component, m/s, >= 0: each component is clamped to
    // [-maxSpeed, maxSpeed] after damping; 0 disables it. Default 0.
    float maxSpeed = 0.0f;
    // Record buoyancy, vorticity confinement, velocity damping and the speed limit of a full step
    // as one pass over the faces after the curl instead of three. This moves the velocity damping
    // before the diffusion (an O(dt) change of operator splitting), and the confinement then uses
    // the curl of the velocity before buoyancy (docs/architecture.md, "A step"). Separately
    // recorded passes (recordPass) keep their own kernels. Default true.
    bool fuseVelocityForces = true;
    // Density of the fluid, kg/m^3, in [1e-4, 1e5]: the solvers move a kinematic pressure
    // (pressure / density, m^2/s^2); the forces and torques reported on the colliders
    // (colliderForces(), billow/collider_forces.hpp) are that pressure and the viscous stress
    // times this density. It changes nothing in the flow itself. Default 1.2 (air at about 20 C).
    float fluidDensity = 1.2f;
    // Add the ambient fluid's hydrostatic pressure to the forces reported on the colliders: the
    // solvers are Boussinesq, so their pressure holds no ambient part and a body in still air
    // feels no buoyancy. With this on, each collider's reported pressureForce and force also hold
    // -fluidDensity * gravity * volume (the buoyancy of the fluid it displaces, Archimedes, on the
    // volume the grid sees: ColliderForce::volume), acting at its centre (no torque: exact for a
    // body inside the domain that is symmetric about its centre). It changes nothing in the flow.
    // Default false (the forces of the flow alone, as an engine whose physics already applies
    // air buoyancy wants them).
    bool ambientBuoyancy = false;

    void validate(const char* owner) const;
};

// The health scan every solver records after a whole step.
struct HealthSettings {
    // Non-finite detection (billow/health.hpp): Report scans the state fields for NaN and
    // infinity after every whole step (one read of each field: estimated under 1% of a step's GPU
    // time) and health() reports it; Throw also makes the next step()/record() throw
    // NonFiniteError; Off records no scan. Default Report.
    NonFiniteCheck nonFiniteCheck = NonFiniteCheck::Report;

    void validate(const char* owner) const;
};

} // namespace billow
