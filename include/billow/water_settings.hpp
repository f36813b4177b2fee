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

// Where the water columns stand (docs/shallow-water.md, "Lattices").
enum class WaterLattice : uint32_t {
    // Cells of a square grid, four faces each (flows FlowX, FlowY). The default.
    Square = 0,
    // The vertices of a lattice of equilateral triangles of side cellSize (the virtual-pipe
    // article's hexagonal-dual grid), stored as offset rows: vertex (i, j) stands at
    // x = (i + 0.5 + 0.5 * (j odd)) * cellSize, y = (j + 0.5) * cellSize * sqrt(3) / 2, so the domain
    // is a rectangle ((nx + 0.5) * cellSize by ny * cellSize * sqrt(3) / 2) like the square grid's.
    // Each vertex has six neighbours and owns the column of its hexagonal (Voronoi) cell, of area
    // cellSize^2 * sqrt(3) / 2; each edge is a pipe of width cellSize / sqrt(3). Three flow arrays:
    // FlowX along the rows, FlowY from the lower-left neighbour, FlowZ from the lower-right one
    // (billow/water_solver.hpp has their layout). Water spreads as a near circle where the square
    // grid spreads as a diamond. The pipe models only: the Momentum model is refused (its face
    // velocities would over-determine a vertex's 2D velocity on the hexagonal C-grid).
    Triangle = 1,
};

// Hydraulic erosion (Mei, Decaudin & Hu 2007), with the suspended sediment moved by the pipes'
// own flows so that terrain + sediment is conserved to round-off. Per frame and cell:
//   capacity C = capacity * max(sin(tilt), minimumTilt) * |v|   (m of soil)
//   sediment s relaxes towards C: dissolving at dissolveRate * (1 - hardness) while s < C (the
//   terrain gives what s gains), depositing at depositRate while s > C (the terrain takes it);
//   a dry cell deposits all it carries.
// Sediment travels with the water: every substep each pipe carries (its flow * dt) * s / H of
// the cell it leaves.
struct HydraulicErosionSettings {
    // On or off. Default false (the terrain never changes by itself).
    bool enabled = false;
    // Sediment capacity constant K_c: the soil height (m) the water can carry per m/s of flow
    // speed on a slope of sin(tilt) = 1, so s (seconds). >= 0. Default 0.1.
    float capacity = 0.1f;
    // Floor of sin(tilt) in the capacity, so flat ground still carries sediment, in [0, 1].
    // Default 0.05.
    float minimumTilt = 0.05f;
    // Rate at which soil dissolves into water carrying less than its capacity, 1/s, >= 0.
    // Default 0.5. A cell's Hardness (0..1) scales it by (1 - hardness).
    float dissolveRate = 0.5f;
    // Rate at which sediment above the capacity settles, 1/s, >= 0. Default 1.
    float depositRate = 1.0f;
    // Water deeper than this erodes less, linearly down to nothing at twice this depth, m
    // (rivers scour their banks, not the bed of a deep lake). 0 switches the limit off. >= 0. Default 0.
    float deepWaterLimit = 0.0f;
    // Water at most this deep, m, neither dissolves soil nor carries it (what it carries settles):
    // the thin sheet that rain spreads over a whole slope does not cut it (Horton 1945's belt of no
    // erosion); the runoff it gathers into rills, deeper than this, does, and cuts valleys. In
    // [0, 1]. Default 0.005 (5 mm). Cells at or below dryDepth count as dry here as well. The pipe
    // models give a thin film a flow of the same order as deep water's, so its speed q / (h H)
    // grows without bound as H shrinks: without this floor rain wears a mountain down evenly.
    float sheetFlowDepth = 0.005f;
};

// Thermal erosion (Musgrave, Kolb & Mace 1989; Jako 2011): where the terrain between two
// neighbours is steeper than the talus angle, soil slides down until it is not. The higher cell's
// Hardness scales what slides by (1 - hardness): bedrock does not slump.
struct ThermalErosionSettings {
    // On or off. Default false.
    bool enabled = false;
    // Angle of repose, degrees, in (0, 90). Slopes steeper than this slide. Default 35 (dry sand).
    float talusAngle = 35.0f;
    // Fraction of the excess height moved per second, 1/s, >= 0 (a step moves at most half the
    // excess, so the slope never overshoots). Default 5.
    float rate = 5.0f;
};

struct WaterErosionSettings {
    HydraulicErosionSettings hydraulic;
    ThermalErosionSettings thermal;
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
    // Square cells or the vertices of a triangle lattice (above). Default Square.
    WaterLattice lattice = WaterLattice::Square;
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
    // The depth, m, at or below which a cell counts as dry: its velocity (the flow over h times the
    // depth) is reported as 0 and it holds no dye, floating bodies find no water there, and erosion
    // settles all its sediment. Momentum: a face whose mean depth, or whose upwind cell's depth, is
    // at most this has velocity 0 (nothing flows out of a dry cell, and no velocity is divided by a
    // vanishing depth). In [1e-6, 1]: below a micrometre a film's velocity q / (h H) runs to
    // thousands of m/s. Default 1e-4 (0.1 mm).
    float dryDepth = 1e-4f;
    // Density of the water, kg/m^3, > 0: the buoyancy, drag and lift of floating bodies
    // (billow/floating_bodies.hpp) scale with it. Default 1000 (fresh water).
    float waterDensity = 1000.0f;
    // Decay rate of the dye/foam field, 1/s (multiplied by exp(-rate * dt)), >= 0. Default 0.
    float dyeDecay = 0.0f;
    // Evaporation: every frame multiplies the depth by exp(-rate * dt), 1/s, >= 0 (the sediment
    // the water carried stays, and settles where the cell dries). Default 0.
    float evaporation = 0.0f;
    // Hydraulic and thermal erosion of the terrain (above). Default: both off.
    WaterErosionSettings erosion;

    // Boundary per side, indexed by Side (Left, Right, Bottom, Top). Default: walls all round.
    std::array<WaterBoundary, 4> boundaries{};
    // Per-face exceptions along the sides, applied in order after `boundaries`.
    std::vector<WaterFaceOverride> overrides;

    // Throws InvalidArgument naming the offending field, e.g. "WaterSettings::courant".
    void validate() const;
};

} // namespace billow
