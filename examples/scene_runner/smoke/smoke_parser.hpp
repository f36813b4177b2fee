// Reads and validates a scene file. Every problem is a SceneError naming the JSON key; files the
// scene refers to (PNG images, .npy arrays) are loaded and checked here too, so a scene that
// returns from loadScene() can be run without further input errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "smoke/smoke_scene.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// Command-line changes applied while loading.
struct LoadOptions {
    double scale = 1.0;           // multiply every grid size by this (the domain stays the same)
    uint32_t size = 0;            // or: make nx this many cells (0 = not given)
    std::optional<uint32_t> steps;  // replace the scene's duration
    std::optional<double> seconds;
    std::optional<AnimationFormat> animation;
    std::optional<uint32_t> fieldEvery;  // replace output.fields.every
};

// A smoke scene (the default) or a water scene ("solver": "water").
using LoadedScene = std::variant<Scene, WaterScene>;
LoadedScene loadScene(const std::string& path, const LoadOptions& options = {});

} // namespace billow::scene
