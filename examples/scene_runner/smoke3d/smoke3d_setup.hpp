// Builds the 3D solver for a scene: settings and the static obstacles' solid mask.
#pragma once

#include <memory>
#include <vector>

#include <billow/billow.hpp>

#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene {

std::unique_ptr<SmokeSolver3D> createSolver(std::shared_ptr<Context> context, const Scene3D& scene);

// The obstacles' solid fraction per cell (nx * ny * nz, x fastest): the fraction of 4^3 sample
// points of the cell inside any obstacle. Empty when the scene has none.
std::vector<float> obstacleMask(const Scene3D& scene);

} // namespace billow::scene
