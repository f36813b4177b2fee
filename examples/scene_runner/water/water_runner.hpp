// Runs a water scene: steps the WaterSolver, turns events into brushes, and writes pictures,
// fields and metrics through the run loop every solver shares (common/run_loop.hpp).
#pragma once

#include <memory>
#include <string>

#include <billow/context.hpp>

#include "common/run_summary.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

RunSummary runScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options);

// What the run is about, in one line: "shallow water, NX x NY cells".
std::string describeScene(const WaterScene& scene);

} // namespace billow::scene
