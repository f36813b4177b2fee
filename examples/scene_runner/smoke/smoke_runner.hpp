// Runs a loaded scene: steps the solver, feeds the emitters, writes pictures, fields and metrics,
// shows progress and assembles the animation.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <billow/context.hpp>

#include "common/progress.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

struct RunOptions {
    std::string outDir;
    ProgressStyle progress = ProgressStyle::Auto;
};

struct RunSummary {
    std::vector<std::string> views;  // names of the views drawn in each picture frame
    uint32_t frames = 0;
    uint32_t fieldDumps = 0;
    std::string animation;         // path, empty when none
    std::string animationProblem;  // why there is none, when one was asked for
    double seconds = 0.0;          // wall time of the run
};

RunSummary runScene(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options);

} // namespace billow::scene
