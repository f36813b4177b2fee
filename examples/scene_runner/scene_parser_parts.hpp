// The section readers behind loadScene(), one per part of the file (internal to the parser).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

#include "json_reader.hpp"
#include "scene.hpp"
#include "scene_parser.hpp"

namespace eddy::scene::detail {

// Grid sizes after scaling, and the boundaries.
void readGrid(ObjectReader& top, const LoadOptions& options, SmokeSettings& settings);
void readBoundaries(ObjectReader& top, SmokeSettings& settings);
void readSolverSettings(ObjectReader& top, SmokeSettings& settings);

// Obstacles (shapes and PNG masks), emitters, random splats and initial fields. `dir` is the
// scene file's folder: relative file names are taken from there.
void readObstacles(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);
void readEmitters(ObjectReader& top, Scene& scene);
void readInitialFields(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);

void readTime(ObjectReader& top, const LoadOptions& options, Scene& scene);
void readOutput(ObjectReader& top, const LoadOptions& options, Scene& scene);

// Checks that a point lies inside the domain (with a margin of `slack` metres).
void requireInsideDomain(const SmokeSettings& settings, Vec2 p, const std::string& key, float slack = 0.0f);
std::filesystem::path resolveFile(const std::filesystem::path& dir, const std::string& name, const std::string& key);

} // namespace eddy::scene::detail
