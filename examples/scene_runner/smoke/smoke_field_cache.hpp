// The smoke solver's fields for one output frame, plus the cell-centred velocity made from them.
#pragma once

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

} // namespace billow::scene
