// Reads and validates a water scene ("solver": "water"). Every problem is a SceneError naming the
// JSON key; files the scene refers to (PNG heightmaps, .npy arrays) are loaded and checked here
// too, so a scene that comes back can be run without further input errors.
#pragma once

#include <filesystem>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// The whole scene but the top-level "solver", "name" and "description"; finishes `top`.
void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene);

} // namespace billow::scene
