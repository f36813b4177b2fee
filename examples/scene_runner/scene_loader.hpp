// Loads a scene file of either solver: everything it says (and every PNG or .npy it names) is
// read and checked here, before anything is created or written. The fuzz tests call it in-process.
// Each solver's reader, runner and one-line description are declared here as well: what the
// loader and main() call, and what each solver's files define.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include <billow/context.hpp>

#include "common/json_reader.hpp"
#include "common/scene_reader.hpp"
#include "smoke/smoke_scene.hpp"
#include "smoke3d/smoke3d_scene.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// A smoke scene (the default), a 3D smoke scene ("solver": "smoke3d") or a water scene ("solver": "water").
using LoadedScene = std::variant<Scene, Scene3D, WaterScene>;

// Throws SceneError naming the key (exit status 2) for anything wrong in the file.
LoadedScene loadScene(const std::string& path, const LoadOptions& options);

// Each solver's reader (<solver>/<solver>_scene_reader.cpp): the whole scene but the top-level
// "solver", "name" and "description"; finishes `top`. Every problem is a SceneError naming the
// JSON key; files the scene refers to (PNG images, .npy arrays) are loaded and checked here too,
// so a scene that comes back can be run without further input errors.
void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, Scene& scene);
void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, Scene3D& scene);
void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene);

struct RunOptions;  // common/run_loop.hpp
struct RunSummary;

// Each solver's run (<solver>/<solver>_run.cpp): steps the solver, adds the scene's sources
// (emitters, colliders, events), and writes pictures, fields and metrics (and, in 3D, VDB files)
// through the run loop every solver shares (common/run_loop.hpp).
RunSummary runScene(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options);
RunSummary runScene(std::shared_ptr<Context> context, const Scene3D& scene, const RunOptions& options);
RunSummary runScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options);

// What the run is about, in one line: "NX x NY cells (dye DX x DY)", "NX x NY x NZ cells of H m",
// "shallow water, NX x NY cells" (or "vertices of a triangle lattice").
std::string describeScene(const Scene& scene);
std::string describeScene(const Scene3D& scene);
std::string describeScene(const WaterScene& scene);

} // namespace billow::scene
