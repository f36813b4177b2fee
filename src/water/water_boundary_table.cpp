#include "water/water_boundary_table.hpp"

#include <cstddef>
#include <numbers>

#include "grid/sides.hpp"

namespace billow::detail {
namespace {

gpu::WaterBoundaryFace toGpu(const WaterBoundary& b) {
    static_assert(int(WaterBoundaryType::Wall) == BILLOW_WATER_WALL && int(WaterBoundaryType::Inflow) == BILLOW_WATER_INFLOW &&
                      int(WaterBoundaryType::Outflow) == BILLOW_WATER_OUTFLOW &&
                      int(WaterBoundaryType::WaveMaker) == BILLOW_WATER_WAVE,
                  "billow::WaterBoundaryType must match the water kernels' boundary types");
    gpu::WaterBoundaryFace f{};
    f.type = static_cast<int>(b.type);
    f.flow = b.flow;
    f.amplitude = b.amplitude;
    f.omega = static_cast<float>(2.0 * std::numbers::pi / b.period);
    f.phase = b.phase;
    f.drop = b.drop;
    return f;
}

} // namespace

std::vector<gpu::WaterBoundaryFace> buildWaterBoundaryTable(const WaterSettings& s) {
    // Offset of each side's first entry and its face count, in Side order (grid/sides.hpp).
    const uint32_t offset[kSides] = {0, s.ny, 2 * s.ny, 2 * s.ny + s.nx};
    const uint32_t faces[kSides] = {s.ny, s.ny, s.nx, s.nx};
    std::vector<gpu::WaterBoundaryFace> table(2 * (std::size_t(s.nx) + s.ny));
    for (uint32_t side = 0; side < kSides; ++side)
        for (uint32_t k = 0; k < faces[side]; ++k) table[offset[side] + k] = toGpu(s.boundaries[side]);
    for (const WaterFaceOverride& o : s.overrides) {
        const uint32_t side = static_cast<uint32_t>(o.side);
        for (uint32_t k = o.first; k < o.first + o.count; ++k) table[offset[side] + k] = toGpu(o.boundary);
    }
    return table;
}

} // namespace billow::detail
