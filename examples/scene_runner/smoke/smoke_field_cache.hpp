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
    // The divergence the last projection started from (1/s, cells; empty when not kept): the
    // runner keeps it before it measures what the projection left (Field::Divergence).
    const std::vector<float>& divergenceBeforeProjection() const { return divergenceBefore_; }
    void keepDivergenceBeforeProjection(std::vector<float> values) { divergenceBefore_ = std::move(values); }

private:
    std::vector<float> cellVelocity_;
    std::vector<float> divergenceBefore_;
};

// (ny, nx) for cells, (ny, nx + 1) for u, (dyeNy, dyeNx, 4) for dye...
std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& settings);

} // namespace billow::scene
