// Pictures of the solver's state: the dye as people see it, and the diagnostic views people debug
// a fluid with: velocity direction/magnitude, speed, vorticity, pressure, divergence, density,
// temperature, each with its colour bar (or, for velocity, a colour-wheel key). Obstacles are
// grey. Speed, vorticity, pressure, density and temperature are scaled to their own largest
// magnitude in the frame (square-root ramp, so small values stay visible; the bar shows the
// numbers). Divergence is drawn linearly against the largest divergence the projection started
// from, so a converged solve looks calm and a failing one shows its full colours.
#pragma once

#include "common/figure.hpp"
#include "smoke/smoke_field_cache.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

// One pixel per sample of the view's grid (the dye grid for dye, cells for the others).
Figure renderView(View view, FieldCache& fields);

// The largest |divergence| a frame's divergence view maps to full colour, 1/s: the larger of the
// largest before the projection and after it (so a field that was never projected, such as an
// initial state, still shows), and never below 1e-20.
float divergenceScale(const std::vector<float>& before, const std::vector<float>& after);

} // namespace billow::scene
