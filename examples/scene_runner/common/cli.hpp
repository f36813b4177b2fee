// The command line of scene_runner (parsed by hand: a handful of options).
#pragma once

#include <string>

#include "common/load_options.hpp"
#include "common/progress.hpp"

namespace billow::scene {

struct CommandLine {
    std::string scenePath;
    std::string outDir;           // empty: out/<scene name>
    LoadOptions load;
    std::string device;           // "", "list", or an BILLOW_DEVICE value (index, kind or name part)
    ProgressStyle progress = ProgressStyle::Auto;
    bool validation = false;      // Vulkan validation layer; any message fails the run
    bool checkOnly = false;       // validate the scene, write nothing
    bool keepFailed = false;      // keep a failed run's staging folder
    bool help = false;
};

// Throws SceneError with the option as key ("--scale: expected a number > 0").
CommandLine parseCommandLine(int argc, char** argv);
const char* usageText();

} // namespace billow::scene
