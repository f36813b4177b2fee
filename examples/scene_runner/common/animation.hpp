// Assembles numbered PNG frames into an animated GIF (ffmpeg palettegen/paletteuse, so colours
// stay clean) or an H.264 MP4.
#pragma once

#include <cstdint>
#include <string>

#include "common/output_plan.hpp"

namespace billow::scene {

struct AnimationResult {
    bool ok = false;
    std::string path;     // the animation file when ok
    std::string problem;  // why not, otherwise
};

// Frames are `dir/<view>/0000.png` ... ; the result is `dir/<name>.gif` (or .mp4), at the
// frames' own size.
AnimationResult makeAnimation(const std::string& dir, const std::string& view, const std::string& name,
                              AnimationFormat format, double fps);

} // namespace billow::scene
