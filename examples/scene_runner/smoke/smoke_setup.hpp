// Builds the solver for a scene: settings, obstacles, initial fields (files and vortices).
#pragma once

#include <memory>

#include <billow/billow.hpp>

#include "smoke/smoke_scene.hpp"

namespace billow::scene {

std::unique_ptr<SmokeSolver> createSolver(std::shared_ptr<Context> context, const Scene& scene);

} // namespace billow::scene
