// Pictures of a water run: water over shaded terrain (the default), the terrain alone, and the
// diagnostics depth, speed, velocity (direction as hue, with a colour-wheel key) and dye/foam,
// each scaled to its own largest value in the frame, with its colour bar.
#pragma once

#include "common/figure.hpp"
#include "water/water_field_cache.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// One pixel per cell; the output writer sizes the pictures (output.pictures.size or pixelsPerCell).
Figure renderWaterView(WaterView view, WaterFieldCache& fields);

} // namespace billow::scene
