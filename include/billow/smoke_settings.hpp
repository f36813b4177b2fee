// Settings of the 2D smoke solver. Every field has a unit and a default; `validate()` (called by
// SmokeSolver's constructor) throws InvalidArgument naming the first offending field.
#pragma once

#include <array>
#include <cstdint>

#include "billow/grid.hpp"             // Side, BoundaryType, AdvectionScheme
#include "billow/solver_settings.hpp"  // the shared blocks

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

// The pressure, advection, diffusion, force and health fields are the shared blocks'
// (billow/solver_settings.hpp), documented there once.
struct SmokeSettings : PressureSettings, AdvectionSettings, DiffusionSettings, SmokeForceSettings, HealthSettings {
    // Velocity/scalar grid, cells. Default 128 x 128. 2..16384 each.
    uint32_t nx = 128;
    uint32_t ny = 128;
    // Edge length of one (square) cell, m. Default 1/128 (a 1 m wide domain at the default size,
    // as the 3D solver's default 64 cells of 1/64 m; the water solver's terrain cells are 1 m).
    float cellSize = 1.0f / 128.0f;
    // Dye grid, cells; it covers the same domain (dye finer than the velocity, as in Harris, GPU Gems ch. 38).
    // 0 means "same as nx / ny". Default 0.
    uint32_t dyeNx = 0;
    uint32_t dyeNy = 0;

    // Dye diffusion coefficient, m^2/s; 0 skips it. Default 0. Diffused by `diffusionIterations`
    // Jacobi sweeps whatever the diffusionSolver.
    float dyeDiffusion = 0.0f;
    // Advection scheme of the dye (AdvectionSettings has the scalars' and the velocity's).
    // Default SemiLagrangian.
    AdvectionScheme dyeAdvection = AdvectionScheme::SemiLagrangian;
    // How the dye buffer stores RGBA: Float32 (16 bytes a cell) or Float16 (two uints of packed
    // halves, RG then BA: 8 bytes a cell; ~3 significant digits, |value| <= 65504). Fixed when the
    // solver is created (updateSettings refuses a change). Default Float32.
    DyeStorage dyeStorage = DyeStorage::Float32;
    // Exponential damping rate of the dye, 1/s, >= 0 (SmokeForceSettings has the others). Default 0.
    float dyeDamping = 0.0f;
    // Gravity of the buoyancy force (SmokeForceSettings), m/s^2. Default (0, -9.81).
    std::array<float, 2> gravity{0.0f, -9.81f};

    // Boundary per side, indexed by Side. Default: free-slip walls all round.
    std::array<BoundarySide, 4> boundaries{};

    // Throws InvalidArgument naming the offending field.
    void validate() const;

    uint32_t effectiveDyeNx() const { return dyeNx ? dyeNx : nx; }
    uint32_t effectiveDyeNy() const { return dyeNy ? dyeNy : ny; }
};

} // namespace billow
