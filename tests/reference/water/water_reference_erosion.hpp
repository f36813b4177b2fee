// Double-precision reference of the water solver's erosion (hydraulic: Mei, Decaudin & Hu 2007
// with the sediment moved by the pipes' own flows; thermal: Musgrave, Kolb & Mace 1989 / Jako
// 2011) on both lattices, written from the lattices' geometry (billow/water_settings.hpp) and the
// flow layouts (billow/water_solver.hpp), each value with a bound on the float rounding the GPU's
// value may carry.
#pragma once

#include <array>
#include <vector>

#include "billow/water_settings.hpp"

namespace billow::water_ref {

// One edge of a cell: the neighbour across it (possibly outside the grid), the unit vector from
// the cell towards it, and where its flow is stored.
struct LatticeNeighbour {
    int i = 0, j = 0;
    bool inside = false;
    int cell = -1;                  // index i + j*nx when inside
    double towardsX = 0.0, towardsY = 0.0;
    int array = 0;                  // 0: FlowX, 1: FlowY, 2: FlowZ
    size_t index = 0;               // into that flow array
    double sign = 0.0;              // +1: a positive stored flow enters the cell, -1: it leaves
};

// Every edge of cell (i, j): 4 on the Square lattice, 6 on the Triangle one, found as the cells
// one cellSize away (positions from the lattice's geometry).
std::vector<LatticeNeighbour> latticeNeighbours(const WaterSettings& s, int i, int j);
// Area of a cell's column, m^2.
double latticeCellArea(const WaterSettings& s);

// The fields the frame's erosion reads and writes, cell by cell (velocity: 2 per cell).
struct ErosionState {
    std::vector<double> terrain, depth, sediment, hardness, velocity;
};
struct ErosionBounds {
    std::vector<double> terrain, depth, sediment;
};

// One substep's sediment transport: each edge carries |q| dt / area * s_up / H_up from its upwind
// cell, q the applied (scaled) flow; clean water enters through the sides and water leaving takes
// its sediment along. `depth` is the depth before the substep's update; `flows` FlowX/Y/Z (FlowZ
// empty on the Square lattice). `bound` receives each cell's rounding bound (added to what it held).
void transportSediment(const WaterSettings& s, double dt, const std::vector<double>& depth,
                       const std::array<std::vector<double>, 3>& flows, std::vector<double>& sediment,
                       std::vector<double>& bound);

// The frame's erosion pass: evaporation, hydraulic dissolving / deposition, thermal slides.
// `bounds` must hold the rounding the inputs already carry (sediment; zeros else), and receives
// the outputs' bounds.
void erode(const WaterSettings& s, double dt, ErosionState& st, ErosionBounds& bounds);

// The least-squares terrain gradient at (i, j), m/m.
std::array<double, 2> terrainGradient(const WaterSettings& s, const std::vector<double>& terrain, int i, int j);

} // namespace billow::water_ref
