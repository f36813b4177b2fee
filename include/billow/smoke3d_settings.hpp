// Settings of the 3D smoke and fire solver (SmokeSolver3D). Every field has a unit and a default;
// `validate()` (called by SmokeSolver3D's constructor and updateSettings) throws InvalidArgument
// naming the first offending field. The meanings follow the 2D solver's SmokeSettings where the
// two share an idea.
#pragma once

#include <array>
#include <cstdint>

#include "billow/diffusion.hpp"  // DiffusionSolverType
#include "billow/health.hpp"  // NonFiniteCheck
#include "billow/grid.hpp"      // Side, BoundaryType, AdvectionScheme, AdvectionLimiter
#include "billow/pressure.hpp"  // PressureSolverType, PressureResidual, kMultigridStallRatio

namespace billow {

// One side of the 3D domain.
struct BoundarySide3D {
    BoundaryType type = BoundaryType::Wall;  // default: free-slip wall
    // MovingWall: the wall's velocity, m/s (no-slip; its component normal to the side is ignored).
    // Default 0.
    std::array<float, 3> wallVelocity{0.0f, 0.0f, 0.0f};
    // Inflow: speed into the domain, m/s (> 0 enters). Default 1.
    float normalVelocity = 1.0f;
    // Inflow: what the entering fluid carries. Defaults: density 0, temperature 293.15 K (ambient),
    // fuel 0, colour transparent black.
    float density = 0.0f;
    float temperature = 293.15f;
    float fuel = 0.0f;
    std::array<float, 4> colour{0.0f, 0.0f, 0.0f, 0.0f};
};

// Fuel that burns (a flame model in the spirit of Nguyen, Fedkiw & Jensen 2002 and of the
// combustion in NVIDIA Flow and EmberGen, on cell-centred fields). Where the temperature is at
// least `ignitionTemperature`, fuel burns at `burnRate`: burnt = fuel * (1 - exp(-burnRate dt)).
// Each unit of burnt fuel adds `heatRelease` K of temperature and `smokeYield` units of density,
// and expands the gas: `expansion` m^3 of volume per m^3 of cell per unit of fuel burnt, a source
// of divergence (burnt * expansion / dt, 1/s) that the pressure solve pushes outward. So per cell
// and step: fuel lost = burnt, density gained = smokeYield * burnt, temperature gained =
// heatRelease * burnt (before advection, which moves but does not create them). Fully solid cells
// do not burn. Conservation: fuel + burnt is conserved per cell, so over the domain
// smoke created = smokeYield * (fuel lost), heat added = heatRelease * (fuel lost).
struct CombustionSettings {
    bool enabled = false;                 // default off (the Combustion pass then does nothing)
    float ignitionTemperature = 500.0f;   // K, finite, default 500
    float burnRate = 4.0f;                // 1/s, >= 0, default 4
    float heatRelease = 1500.0f;          // K per unit of fuel, >= 0, default 1500
    float smokeYield = 1.0f;              // density per unit of fuel, >= 0, default 1
    float expansion = 0.5f;               // dimensionless, >= 0, default 0.5 (0: no expansion)
};

struct SmokeSettings3D {
    static constexpr uint32_t kMaxCellsPerAxis = 2048;
    // Cells along x, y (up) and z. Default 64 each; 2..kMaxCellsPerAxis each (and every buffer must
    // fit the device's maxStorageBufferRange and all of them its memory: SmokeSolver3D's
    // constructor throws UnsupportedDevice otherwise; docs/smoke3d.md lists what a grid allocates).
    uint32_t nx = 64;
    uint32_t ny = 64;
    uint32_t nz = 64;
    // Edge length of one (cubic) cell, m. Default 1/64 (a 1 m cube at the default size).
    float cellSize = 1.0f / 64.0f;
    // Allocate and advect an RGBA colour per cell (16 bytes a cell, three copies). Fixed at
    // creation. Default false.
    bool colour = false;

    // Kinematic viscosity, m^2/s; 0 skips velocity diffusion. Default 0.
    float viscosity = 0.0f;
    // Diffusion coefficient of density, temperature, fuel and colour, m^2/s; 0 skips it. Default 0.
    // Both diffusions are implicit (unconditionally stable), solved by `diffusionSolver`.
    float scalarDiffusion = 0.0f;
    // Jacobi sweeps of the implicit diffusion solves (diffusionSolver Jacobi, and the colour
    // always), 0..1000000; 0 skips diffusion. Default 20.
    uint32_t diffusionIterations = 20;
    // How the viscosity and the density / temperature / fuel diffusion run: Jacobi sweeps (default)
    // or multigrid V-cycles to `diffusionTolerance` (docs/accuracy.md, "Implicit diffusion"). The
    // colour diffuses by `diffusionIterations` Jacobi sweeps either way.
    DiffusionSolverType diffusionSolver = DiffusionSolverType::Jacobi;
    // Multigrid: the most V-cycles per field and step, 1..1000. Default 10.
    uint32_t diffusionMaxCycles = 10;
    // Multigrid: stop once max|residual| / max|initial residual| of the step's equation
    // (dimensionless; reported by diffusionResidual()) is at most this. In (0, 1). Default 1e-4.
    float diffusionTolerance = 1e-4f;

    // Pressure solve: as SmokeSettings (the 7-point stencil). pressureIterations 0..1000000
    // (sweeps, SOR iterations, V-cycles or CG iterations), default 40; pressureTolerance in [0, 1)
    // (relative residual, Multigrid and MultigridPCG only; 0: run every iteration), default 0;
    // sorRelaxation (RedBlackSOR's omega) in (0, 2), default 1.7; trackPressureResidual measures the
    // final residual for pressureResidual(), default false. Default solver Jacobi.
    // incrementalPressure (Multigrid and MultigridPCG): solve for this step's change of the
    // pressure, as SmokeSettings::incrementalPressure, default true.
    PressureSolverType pressureSolver = PressureSolverType::Jacobi;
    uint32_t pressureIterations = 40;
    float pressureTolerance = 0.0f;
    float sorRelaxation = 1.7f;
    bool trackPressureResidual = false;
    bool incrementalPressure = true;

    // Advection of density, temperature and fuel; of the colour; of the velocity (each face
    // component at its own staggered position). Defaults: SemiLagrangian; limiter Clamp.
    AdvectionScheme scalarAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionScheme colourAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionScheme velocityAdvection = AdvectionScheme::SemiLagrangian;
    AdvectionLimiter advectionLimiter = AdvectionLimiter::Clamp;
    // Advection-reflection (Zehnder, Narain & Thomaszewski 2018), as SmokeSettings::
    // advectionReflection: the Reflect pass advects the velocity by itself for dt/2, projects it
    // into the midpoint velocity and reflects (u_reflected = 2 u_projected - u_unprojected); Advect
    // carries the reflected velocity for dt/2 and density, temperature, fuel and colour for dt by
    // the midpoint velocity; the final projection follows. Forces (emitters' coupling, buoyancy,
    // vorticity confinement) act with the whole dt before Reflect (the first half); diffusion
    // and damping after Advect. The combustion's expansion source enters both projections.
    // Cost: one more velocity advection, Divergence and PressureSolve per step, plus the
    // reflection; memory: one velocity copy and a pressure pair (allocated when first enabled).
    // Default false.
    bool advectionReflection = false;
    // Who moves the velocity (VelocityMode): Simulated, or Prescribed by the engine, which writes
    // the velocity buffers; each step then carries density, temperature, fuel and colour by them
    // and leaves them untouched. Default Simulated.
    VelocityMode velocityMode = VelocityMode::Simulated;
    // Sampling of every carried field: Linear (trilinear, 8 samples) or MonotoneCubic (64 samples,
    // never outside the 8 nearest samples' range); see SmokeSettings. Default MonotoneCubic
    // (docs/accuracy.md, "The default transport").
    AdvectionInterpolation advectionInterpolation = AdvectionInterpolation::MonotoneCubic;
    // Keeps the totals of density and fuel through each advection to what crossed the inflow and
    // outflow sides, as SmokeSettings::massCorrection (one factor per field and step, at most 5%).
    // Temperature and colour are not scaled. Default true.
    bool massCorrection = true;

    // Vorticity confinement strength epsilon (dimensionless, >= 0; f = eps * h * (N x omega), with
    // the curl omega on cell edges). Default 0 (the Vorticity field is computed all the same).
    float vorticity = 0.0f;

    // Exponential damping rates, 1/s, >= 0 (each second a quantity is multiplied by exp(-rate)),
    // independent of dt. Defaults 0.
    float velocityDamping = 0.0f;
    float densityDamping = 0.0f;
    float fuelDamping = 0.0f;
    float colourDamping = 0.0f;
    // Rate at which temperature relaxes toward ambientTemperature (the gas cooling), 1/s, >= 0:
    // T = ambient + (T - ambient) exp(-rate dt). Default 0.
    float temperatureRelaxation = 0.0f;

    // Buoyancy acceleration f = gravity * (densityWeight * density
    //                                      - thermalExpansion * (temperature - ambientTemperature)).
    // gravity m/s^2, default (0, -9.81, 0); densityWeight per density unit, default 0;
    // thermalExpansion 1/K, default 0; ambientTemperature K, default 293.15.
    std::array<float, 3> gravity{0.0f, -9.81f, 0.0f};
    float densityWeight = 0.0f;
    float thermalExpansion = 0.0f;
    float ambientTemperature = 293.15f;

    // Speed limit per face velocity component, m/s, >= 0: each component is clamped to
    // [-maxSpeed, maxSpeed] after damping; 0 disables it. Default 0.
    float maxSpeed = 0.0f;

    // Record buoyancy, vorticity confinement, velocity damping and the speed limit of a full step
    // as one pass over the faces after the curl and |omega| (smoke3d_velocity_forces.comp), as
    // SmokeSettings::fuseVelocityForces: velocity damping moves before the diffusion, and the
    // confinement uses the curl of the velocity before buoyancy. Default true.
    bool fuseVelocityForces = true;

    CombustionSettings combustion{};

    // Boundary per side, indexed by Side (Left, Right, Bottom, Top, Back, Front). Default: walls.
    std::array<BoundarySide3D, 6> boundaries{};

    // Non-finite detection (billow/health.hpp): Report scans the state fields for NaN and
    // infinity after every whole step (one read of each field: estimated under 1% of a step's GPU time)
    // and health() reports it; Throw also makes the next step()/record() throw NonFiniteError;
    // Off records no scan. Default Report.
    NonFiniteCheck nonFiniteCheck = NonFiniteCheck::Report;

    // Throws InvalidArgument naming the offending field.
    void validate() const;
};

} // namespace billow
