// The 3D solver's fields for one output frame, the cell-centred velocity made from them, and
// their .npy shapes.
#pragma once

#include <cstdint>
#include <vector>

#include <billow/smoke3d_solver.hpp>

#include "common/download_cache.hpp"

namespace billow::scene {

class FieldCache3D : public DownloadCache<SmokeSolver3D, Field3D> {
public:
    using DownloadCache::DownloadCache;
    // Cell-centred velocity (mean of each axis's two faces), interleaved (u, v, w) per cell.
    const std::vector<float>& cellVelocity();
    // |velocity| per cell.
    const std::vector<float>& cellSpeed();

private:
    std::vector<float> cellVelocity_, cellSpeed_;
};

// Cells (nz, ny, nx), x-faces (nz, ny, nx + 1), y-faces (nz, ny + 1, nx), z-faces (nz + 1, ny, nx),
// colour (nz, ny, nx, 4): C order with x fastest, as the solver stores them.
std::vector<uint64_t> fieldShape(Field3D field, const SmokeSettings3D& settings);

} // namespace billow::scene
