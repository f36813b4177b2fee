// The section readers of a smoke scene, one per part of the file (internal to the parser).
#pragma once

#include <filesystem>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene::detail {

// "grid" (sizes after scaling, dye grid), "boundaries" and "settings": everything in SmokeSettings.
void readGrid(ObjectReader& top, const LoadOptions& options, SmokeSettings& settings);
void readBoundaries(ObjectReader& top, SmokeSettings& settings);
void readSolverSettings(ObjectReader& top, SmokeSettings& settings);

// Obstacles (shapes and PNG masks), emitters, random splats and initial fields. `dir` is the
// scene file's folder: relative file names are taken from there.
void readObstacles(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);
void readEmitters(ObjectReader& top, Scene& scene);
void readInitialFields(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);

} // namespace billow::scene::detail
