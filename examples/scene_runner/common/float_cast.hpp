// Conversions the scene runner makes from double to float and back to counts, without the
// undefined behaviour of an out-of-range cast (UBSan's float-cast-overflow).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <billow/limits.hpp>

namespace billow::scene {

// double -> float: values beyond float's range become +-infinity (NaN stays NaN), so a later
// finiteness check sees them instead of the program doing whatever the cast happens to do.
inline float narrowToFloat(double x) {
    constexpr double kMax = std::numeric_limits<float>::max();
    if (x > kMax) return std::numeric_limits<float>::infinity();
    if (x < -kMax) return -std::numeric_limits<float>::infinity();
    return static_cast<float>(x);
}

inline bool allFinite(const std::vector<float>& values) {
    return std::all_of(values.begin(), values.end(), [](float x) { return std::isfinite(x); });
}

// Every value within +-limits::kMaxMagnitude (1e6), what the solvers accept in an upload.
inline bool allWithinBounds(const std::vector<float>& values) {
    return std::all_of(values.begin(), values.end(), [](float x) { return std::fabs(x) <= limits::kMaxMagnitude; });
}

} // namespace billow::scene
