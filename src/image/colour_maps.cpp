// The ready colour maps of ImageMapping (billow/field_image.hpp): piecewise-linear ramps through a
// few key colours, sampled at 33 evenly spaced entries.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "billow/error.hpp"
#include "billow/field_image.hpp"

namespace billow {

namespace {

using Rgba = std::array<float, 4>;

std::vector<Rgba> ramp(std::initializer_list<Rgba> keys) {
    const std::vector<Rgba> key(keys);
    constexpr int kEntries = 33;
    std::vector<Rgba> entries(kEntries);
    for (int e = 0; e < kEntries; ++e) {
        const float t = float(e) / float(kEntries - 1) * float(key.size() - 1);
        const size_t below = std::min(size_t(t), key.size() - 2);
        const float f = t - float(below);
        for (int c = 0; c < 4; ++c) entries[e][c] = key[below][c] + (key[below + 1][c] - key[below][c]) * f;
    }
    return entries;
}

} // namespace

std::vector<std::array<float, 4>> colourMap(ColourMapPreset preset) {
    switch (preset) {
    case ColourMapPreset::Greyscale: return ramp({{0, 0, 0, 1}, {1, 1, 1, 1}});
    case ColourMapPreset::Heat:
        return ramp({{0, 0, 0, 1}, {0.45f, 0.05f, 0.02f, 1}, {0.9f, 0.35f, 0.05f, 1}, {1, 0.8f, 0.25f, 1}, {1, 1, 1, 1}});
    case ColourMapPreset::Diverging:
        return ramp({{0.1f, 0.25f, 0.75f, 1}, {0.55f, 0.7f, 0.95f, 1}, {0.97f, 0.97f, 0.97f, 1}, {0.95f, 0.6f, 0.5f, 1},
                     {0.75f, 0.1f, 0.12f, 1}});
    case ColourMapPreset::Ocean:
        return ramp({{0.02f, 0.05f, 0.2f, 1}, {0.05f, 0.3f, 0.55f, 1}, {0.3f, 0.7f, 0.85f, 1}, {0.85f, 0.97f, 1, 1}});
    }
    throw InvalidArgument("colourMap: preset", "unknown preset " + std::to_string(uint32_t(preset)));
}

} // namespace billow
