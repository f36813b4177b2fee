#include "velocity_mask.hpp"

#include <algorithm>
#include <cstdint>

namespace billow::vdb::detail {
namespace {

// Dilates `mask` by `radius` cells along one axis (stride between neighbours `stride`, `n` cells
// on the axis); three passes, one per axis, dilate by the cube of side 2 radius + 1.
void dilateAxis(std::vector<uint8_t>& mask, const VolumeFrame& f, int axis, uint32_t radius) {
    const uint32_t n[3] = {f.nx, f.ny, f.nz};
    const size_t stride[3] = {1, size_t(f.nx), size_t(f.nx) * f.ny};
    const std::vector<uint8_t> source = mask;
    const size_t cells = source.size();
    for (size_t c = 0; c < cells; ++c) {
        if (!source[c]) continue;
        const uint32_t coord[3] = {uint32_t(c % f.nx), uint32_t(c / f.nx % f.ny), uint32_t(c / (size_t(f.nx) * f.ny))};
        const uint32_t at = coord[axis];
        const uint32_t low = at >= radius ? at - radius : 0, high = std::min(n[axis] - 1, at + radius);
        const size_t base = c - size_t(at) * stride[axis];
        for (uint32_t m = low; m <= high; ++m) mask[base + size_t(m) * stride[axis]] = 1;
    }
}

} // namespace

std::vector<bool> velocityNeighbourhood(const VolumeFrame& frame) {
    const size_t cells = size_t(frame.nx) * frame.ny * frame.nz;
    if (frame.density.empty() && frame.fuel.empty() && frame.temperature.empty()) return std::vector<bool>(cells, true);
    const double threshold = frame.velocityMask.threshold;
    std::vector<uint8_t> near(cells, 0);
    for (size_t c = 0; c < cells; ++c) {
        const bool smoke = !frame.density.empty() && double(frame.density[c]) >= threshold;
        const bool fuel = !frame.fuel.empty() && double(frame.fuel[c]) >= threshold;
        const bool flame = !frame.temperature.empty() && double(frame.temperature[c]) - double(frame.temperatureBackground) >= threshold;
        near[c] = smoke || fuel || flame;
    }
    if (frame.velocityMask.dilation > 0)
        for (int axis = 0; axis < 3; ++axis) dilateAxis(near, frame, axis, frame.velocityMask.dilation);
    return std::vector<bool>(near.begin(), near.end());
}

} // namespace billow::vdb::detail
