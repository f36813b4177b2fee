#include "common/colour_maps.hpp"

#include <algorithm>
#include <cmath>

namespace billow::scene {

uint8_t toByte(float x) {
    // Written so NaN lands on 0: std::clamp passes NaN through, and NaN -> uint8_t is undefined.
    if (!(x > 0.0f)) return 0;
    if (!(x < 1.0f)) return 255;
    return static_cast<uint8_t>(x * 255.0f + 0.5f);
}

Rgb8 diverging(float x) {
    if (std::isnan(x)) return kNonFiniteColour;
    x = std::clamp(x, -1.0f, 1.0f);
    return {toByte(1.0f - std::max(-x, 0.0f)), toByte(1.0f - std::fabs(x)), toByte(1.0f - std::max(x, 0.0f))};
}

Rgb8 sequential(float x) {
    // Piecewise-linear through a few inferno stops (perceptually close enough for diagnostics).
    static const float stops[][3] = {{0.00f, 0.00f, 0.02f}, {0.23f, 0.04f, 0.41f}, {0.58f, 0.15f, 0.40f},
                                     {0.87f, 0.32f, 0.23f}, {0.99f, 0.65f, 0.04f}, {0.99f, 1.00f, 0.64f}};
    if (std::isnan(x)) return kNonFiniteColour;  // never an index of INT_MIN into the stops
    const float t = std::clamp(x, 0.0f, 1.0f) * 5.0f;
    const int k = std::min(static_cast<int>(t), 4);
    const float f = t - k;
    Rgb8 out;
    for (int c = 0; c < 3; ++c) out[c] = toByte(stops[k][c] + f * (stops[k + 1][c] - stops[k][c]));
    return out;
}

std::array<float, 3> hueRgb(float h) {
    if (std::isnan(h)) h = 0.0f;
    const float r = std::fabs(h * 6 - 3) - 1, g = 2 - std::fabs(h * 6 - 2), b = 2 - std::fabs(h * 6 - 4);
    return {std::clamp(r, 0.0f, 1.0f), std::clamp(g, 0.0f, 1.0f), std::clamp(b, 0.0f, 1.0f)};
}

Rgb8 directional(float angle, float magnitude) {
    if (!std::isfinite(angle) || std::isnan(magnitude)) return kNonFiniteColour;
    float h = angle / 6.2831853f;
    h -= std::floor(h);
    const std::array<float, 3> c = hueRgb(h);
    const float v = std::clamp(magnitude, 0.0f, 1.0f);
    return {toByte(c[0] * v), toByte(c[1] * v), toByte(c[2] * v)};
}

} // namespace billow::scene
