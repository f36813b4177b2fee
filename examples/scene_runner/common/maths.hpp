// The small maths every part of the scene runner shares: points and waypoint paths in metres,
// conversions from double without undefined behaviour, a maximum that keeps NaN, bilinear samples
// of a grid, and the speeds of cell-centred velocities.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <billow/limits.hpp>

namespace billow::scene {

// Points in a scene are in metres, in the domain [0, nx * cellSize] x [0, ny * cellSize] (x [0,
// nz * cellSize] in 3D).
using Vec2 = std::array<float, 2>;

// Motion along waypoints, for anything a scene moves over time (2D and 3D emitters, colliders):
// piecewise linear in time, holding the first position before the first waypoint and the last
// one after the last.
template <size_t N>
struct WaypointOf {
    double time = 0.0;              // s
    std::array<float, N> position{};  // m
};

// The position at `time` (the path has at least one waypoint, times increasing).
template <size_t N>
std::array<float, N> positionOnPath(const std::vector<WaypointOf<N>>& path, double time) {
    if (time <= path.front().time) return path.front().position;
    for (size_t k = 1; k < path.size(); ++k)
        if (time < path[k].time) {
            const WaypointOf<N>& a = path[k - 1];
            const WaypointOf<N>& b = path[k];
            const float f = static_cast<float>((time - a.time) / (b.time - a.time));
            std::array<float, N> p;
            for (size_t c = 0; c < N; ++c) p[c] = a.position[c] + f * (b.position[c] - a.position[c]);
            return p;
        }
    return path.back().position;
}

// The velocity at `time`: the slope of the segment being travelled (0 before and after the path).
template <size_t N>
std::array<float, N> velocityOnPath(const std::vector<WaypointOf<N>>& path, double time) {
    std::array<float, N> v{};
    for (size_t k = 1; k < path.size(); ++k)
        if (time >= path[k - 1].time && time < path[k].time) {
            const double span = path[k].time - path[k - 1].time;
            for (size_t c = 0; c < N; ++c) v[c] = static_cast<float>((path[k].position[c] - path[k - 1].position[c]) / span);
            return v;
        }
    return v;
}

// Conversions the scene runner makes from double to float and back to counts, without the
// undefined behaviour of an out-of-range cast (UBSan's float-cast-overflow).

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

// The larger of two numbers where NaN wins (std::max drops a NaN that comes second, which made a
// NaN state print "maxSpeed": 0).
inline double maxKeepingNaN(double top, double x) {
    if (std::isnan(top) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
    return x > top ? x : top;
}

// Bilinear interpolation on a grid of samples, shared by PNG images, .npy arrays and 3D slices.

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

// Cell-centred velocities as every solver's outputs hold them: (u, v) interleaved per cell.

// |(u, v)| of each cell (for pictures).
inline std::vector<float> cellSpeeds(const std::vector<float>& velocity) {
    std::vector<float> speed(velocity.size() / 2);
    for (size_t k = 0; k < speed.size(); ++k) speed[k] = std::hypot(velocity[2 * k], velocity[2 * k + 1]);
    return speed;
}

// The largest |(u, v)|, in double precision (for metrics); NaN when any is NaN.
inline double largestSpeed(const std::vector<float>& velocity) {
    double top = 0.0;
    for (size_t k = 0; k + 1 < velocity.size(); k += 2)
        top = maxKeepingNaN(top, std::hypot(double(velocity[k]), double(velocity[k + 1])));
    return top;
}

} // namespace billow::scene
