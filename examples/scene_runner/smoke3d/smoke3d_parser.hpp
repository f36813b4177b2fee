// Reads and validates a 3D smoke scene ("solver": "smoke3d"). Every problem is a SceneError naming
// the JSON key, raised before anything is created.
#pragma once

#include <filesystem>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"
#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene {

// The whole scene but the top-level "solver", "name" and "description"; finishes `top`.
void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, Scene3D& scene);

} // namespace billow::scene
