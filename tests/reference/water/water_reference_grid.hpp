// Index helpers and the boundary lookup shared by the double-precision water reference files.
#pragma once

#include <cmath>

#include "billow/water_settings.hpp"

namespace billow::water_ref {

struct Grid {
    int nx, ny;
    int cell(int i, int j) const { return i + j * nx; }
    int xFace(int i, int j) const { return i + j * (nx + 1); }
    int yFace(int i, int j) const { return i + j * nx; }
};

// Where cell (i, j)'s column stands, m: the square cell's centre, or the Triangle lattice's vertex
// (WaterLattice::Triangle: rows of spacing h sqrt(3) / 2, odd rows shifted by h / 2). Also for
// cells beyond the grid (row -1 is odd).
inline void cellCentre(const WaterSettings& s, int i, int j, double& x, double& y) {
    const double h = s.cellSize;
    if (s.lattice == WaterLattice::Triangle) {
        x = (i + 0.5 + 0.5 * (((j % 2) + 2) % 2)) * h;
        y = (j + 0.5) * h * std::sqrt(3.0) / 2.0;
    } else {
        x = (i + 0.5) * h;
        y = (j + 0.5) * h;
    }
}

// The boundary rule of face k along `side` (per-side setting, then overrides in order).
inline WaterBoundary boundaryAt(const WaterSettings& s, Side side, uint32_t k) {
    WaterBoundary b = s.boundaries[static_cast<size_t>(side)];
    for (const WaterFaceOverride& o : s.overrides)
        if (o.side == side && k >= o.first && k < o.first + o.count) b = o.boundary;
    return b;
}

// The virtual-pipe viscosity (Mei, Decaudin & Hu 2007): a flow or face velocity q leaving a
// column of depth H shrinks by H^2 / (H^2 + 3 dt nu) over a substep of dt; nu = 0 leaves it.
inline double viscousDamping(const WaterSettings& s, double q, double upwindDepth, double dt) {
    const double h2 = upwindDepth * upwindDepth;
    if (s.viscosity <= 0.0f || h2 <= 0.0) return q;
    return q * h2 / (h2 + 3.0 * dt * s.viscosity);
}

} // namespace billow::water_ref
