// Bilinear interpolation on a grid of samples, shared by PNG images and .npy arrays.
#pragma once

#include <algorithm>
#include <cstdint>

namespace billow::scene {

// The value at (x, y) in sample units (sample (i, j) sits at x = i, y = j), clamped to the edge
// samples; `at(i, j)` returns a sample.
template <typename At>
float bilinearSample(uint32_t width, uint32_t height, float x, float y, const At& at) {
    x = std::clamp(x, 0.0f, float(width - 1));
    y = std::clamp(y, 0.0f, float(height - 1));
    const uint32_t x0 = static_cast<uint32_t>(x), y0 = static_cast<uint32_t>(y);
    const uint32_t x1 = std::min(x0 + 1, width - 1), y1 = std::min(y0 + 1, height - 1);
    const float fx = x - x0, fy = y - y0;
    return (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x1, y0)) + fy * ((1 - fx) * at(x0, y1) + fx * at(x1, y1));
}

} // namespace billow::scene
