// Runs a 3D smoke scene: steps the SmokeSolver3D, moves its emitters and colliders, and writes
// renders, slices, fields, metrics and VDB files through the run loop every solver shares
// (common/run_loop.hpp).
#pragma once

#include <memory>
#include <string>

#include <billow/context.hpp>

#include "common/run_summary.hpp"
#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene {

RunSummary runScene(std::shared_ptr<Context> context, const Scene3D& scene, const RunOptions& options);

// What the run is about, in one line: "NX x NY x NZ cells of H m".
std::string describeScene(const Scene3D& scene);

} // namespace billow::scene
