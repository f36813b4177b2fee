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
// Initial fields: the vortices are added into initial.velocityX/Y here (zeros where no .npy gives them).
void readInitialFields(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);
// What the library checks when the solver is made and the fields are uploaded, beyond validate():
// a float16 dye within +-65504; and pictures within the runner's bound on pixels.
void requireDrawable(const Scene& scene, const LoadOptions& options);
// Face velocities of the scene's vortices added to u and v.
void addVortexVelocities(const Scene& scene, std::vector<float>& u, std::vector<float>& v);

} // namespace billow::scene::detail
