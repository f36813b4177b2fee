// An RGB picture and the way every view draws one: a colour per grid sample (optionally enlarged
// by whole pixels; the scene runner's views draw one pixel per sample and resize afterwards,
// see common/picture_resample.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "common/colour_maps.hpp"

namespace billow::scene {

struct Picture {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> rgb;  // first row at the top (+y up in the domain)
};

// A width x height picture from a per-sample colour function (i, j with j = 0 at the bottom),
// each sample drawn as a `zoom` x `zoom` block.
Picture draw(uint32_t width, uint32_t height, uint32_t zoom, const std::function<Rgb8(uint32_t, uint32_t)>& colour);

// The largest |value| (at least 1e-20, so dividing by it is safe).
float largestMagnitude(const std::vector<float>& values);

} // namespace billow::scene
