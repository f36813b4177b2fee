// How a run is shown and what it reports when done, for every solver.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.hpp"

namespace billow::scene {

struct RunOptions {
    std::string outDir;
    ProgressStyle progress = ProgressStyle::Auto;
    bool keepFailed = false;  // leave a failed run's staging folder for inspection (--keep-failed)
};

struct RunSummary {
    std::vector<std::string> views;  // names of the views drawn in each picture frame
    uint32_t frames = 0;
    bool contactSheets = false;    // whether sheet/NNNN.png was written with each frame
    uint32_t fieldDumps = 0;
    std::string animation;         // path, empty when none
    std::string animationProblem;  // why there is none, when one was asked for
    std::vector<std::string> notes;  // further lines for the summary (a solver's own files)
    double seconds = 0.0;          // wall time of the run
};

} // namespace billow::scene
