// The smoke solver's fields for one output frame, plus the cell-centred velocity made from them,
// and their .npy shapes.
#pragma once

#include <cstdint>
#include <vector>

#include <billow/smoke_solver.hpp>

#include "common/download_cache.hpp"

namespace billow::scene {

class FieldCache : public DownloadCache<SmokeSolver, Field> {
public:
    using DownloadCache::DownloadCache;
    // Cell-centred velocity (average of the two faces), interleaved (u, v) per cell.
    const std::vector<float>& cellVelocity();

private:
    std::vector<float> cellVelocity_;
};

// (ny, nx) for cells, (ny, nx + 1) for u, (dyeNy, dyeNx, 4) for dye...
std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& settings);

} // namespace billow::scene
