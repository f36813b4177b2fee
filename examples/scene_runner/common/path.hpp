// Motion along waypoints, for anything a scene moves over time (2D and 3D emitters, colliders):
// piecewise linear in time, holding the first position before the first waypoint and the last
// one after the last.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace billow::scene {

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

} // namespace billow::scene
