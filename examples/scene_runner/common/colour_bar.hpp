// A labelled colour bar beside a picture: the picture gains a strip on the right with the colours
// from `low` (bottom) to `high` (top) and their values at the ends and the middle, and a band
// below with `label` (the quantity and its unit).
#pragma once

#include <functional>
#include <string>

#include "common/colour_maps.hpp"
#include "common/picture.hpp"

namespace billow::scene {

// `colourOf(value)` is the picture's own colour for a value, so a non-linear ramp (square root,
// signed) reads correctly off the bar.
void drawColourBar(Picture& picture, const std::function<Rgb8(double value)>& colourOf, double low, double high,
                   const std::string& label);

} // namespace billow::scene
