// What the 2D and 3D emitters share on the host: their checks, and the index range of the
// samples (cells or faces) their falloff can reach, which bounds an emit or splat dispatch.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "billow/grid.hpp"
#include "core/validation.hpp"

namespace billow::detail {

// InvalidArgument naming "<prefix>field" for an emitter (Emitter2D or Emitter3D: centre and
// velocity of 2 or 3 components, colour or dye of 4) that is not finite, has a size <= 0, a
// negative coupling, or an unknown shape or falloff. `colour` is its colour field (dye or colour).
template <class Emitter, class Colour>
void requireValidEmitter(const Emitter& e, const Colour& colour, const char* colourName, const std::string& prefix) {
    const size_t axes = e.centre.size();
    requireKnown(e.shape, EmitterShape::Box, prefix + "shape", "unknown emitter shape");
    requireKnown(e.falloff, Falloff::Gaussian, prefix + "falloff", "unknown falloff");
    for (size_t a = 0; a < axes; ++a) requireFinite(e.centre[a], prefix + "centre[" + std::to_string(a) + "]");
    if (e.shape == EmitterShape::Sphere) requirePositive(e.radius, prefix + "radius", "m");
    else
        for (size_t a = 0; a < axes; ++a) requirePositive(e.halfExtents[a], prefix + "halfExtents[" + std::to_string(a) + "]", "m");
    for (size_t a = 0; a < axes; ++a) requireBounded(e.velocity[a], prefix + "velocity[" + std::to_string(a) + "]");
    requireNonNegative(e.velocityCoupling, prefix + "velocityCoupling");
    requireBounded(e.density, prefix + "density");
    requireBounded(e.temperature, prefix + "temperature");
    for (size_t c = 0; c < 4; ++c) requireBounded(colour[c], prefix + colourName + "[" + std::to_string(c) + "]");
}

// The falloff length of an emitter: its radius, or its smallest half extent.
template <class Emitter>
float emitterSize(const Emitter& e) {
    return e.shape == EmitterShape::Box ? *std::min_element(e.halfExtents.begin(), e.halfExtents.end()) : e.radius;
}

// Index range [first, last] of samples spaced `spacing` apart (cell centres or faces) that may lie
// in [low, high], with one sample of margin, clamped to [0, lastIndex]; empty when first > last.
inline std::pair<int, int> sampleRange(float low, float high, float spacing, uint32_t lastIndex) {
    const float top = static_cast<float>(lastIndex);
    const float first = std::clamp(std::floor(low / spacing) - 1.0f, 0.0f, top + 1.0f);
    const float last = std::clamp(std::ceil(high / spacing) + 1.0f, -1.0f, top);
    return {static_cast<int>(first), static_cast<int>(last)};
}

} // namespace billow::detail
