// Turns the scene's emitters and random-splat generator into the splats of one step.
#pragma once

#include <vector>

#include <billow/smoke_solver.hpp>

#include "smoke/smoke_scene.hpp"

namespace billow::scene {

// The splats to add before the step that advances from `time` to `time + dt`. Continuous
// emitters contribute amount * dt; bursts whose time falls in [time, time + dt) contribute once.
// Deterministic: the same scene gives the same splats whatever else happens.
std::vector<Splat> splatsForStep(const Scene& scene, double time, double dt);

} // namespace billow::scene
