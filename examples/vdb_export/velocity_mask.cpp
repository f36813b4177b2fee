#include "velocity_mask.hpp"

#include <algorithm>
#include <cstdint>

#include "cell_layout.hpp"

namespace billow::vdb::detail {
namespace {

// Dilates `mask` (one flag per value of the layout) by `radius` cells along one axis; three
// passes, one per axis, dilate by the cube of side 2 radius + 1. Cells the frame has no value for
// (outside the domain, or in no listed brick) hold no velocity and are skipped.
void dilateAxis(std::vector<uint8_t>& mask, const CellLayout& layout, int axis, uint32_t radius) {
    const std::vector<uint8_t> source = mask;
    for (size_t c = 0; c < source.size(); ++c) {
        if (!source[c]) continue;
        const std::array<uint32_t, 3> cell = layout.cellOf(c);
        std::array<int64_t, 3> at{cell[0], cell[1], cell[2]};
        const int64_t centre = at[axis];
        for (int64_t m = centre - int64_t(radius); m <= centre + int64_t(radius); ++m) {
            at[axis] = m;
            const int64_t k = layout.indexOf(at[0], at[1], at[2]);
            if (k >= 0) mask[size_t(k)] = 1;
        }
    }
}

} // namespace

std::vector<bool> velocityNeighbourhood(const VolumeFrame& frame) {
    const CellLayout layout(frame);
    const size_t values = layout.values();
    if (frame.density.empty() && frame.fuel.empty() && frame.temperature.empty()) return std::vector<bool>(values, true);
    const double threshold = frame.velocityMask.threshold;
    std::vector<uint8_t> near(values, 0);
    layout.forEachCell([&](const std::array<uint32_t, 3>&, size_t c) {
        const bool smoke = !frame.density.empty() && double(frame.density[c]) >= threshold;
        const bool fuel = !frame.fuel.empty() && double(frame.fuel[c]) >= threshold;
        const bool flame = !frame.temperature.empty() && double(frame.temperature[c]) - double(frame.temperatureBackground) >= threshold;
        near[c] = smoke || fuel || flame;
    });
    if (frame.velocityMask.dilation > 0)
        for (int axis = 0; axis < 3; ++axis) dilateAxis(near, layout, axis, frame.velocityMask.dilation);
    return std::vector<bool>(near.begin(), near.end());
}

} // namespace billow::vdb::detail
