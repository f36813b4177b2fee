#include "water/water_boundary_table.hpp"

#include <cstddef>
#include <numbers>

namespace billow::detail {
namespace {

gpu::WaterBoundaryFace toGpu(const WaterBoundary& b) {
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
    // Offset of each side's first entry and its face count, in Side order.
    const uint32_t offset[4] = {0, s.ny, 2 * s.ny, 2 * s.ny + s.nx};
    const uint32_t faces[4] = {s.ny, s.ny, s.nx, s.nx};
    std::vector<gpu::WaterBoundaryFace> table(2 * (std::size_t(s.nx) + s.ny));
    for (uint32_t side = 0; side < 4; ++side)
        for (uint32_t k = 0; k < faces[side]; ++k) table[offset[side] + k] = toGpu(s.boundaries[side]);
    for (const WaterFaceOverride& o : s.overrides) {
        const uint32_t side = static_cast<uint32_t>(o.side);
        for (uint32_t k = o.first; k < o.first + o.count; ++k) table[offset[side] + k] = toGpu(o.boundary);
    }
    return table;
}

} // namespace billow::detail
