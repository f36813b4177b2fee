// The section readers behind loadScene(), one per part of the file (internal to the parser).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

#include "common/json_reader.hpp"
#include "smoke/smoke_scene.hpp"
#include "smoke/smoke_parser.hpp"

namespace billow::scene::detail {

// The side keys in billow::Side order (Left, Right, Bottom, Top), for every solver's boundaries.
inline constexpr const char* kSideKeys[4] = {"left", "right", "bottom", "top"};

// nx, ny and cellSize (or width) of a "grid" object, after --scale/--size (the domain in metres
// stays the same). Leaves other keys of `grid` to the caller, which finishes the reader.
struct GridSize {
    uint32_t nx = 0, ny = 0;  // after scaling
    float cellSize = 0.0f;    // m, after scaling
    uint32_t fileNx = 0, fileNy = 0;  // as the file gives them
};
GridSize readGridSize(ObjectReader& grid, const LoadOptions& options);

// Grid sizes after scaling, and the boundaries.
void readGrid(ObjectReader& top, const LoadOptions& options, SmokeSettings& settings);
void readBoundaries(ObjectReader& top, SmokeSettings& settings);
void readSolverSettings(ObjectReader& top, SmokeSettings& settings);

// Obstacles (shapes and PNG masks), emitters, random splats and initial fields. `dir` is the
// scene file's folder: relative file names are taken from there.
void readObstacles(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);
void readEmitters(ObjectReader& top, Scene& scene);
void readInitialFields(ObjectReader& top, const std::filesystem::path& dir, Scene& scene);

// dt and steps come in holding the solver's defaults.
void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps);
void readOutput(ObjectReader& top, const LoadOptions& options, Scene& scene);

// Checks that a point lies inside the domain (with a margin of `slack` metres).
void requireInsideBox(float width, float height, Vec2 p, const std::string& key, float slack = 0.0f);
// Any solver's settings with nx, ny and cellSize.
template <typename Settings>
void requireInsideDomain(const Settings& s, Vec2 p, const std::string& key, float slack = 0.0f) {
    requireInsideBox(s.nx * s.cellSize, s.ny * s.cellSize, p, key, slack);
}
// Loads the .npy file named by `key` (empty when the key is absent) and checks its shape against
// the (scaled) grid; `shapeWords` says the shape in words, e.g. "(ny, nx)".
std::vector<float> readFieldFile(ObjectReader& r, const char* key, const std::filesystem::path& dir,
                                 std::vector<uint64_t> shape, const char* shapeWords);
// Runs `read` (a file reader that throws std::exception) and turns its error into a SceneError
// naming `key`.
template <typename Read>
auto readForKey(const std::string& key, const Read& read) {
    try {
        return read();
    } catch (const std::exception& e) {
        throw SceneError(key, e.what());
    }
}
std::filesystem::path resolveFile(const std::filesystem::path& dir, const std::string& name, const std::string& key);

} // namespace billow::scene::detail
