// Pictures of a water run: water over shaded terrain (the default), the terrain alone, and the
// diagnostics depth, speed, velocity (direction as hue) and dye/foam, each scaled to its own
// largest value in the frame.
#pragma once

#include <cstdint>

#include "common/picture.hpp"
#include "water/water_field_cache.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// `pixelsPerCell` 0 picks about 512 pixels across the larger side.
uint32_t waterPixelsPerCell(uint32_t pixelsPerCell, const WaterSettings& settings);
Picture renderWaterView(WaterView view, WaterFieldCache& fields, uint32_t pixelsPerCell);

} // namespace billow::scene
