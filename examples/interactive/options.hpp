// Command-line options of the interactive demo.
#pragma once

#include <cstdint>
#include <string>

namespace billow::interactive {

struct Options {
    uint32_t width = 512, height = 512;  // --size WxH: window size, pixels
    static constexpr uint32_t kDefaultGrid2D = 128;
    static constexpr uint32_t kDefaultGrid3DGpu = 64, kDefaultGrid3DCpu = 20;
    // --grid N: cells across. 2D: velocity cells along x, rows follow the window's aspect; default
    // 128. 3D: N x 3N/2 x N cells (x, y up, z); default 64 on a GPU, 20 on a CPU device (lavapipe).
    uint32_t gridNx = 0;                 // 0: the default above
    bool threeD = false;                 // --3d: the 3D smoke and fire (SmokeSolver3D), ray-marched
    uint32_t dyeScale = 2;               // --dye-scale K: dye cells per velocity cell (each axis)
    uint32_t frames = 0;                 // --frames N: quit after N frames (0: run until closed)
    std::string screenshot;              // --screenshot path.png: written after the last frame;
                                         // the P key writes path-1.png, path-2.png, ...
    bool validation = false;             // --validation (or BILLOW_VALIDATION=1)
    uint32_t seed = 1;                   // --seed N: splat colours
};

// Parses argv; throws std::invalid_argument naming the bad option. Sets `help` for --help.
Options parseOptions(int argc, char** argv, bool& help);
const char* usage();

} // namespace billow::interactive
