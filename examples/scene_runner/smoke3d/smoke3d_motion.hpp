// What a 3D scene hands the solver at a given time: the active emitters at their places and the
// colliders where their motion has taken them.
#pragma once

#include <vector>

#include <billow/collider.hpp>
#include <billow/smoke3d_solver.hpp>

#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene {

// The emitters acting in the step from `time` to `time + dt` (a burst's rates are its amounts / dt).
std::vector<Emitter3D> emittersForStep(const Scene3D& scene, double time, double dt);
// The colliders at `time`: on their paths, or moved by their velocity and turned by their angular
// velocity since time 0.
std::vector<Collider> collidersAt(const Scene3D& scene, double time);

} // namespace billow::scene
