// The water solver's fields for one output frame, and their .npy shapes.
#pragma once

#include <cstdint>
#include <vector>

#include <billow/water_solver.hpp>

#include "common/download_cache.hpp"

namespace billow::scene {

using WaterFieldCache = DownloadCache<WaterSolver, WaterField>;

// (ny, nx) for cells, (ny, nx + 1) for flowX, (ny + 1, nx) for flowY, (ny, nx, 2) for the
// velocity.
std::vector<uint64_t> fieldShape(WaterField field, const WaterSettings& settings);

} // namespace billow::scene
