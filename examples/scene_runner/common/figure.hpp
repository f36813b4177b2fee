// A view as a solver draws it: the picture at the view's own grid (one pixel per sample) and the
// legend that says what its colours mean. The output writer resizes the picture to the run's
// picture size and draws the legend below it, once for the full picture and once for its
// contact-sheet tile, so solvers never deal with picture sizes.
#pragma once

#include <functional>

#include "common/picture.hpp"

namespace billow::scene {

struct Figure {
    Picture image;                          // one pixel per grid sample, first row at the top
    std::function<void(Picture&)> legend;   // appends a colour bar or key below a picture; empty: none
};

} // namespace billow::scene
