// Points in a scene are in metres, in the domain [0, nx * cellSize] x [0, ny * cellSize] (x [0,
// nz * cellSize] in 3D).
#pragma once

#include <array>
#include <span>
#include <string>

namespace billow::scene {

using Vec2 = std::array<float, 2>;

namespace detail {

// Checks that a point (2 or 3 coordinates) lies inside [0, size] per axis (with a margin of
// `slack` metres); the error names `key` and both.
void requireInsideExtent(std::span<const float> size, std::span<const float> p, const std::string& key, float slack = 0.0f);
// Checks that a point lies inside the domain (with a margin of `slack` metres).
void requireInsideBox(float width, float height, Vec2 p, const std::string& key, float slack = 0.0f);
// Any solver's settings with nx, ny and cellSize (and nz for 3D points).
template <typename Settings>
void requireInsideDomain(const Settings& s, Vec2 p, const std::string& key, float slack = 0.0f) {
    requireInsideBox(s.nx * s.cellSize, s.ny * s.cellSize, p, key, slack);
}
template <typename Settings>
void requireInsideDomain(const Settings& s, const std::array<float, 3>& p, const std::string& key, float slack = 0.0f) {
    const float size[3] = {s.nx * s.cellSize, s.ny * s.cellSize, s.nz * s.cellSize};
    requireInsideExtent(size, p, key, slack);
}

} // namespace detail

} // namespace billow::scene
