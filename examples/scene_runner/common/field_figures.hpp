// Figures of cell-centred fields, shared by every solver's views: a scalar with its colour bar,
// and a velocity field as hue (direction) and brightness (speed) with its colour-wheel key.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/colour_bar.hpp"
#include "common/figure.hpp"

namespace billow::scene {

// Obstacles are drawn in this grey in every view.
constexpr Rgb8 kObstacleColour = {115, 115, 115};
// Whether cell (i, j) is drawn as an obstacle instead of its value; empty: no obstacles.
using SolidMask = std::function<bool(uint32_t i, uint32_t j)>;

// nx x ny cell values (index i + j * nx) coloured by `map`, with a bar from `low` to `high`
// labelled `label` (name and unit).
Figure scalarFigure(const std::vector<float>& values, uint32_t nx, uint32_t ny, const ColourMap& map, double low, double high,
                    const std::string& label, const SolidMask& solid = {});

// Cell velocities, (u, v) interleaved per cell, m/s: hue = direction, brightness = the square
// root of speed / the frame's largest speed; the key shows that speed at its rim.
Figure velocityFigure(const std::vector<float>& velocity, uint32_t nx, uint32_t ny, const SolidMask& solid = {});

} // namespace billow::scene
