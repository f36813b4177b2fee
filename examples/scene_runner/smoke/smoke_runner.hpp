// Runs a smoke scene: steps the SmokeSolver, feeds the emitters, and writes pictures, fields and
// metrics through the run loop every solver shares (common/run_loop.hpp).
#pragma once

#include <memory>
#include <string>

#include <billow/context.hpp>

#include "common/run_summary.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

RunSummary runScene(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options);

// What the run is about, in one line: "NX x NY cells (dye DX x DY)".
std::string describeScene(const Scene& scene);

} // namespace billow::scene
