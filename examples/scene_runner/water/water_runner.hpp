// Runs a water scene: steps the WaterSolver, turns events into brushes, writes pictures, fields
// and metrics, shows progress and assembles the animation.
#pragma once

#include <memory>

#include <billow/context.hpp>

#include "smoke/smoke_runner.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

RunSummary runWaterScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options);

} // namespace billow::scene
