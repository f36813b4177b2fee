// Settings of the shallow-water solver (virtual pipes after Mei, Decaudin & Hu 2007, or the momentum model of Stelling & Duinmeijer 2003). Every field has a unit and a
// default; `validate()` (called by WaterSolver's constructor and updateSettings) throws
// InvalidArgument naming the first offending field.
//
// The model: water depth H and terrain height T per cell, one signed volume flow Q (m^3/s) per
// face, positive towards +x / +y. Each face is a pipe of cross-section A between two cells:
//   Q <- Q * (1 - friction)^dt + dt * g * A / cellSize * (surface_upstream - surface_downstream)
// then outflow scaling (no cell gives more water than it holds) and H += dt/cellSize^2 * net Q.
// docs/shallow-water.md has the derivation, the stability limit and the boundary rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "billow/solver_settings.hpp"  // HealthSettings
#include "billow/grid.hpp"  // billow::Side (Left, Right, Bottom, Top)

namespace billow {

enum class WaterBoundaryType : uint32_t {
    Wall = 0,       // closed: the face flow is 0
    Inflow = 1,     // a given flow per metre of side, `flow` m^2/s (> 0 enters, < 0 leaves)
    Outflow = 2,    // free drain: water leaves as if into a dry cell `drop` m below the edge cell's
                    // terrain; never lets water in
    WaveMaker = 3,  // periodic inflow per metre of side: flow + amplitude * sin(2 pi t / period + phase)
};

struct WaterBoundary {
    WaterBoundaryType type = WaterBoundaryType::Wall;  // default: wall
    // Inflow: flow per metre of side, m^2/s (into the domain when > 0). WaveMaker: the mean flow.
    // Default 0.
    float flow = 0.0f;
    // WaveMaker: amplitude of the sinusoidal flow, m^2/s. Default 0.
    float amplitude = 0.0f;
    // WaveMaker: period, s, > 0. Default 1.
    float period = 1.0f;
    // WaveMaker: phase at t = 0, radians. Default 0.
    float phase = 0.0f;
    // Outflow: how far the (dry) ground beyond the side lies below the edge cell's terrain, m, >= 0.
    // Default 0 (the edge water drains under its own depth). The Momentum model ignores it: its
    // drain is a free overfall at the critical speed sqrt(g H).
    float drop = 0.0f;
};

// A different boundary for the faces [first, first + count) along one side (a river entering at
// one spot of an otherwise closed side). Faces along Left/Right are numbered by row j, along
// Bottom/Top by column i. Later overrides win over earlier ones.
struct WaterFaceOverride {
    Side side = Side::Left;
    uint32_t first = 0;
    uint32_t count = 1;
    WaterBoundary boundary;
};

enum class WaterModel : uint32_t {
    // The classic virtual-pipe model: constant pipe cross-section A = cellSize * pipeDepth. Waves travel at
    // sqrt(g * pipeDepth) whatever the water depth. Fastest; the default.
    VirtualPipes = 0,
    // Pipe cross-section A = cellSize * (depth at the face), the mean of the two cells' depths:
    // small waves travel at the shallow-water speed sqrt(g * H). The stability limit then follows
    // the deepest water, measured on the GPU (see WaterSolver::stableTimeStep).
    DepthPipes = 1,
    // Shallow-water equations with inertia (Stelling & Duinmeijer 2003): a velocity u (m/s) per
    // face, advected in momentum-conserving form and accelerated by gravity along the surface
    // slope; the face flow is u times the depth of the upwind cell. Dam-break fronts and bores
    // move at the right speed and hydraulic jumps form. The stability limit follows the fastest
    // flow plus the fastest wave, |u| + sqrt(g * H), both measured on the GPU. Slower than the
    // pipe models (one more pass of reads per substep, smaller substeps in fast flow).
    // docs/shallow-water.md has the equations and how the boundaries behave.
    Momentum = 2,
};

// nonFiniteCheck is the shared HealthSettings block (billow/solver_settings.hpp).
struct WaterSettings : HealthSettings {
    // Grid, cells. Default 128 x 128. 2..16384 each.
    uint32_t nx = 128;
    uint32_t ny = 128;
    // Edge length of one (square) cell, m. Default 1.
    float cellSize = 1.0f;
    // Gravitational acceleration, m/s^2, > 0. Default 9.81.
    float gravity = 9.81f;
    // Which model (above). Default VirtualPipes.
    WaterModel model = WaterModel::VirtualPipes;
    // VirtualPipes: pipe cross-section is cellSize * pipeDepth, m; waves move like waves on water
    // this deep. > 0. Default 1 (with cellSize 1 this is the classic formula).
    float pipeDepth = 1.0f;
    // Fraction of the flow lost per second, in [0, 1): each step multiplies flows (Momentum: face
    // velocities) by (1 - friction)^dt, so the loss does not depend on dt. Default 0.
    float friction = 0.0f;
    // Viscosity nu, m^2/s, >= 0: each step multiplies a face flow (Momentum: face velocity) by
    // H^2 / (H^2 + 3 dt nu) with H the depth of the upwind cell (Mei, Decaudin & Hu 2007). 0 skips it. Default 0.
    float viscosity = 0.0f;
    // Courant number of the substeps: dt_sub <= courant * cellSize / wave speed (Momentum: flow
    // speed + wave speed). The explicit scheme is stable up to 1/sqrt(2) ~ 0.707
    // (docs/shallow-water.md). In (0, 0.7071]. Default 0.5.
    float courant = 0.5f;
    // Most substeps one frame may take; a frame dt needing more is refused with InvalidArgument
    // naming "dt" (never silently unstable). 1..1000000. Default 1000.
    uint32_t maxSubsteps = 1000;
    // Cells whose mean depth over a substep is below this report velocity 0 and hold no dye, m,
    // >= 0. Momentum: a face whose mean depth, or whose upwind cell's depth, is at most this has
    // velocity 0 (nothing flows out of a dry cell, and no velocity is divided by a vanishing
    // depth). Default 1e-4.
    float dryDepth = 1e-4f;
    // Density of the water, kg/m^3, > 0: the buoyancy, drag and lift of floating bodies
    // (billow/floating_bodies.hpp) scale with it. Default 1000 (fresh water).
    float waterDensity = 1000.0f;
    // Decay rate of the dye/foam field, 1/s (multiplied by exp(-rate * dt)), >= 0. Default 0.
    float dyeDecay = 0.0f;

    // Boundary per side, indexed by Side (Left, Right, Bottom, Top). Default: walls all round.
    std::array<WaterBoundary, 4> boundaries{};
    // Per-face exceptions along the sides, applied in order after `boundaries`.
    std::vector<WaterFaceOverride> overrides;

    // Throws InvalidArgument naming the offending field, e.g. "WaterSettings::courant".
    void validate() const;
};

} // namespace billow
