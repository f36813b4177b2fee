// Settings of the 3D smoke and fire solver (SmokeSolver3D). Every field has a unit and a default;
// `validate()` (called by SmokeSolver3D's constructor and updateSettings) throws InvalidArgument
// naming the first offending field. The meanings follow the 2D solver's SmokeSettings where the
// two share an idea.
#pragma once

#include <array>
#include <cstdint>

#include "billow/grid.hpp"             // Side, BoundaryType, AdvectionScheme
#include "billow/solver_settings.hpp"  // the shared blocks

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

// How the flow's fields are stored on the GPU: the velocity's faces and the density, temperature
// and fuel cells (SmokeSettings3D::flowStorage). The solver computes in float32 either way.
enum class FlowStorage : uint32_t {
    Float32,  // 4 bytes a value
    // 2 bytes a value, IEEE half precision: 11 significant bits (a relative rounding of at most
    // 2^-11 a store), |value| <= 65504. The temperature is stored as its difference from the
    // ambient temperature the solver was made with (SmokeSolver3D::storedTemperatureOrigin), so a
    // fluid at rest stays exactly at rest. Needs 16-bit storage buffers on the device
    // (Context::supports16BitStorage; not SwiftShader). Pressure, divergence, the obstacles and the
    // colour stay float32. docs/smoke3d.md has the bytes a cell and docs/accuracy.md the error.
    Float16,
};

// The pressure (on the 7-point stencil), advection, diffusion, force and health fields are the
// shared blocks' (billow/solver_settings.hpp), documented there once.
struct SmokeSettings3D : PressureSettings, AdvectionSettings, DiffusionSettings, SmokeForceSettings, HealthSettings {
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
    // How the velocity, density, temperature and fuel are stored (FlowStorage). Fixed at
    // creation; Float16 on a device without 16-bit storage buffers is UnsupportedDevice. Default
    // Float32.
    FlowStorage flowStorage = FlowStorage::Float32;

    // Diffusion coefficient of density, temperature, fuel and colour, m^2/s; 0 skips it. Default 0.
    // Solved by `diffusionSolver` (the colour by Jacobi sweeps always).
    float scalarDiffusion = 0.0f;
    // Advection scheme of the colour (AdvectionSettings has the scalars' and the velocity's).
    // Default SemiLagrangian.
    AdvectionScheme colourAdvection = AdvectionScheme::SemiLagrangian;
    // Exponential damping rates of the fuel and the colour, 1/s, >= 0 (SmokeForceSettings has
    // the others). Defaults 0.
    float fuelDamping = 0.0f;
    float colourDamping = 0.0f;
    // Gravity of the buoyancy force (SmokeForceSettings), m/s^2. Default (0, -9.81, 0).
    std::array<float, 3> gravity{0.0f, -9.81f, 0.0f};

    CombustionSettings combustion{};

    // Boundary per side, indexed by Side (Left, Right, Bottom, Top, Back, Front). Default: walls.
    std::array<BoundarySide3D, 6> boundaries{};

    // Throws InvalidArgument naming the offending field.
    void validate() const;
};

} // namespace billow
