// Command-line changes applied while a scene file is loaded, the same for every solver.
#pragma once

#include <cstdint>
#include <optional>

#include "common/output_plan.hpp"
#include "common/scene_error.hpp"

namespace billow::scene {

struct LoadOptions {
    double scale = 1.0;           // multiply every grid size by this (the domain stays the same)
    uint32_t size = 0;            // or: make nx this many cells (0 = not given)
    std::optional<uint32_t> steps;  // replace the scene's duration
    std::optional<double> seconds;
    std::optional<AnimationFormat> animation;
    std::optional<uint32_t> fieldEvery;  // replace output.fields.every
    std::optional<uint32_t> picturesEvery;  // replace output.pictures.every (0: no pictures, no animation)
    std::optional<uint32_t> renderWidth;    // 3D: replace output.render.width (the height follows)
    std::optional<uint32_t> pictureSize; // replace output.pictures.size
};

// --scale's range, checked by the command line and again by the loader (which may be called
// without one).
inline void requireValidScale(double scale) {
    if (!(scale > 0.0 && scale <= 64.0)) throw SceneError("--scale", "expected a number in (0, 64]");
}

} // namespace billow::scene
