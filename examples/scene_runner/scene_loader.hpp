// Loads a scene file of either solver: everything it says (and every PNG or .npy it names) is
// read and checked here, before anything is created or written. The fuzz tests call it in-process.
#pragma once

#include <string>
#include <variant>

#include "common/load_options.hpp"
#include "smoke/smoke_scene.hpp"
#include "smoke3d/smoke3d_scene.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// A smoke scene (the default), a 3D smoke scene ("solver": "smoke3d") or a water scene ("solver": "water").
using LoadedScene = std::variant<Scene, Scene3D, WaterScene>;

// Throws SceneError naming the key (exit status 2) for anything wrong in the file.
LoadedScene loadScene(const std::string& path, const LoadOptions& options);

} // namespace billow::scene
