// Pictures of the solver's state: the dye as people see it, and the diagnostic views people debug
// a fluid with: velocity direction/magnitude, speed, vorticity, pressure, divergence,
// density, temperature. Obstacles are drawn grey. Each diagnostic is scaled to its own largest
// magnitude in the frame (square-root ramp for signed fields, so small values stay visible).
#pragma once

#include <cstdint>
#include <vector>

#include "smoke/smoke_field_cache.hpp"
#include "common/picture.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

// Grid views are enlarged (nearest neighbour) by a whole factor so they match the dye picture.
Picture renderView(View view, FieldCache& fields);

} // namespace billow::scene
