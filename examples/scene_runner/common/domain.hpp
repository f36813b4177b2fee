// Points in a scene are in metres, in the domain [0, nx * cellSize] x [0, ny * cellSize].
#pragma once

#include <array>
#include <string>

namespace billow::scene {

using Vec2 = std::array<float, 2>;

namespace detail {

// Checks that a point lies inside the domain (with a margin of `slack` metres).
void requireInsideBox(float width, float height, Vec2 p, const std::string& key, float slack = 0.0f);
// Any solver's settings with nx, ny and cellSize.
template <typename Settings>
void requireInsideDomain(const Settings& s, Vec2 p, const std::string& key, float slack = 0.0f) {
    requireInsideBox(s.nx * s.cellSize, s.ny * s.cellSize, p, key, slack);
}

} // namespace detail

} // namespace billow::scene
