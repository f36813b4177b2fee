// Index helpers and the boundary lookup shared by the double-precision water reference files.
#pragma once

#include "billow/water_settings.hpp"

namespace billow::water_ref {

struct Grid {
    int nx, ny;
    int cell(int i, int j) const { return i + j * nx; }
    int xFace(int i, int j) const { return i + j * (nx + 1); }
    int yFace(int i, int j) const { return i + j * nx; }
};

// The boundary rule of face k along `side` (per-side setting, then overrides in order).
inline WaterBoundary boundaryAt(const WaterSettings& s, Side side, uint32_t k) {
    WaterBoundary b = s.boundaries[static_cast<size_t>(side)];
    for (const WaterFaceOverride& o : s.overrides)
        if (o.side == side && k >= o.first && k < o.first + o.count) b = o.boundary;
    return b;
}

} // namespace billow::water_ref
