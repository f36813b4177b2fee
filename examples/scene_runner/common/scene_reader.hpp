// What every solver's scene file shares, read the same way by each solver's reader: the command
// line's changes to the scene, the file and its title, the "grid" and "time" sections, points in
// the domain and paths of waypoints, the PNG and .npy files a scene names, boundary sides, and the
// library's own check of the settings a scene builds.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <billow/error.hpp>
#include <nlohmann/json.hpp>

#include "common/json_reader.hpp"
#include "common/maths.hpp"

namespace billow::scene {

// How the picture frames become an animation.
enum class AnimationFormat { None, Gif, Mp4 };
// As output.animation.format and --animation spell them.
inline const WordTable<AnimationFormat> kAnimationFormats = {
    {"gif", AnimationFormat::Gif}, {"mp4", AnimationFormat::Mp4}, {"none", AnimationFormat::None}};

// Command-line changes applied while a scene file is loaded, the same for every solver.
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

// A scene file opened for reading, and the top-level keys every solver's scene has.
struct SceneFile {
    nlohmann::json json;
    std::filesystem::path dir;  // the file's folder: relative file names in the scene start here
};

// Reads the JSON (comments allowed, so scenes can explain their numbers). Throws SceneError
// keyed "(file)" when it cannot be read and "(syntax)" when it is not JSON.
SceneFile openSceneFile(const std::string& path);

struct SceneTitle {
    std::string name;  // names the output folder: the file's stem unless "name" says otherwise
    std::string description;
};
SceneTitle readTitle(ObjectReader& top, const std::string& path);

namespace detail {

// The grid size of any solver's "grid" section, after --scale/--size (the domain in metres stays
// the same, the number of cells changes).
inline constexpr uint32_t kMaxCellsPerAxis = 16384;
// The scene runner's bound on the cells of one grid (4096 x 4096; the dye grid may have 4 times
// as many): the library allows 16384 per axis, but a 16384 x 16384 smoke grid needs tens of GB,
// and a typo should get an error, not an out-of-memory kill.
inline constexpr uint64_t kMaxCells = uint64_t(4096) * 4096;
// Cells from a micrometre to a thousand kilometres: every length, area and brush reach the
// runner derives from them (domain size, brush reaches) stays a normal float.
inline constexpr double kMinCellSize = 1e-6, kMaxCellSize = 1e6;  // m

// `cells` times `factor`, rounded, at least 2 (at most kMaxCellsPerAxis + 1, so a result past the
// bound can still be reported).
uint32_t scaledCells(uint32_t cells, double factor);
// SceneError keyed `key` when nx * ny > most ("the <what> of NX x NY cells exceeds ...").
void requireCellCount(uint64_t nx, uint64_t ny, uint64_t most, const std::string& key, const char* what);

struct GridSize {
    uint32_t nx = 0, ny = 0;  // after scaling
    float cellSize = 0.0f;    // m, after scaling
    uint32_t fileNx = 0, fileNy = 0;  // as the file gives them
};
// nx, ny and cellSize (or width) of a "grid" reader (nx and ny default to `defaultCells`). Leaves
// other keys of `grid` to the caller, which finishes the reader.
GridSize readGridSize(ObjectReader& grid, const LoadOptions& options, uint32_t defaultCells = 128);

// The "grid" section into any solver's settings with nx, ny and cellSize. `readMore(grid)` reads
// the solver's own grid keys, if it has any, before the reader is finished.
template <typename Settings, typename ReadMore>
GridSize readGridSection(ObjectReader& top, const LoadOptions& options, Settings& s, const ReadMore& readMore,
                         uint32_t defaultCells = 128) {
    ObjectReader r = top.objectOrEmpty("grid");
    const GridSize g = readGridSize(r, options, defaultCells);
    readMore(r);
    r.finish();
    s.nx = g.nx;
    s.ny = g.ny;
    s.cellSize = g.cellSize;
    return g;
}
template <typename Settings>
GridSize readGridSection(ObjectReader& top, const LoadOptions& options, Settings& s) {
    return readGridSection(top, options, s, [](ObjectReader&) {});
}

// Times in any solver's scene: the "time" section (dt and the duration) and the end of something
// that lasts from a start time.

// The bounds of a run: a step of at least a microsecond (a smaller one, as a 32-bit float, is a
// denormal or 0 that the solver divides by), at most ten million steps, and start/end times
// within a thousand years of simulated time (so time arithmetic in double stays exact to
// microseconds and counting events can never run away).
inline constexpr double kMinTimeStep = 1e-6;  // s
inline constexpr double kMaxTimeStep = 1.0;   // s
inline constexpr uint32_t kMaxSteps = 10000000;
inline constexpr double kMaxEventTime = 3.2e10;  // s

// dt and steps come in holding the solver's defaults; --steps/--seconds replace the duration.
void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps);
// The number of steps of `dt` that cover `seconds` (rounded up); SceneError keyed `key` when
// that is more than kMaxSteps.
uint32_t stepsFor(double seconds, double dt, const std::string& key);
// "start" (s, default 0) of an event.
double readStartTime(ObjectReader& r);
// "end" (s, default: never), which must come after `start`.
double readEndTime(ObjectReader& r, double start);

// Checks that a point (2 or 3 coordinates) lies inside [0, size] per axis (with a margin of
// `slack` metres); the error names `key` and both.
void requireInsideExtent(std::span<const float> size, std::span<const float> p, const std::string& key, float slack = 0.0f);
// Checks that a point lies inside the domain (with a margin of `slack` metres).
void requireInsideBox(float width, float height, Vec2 p, const std::string& key, float slack = 0.0f);
// Any solver's settings with nx, ny and cellSize (and nz for 3D points).
template <typename Settings>
void requireInsideDomain(const Settings& s, Vec2 p, const std::string& key, float slack = 0.0f) {
    requireInsideBox(s.nx * s.cellSize, s.ny * s.cellSize, p, key, slack);
}
template <typename Settings>
void requireInsideDomain(const Settings& s, const std::array<float, 3>& p, const std::string& key, float slack = 0.0f) {
    const float size[3] = {s.nx * s.cellSize, s.ny * s.cellSize, s.nz * s.cellSize};
    requireInsideExtent(size, p, key, slack);
}

// Reads a path of waypoints, [{"time": s, "position": [x, y(, z)]}, ...], checking each position
// with `checkPoint(position, key)` and that the times increase.
template <size_t N, typename CheckPoint>
std::vector<WaypointOf<N>> readPath(const nlohmann::json& value, const std::string& key, const CheckPoint& checkPoint) {
    const char* shape = N == 2 ? "[x, y]" : "[x, y, z]";
    if (!value.is_array() || value.empty())
        throw SceneError(key, std::string("expected an array of waypoints {\"time\": s, \"position\": ") + shape + "}");
    std::vector<WaypointOf<N>> path;
    for (size_t k = 0; k < value.size(); ++k) {
        ObjectReader w(value[k], indexPath(key, k));
        WaypointOf<N> p;
        p.time = w.requiredNumber("time", Range::nonNegative());
        if (!w.has("position")) throw SceneError(w.keyPath("position"), std::string("missing; expected ") + shape + " in metres");
        const std::vector<float> xyz = numbersAt(*w.child("position"), w.keyPath("position"), N, Range::any());
        std::copy(xyz.begin(), xyz.end(), p.position.begin());
        checkPoint(p.position, w.keyPath("position"));
        w.finish();
        if (!path.empty() && !(p.time > path.back().time))
            throw SceneError(w.keyPath("time"), "expected times that increase along the path");
        path.push_back(p);
    }
    return path;
}

// Files a scene names (PNG images, .npy arrays): found relative to the scene file's folder, and
// their problems reported under the key that names them.
std::filesystem::path resolveFile(const std::filesystem::path& dir, const std::string& name, const std::string& key);
// The file named by `key`, which must be given: "missing; expected <expected>" otherwise.
std::filesystem::path requiredFile(ObjectReader& r, const char* key, const std::filesystem::path& dir,
                                   const std::string& expected);

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

// Loads the .npy file named by `key` (empty when the key is absent) and checks its shape against
// the (scaled) grid; `shapeWords` says the shape in words, e.g. "(ny, nx)".
std::vector<float> readFieldFile(ObjectReader& r, const char* key, const std::filesystem::path& dir,
                                 std::vector<uint64_t> shape, const char* shapeWords);

// The sides of any solver's "boundaries" section: four in 2D, six in 3D.

// The side keys in billow::Side order (Left, Right, Bottom, Top, then Back, Front in 3D).
inline constexpr const char* kSideKeys[6] = {"left", "right", "bottom", "top", "back", "front"};

// Calls `read(side, reader)` for each of the first `sides` sides the section gives (side in
// billow::Side order). A side may be a word, shorthand for {"type": word}; `read` finishes the
// reader.
template <typename Read>
void forEachSide(ObjectReader& boundaries, const Read& read, int sides = 4) {
    for (int side = 0; side < sides; ++side) {
        const nlohmann::json* value = boundaries.child(kSideKeys[side]);
        if (!value) continue;
        const nlohmann::json object = expandWord(*value, "type");
        ObjectReader r(object, boundaries.keyPath(kSideKeys[side]));
        read(side, r);
    }
}

// Both sides of an axis wrap together: throws naming the side that is not periodic while its
// opposite is. `periodic(side)` says whether a side is.
template <typename IsPeriodic>
void requirePeriodicPairs(const IsPeriodic& periodic, int sides) {
    for (int axis = 0; axis < sides / 2; ++axis) {
        const bool a = periodic(2 * axis), b = periodic(2 * axis + 1);
        if (a != b)
            throw SceneError(std::string("boundaries.") + kSideKeys[a ? 2 * axis + 1 : 2 * axis],
                             std::string("expected \"periodic\", because ") + kSideKeys[a ? 2 * axis : 2 * axis + 1] +
                                 " is periodic (both sides of an axis wrap together)");
    }
}

// The library's own check of a solver's settings, run on the settings the scene builds, so a value
// the parser lets through but the solver would refuse is still a scene error (exit 2) naming the
// scene's key, before anything is created or written.

// The scene key of a settings field as the library names it: "SmokeSettings::viscosity" ->
// "settings.viscosity", "...::nx" -> "grid.nx", "...::boundaries[Left].dye[2]" ->
// "boundaries.left.colour" (with the solver's `renames`, e.g. {"dye", "colour"}),
// "WaterSettings::overrides[1].boundary.flow" -> "boundaries.openings[1].flow". A name it does not
// know becomes "settings" (the message still carries the library's field).
struct FieldRename {
    const char* library;
    const char* scene;
};
std::string sceneKeyOfField(const std::string& field, std::initializer_list<FieldRename> renames = {});

template <typename Settings>
void checkWithLibrary(const Settings& settings, std::initializer_list<FieldRename> renames = {}) {
    try {
        settings.validate();
    } catch (const InvalidArgument& e) {
        throw SceneError(sceneKeyOfField(e.field(), renames), std::string(e.what()) + " (the solver's own check)");
    }
}

} // namespace detail

} // namespace billow::scene
