#include "common/scene_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <billow/limits.hpp>

#include "common/file_io.hpp"

namespace billow::scene {

SceneFile openSceneFile(const std::string& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) throw SceneError("(file)", "cannot open scene file " + path);
    const auto bytes = std::filesystem::file_size(path, error);
    if (error) throw SceneError("(file)", "cannot open scene file " + path);
    if (bytes > kSceneJsonLimits.maxBytes)
        throw SceneError("(file)", "the scene file has " + std::to_string(bytes) + " bytes, more than the " +
                                       std::to_string(kSceneJsonLimits.maxBytes) + " a scene may have");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SceneError("(file)", "cannot open scene file " + path);
    std::stringstream text;
    text << in.rdbuf();
    SceneFile file;
    file.json = parseBoundedJson(text.str());
    file.dir = std::filesystem::path(path).parent_path();
    return file;
}

SceneTitle readTitle(ObjectReader& top, const std::string& path) {
    SceneTitle title;
    title.name = top.text("name", std::filesystem::path(path).stem().string());
    title.description = top.text("description", "");
    // The name becomes a folder and a file name: no separators, no control characters, not "."
    // or ".." (which would write into the parent folder), short enough for any file system.
    bool printable = true;
    for (unsigned char c : title.name) printable = printable && c >= 0x20 && c != 0x7f;
    if (title.name.empty() || title.name.size() > 128 || !printable || title.name == "." || title.name == ".." ||
        title.name.find_first_of("/\\") != std::string::npos)
        throw SceneError("name", "expected a name of 1 to 128 printable characters without slashes, not \".\" or \"..\" "
                                 "(it names the output folder)");
    return title;
}

} // namespace billow::scene

namespace billow::scene::detail {

uint32_t scaledCells(uint32_t cells, double factor) {
    // Rounded and bounded in double: a --size far beyond the grid must not overflow the conversion.
    const double scaled = std::clamp(std::round(cells * factor), 2.0, double(kMaxCellsPerAxis) + 1.0);
    return static_cast<uint32_t>(scaled);
}

void requireCellCount(uint64_t nx, uint64_t ny, uint64_t most, const std::string& key, const char* what) {
    if (nx * ny > most)
        throw SceneError(key, std::string("the ") + what + " of " + std::to_string(nx) + " x " + std::to_string(ny) +
                                  " cells exceeds the scene runner's " + std::to_string(most) +
                                  " cells (use --scale or --size for a smaller run)");
}

GridSize readGridSize(ObjectReader& r, const LoadOptions& options, uint32_t defaultCells) {
    const uint32_t nx = r.integer("nx", defaultCells, 2, kMaxCellsPerAxis);
    const uint32_t ny = r.integer("ny", defaultCells, 2, kMaxCellsPerAxis);
    if (r.has("cellSize") && r.has("width"))
        throw SceneError(r.keyPath("width"), "give either cellSize or width (the domain width), not both");
    double cellSize = 1.0 / nx;
    std::string sizeKey = r.keyPath("cellSize");
    if (r.has("cellSize")) cellSize = r.real("cellSize", 1.0f, Range::positive());
    if (r.has("width")) {
        sizeKey = r.keyPath("width");
        cellSize = r.real("width", 1.0f, Range::positive()) / nx;
    }
    // Scaling keeps the domain and changes the number of cells.
    GridSize g;
    g.fileNx = nx;
    g.fileNy = ny;
    const double factor = options.size ? double(options.size) / nx : options.scale;
    g.nx = scaledCells(nx, factor);
    g.ny = scaledCells(ny, factor);
    if (g.nx > kMaxCellsPerAxis || g.ny > kMaxCellsPerAxis)
        throw SceneError(options.size ? "--size" : "--scale",
                         "the scaled grid exceeds " + std::to_string(kMaxCellsPerAxis) + " cells per axis");
    const std::string gridKey = options.size ? "--size" : options.scale != 1.0 ? "--scale" : r.path();
    requireCellCount(g.nx, g.ny, kMaxCells, gridKey, "grid");
    // The cell (and the domain, nx cells of it) must be a normal 32-bit float: the solver works in float.
    // Compared as the float the solver gets, against the library's float bounds: the file's 1e-6
    // read as a float and back is 9.99999997e-07, below the double 1e-6 (it used to be refused).
    const double h = cellSize * nx / g.nx;
    const float cell = static_cast<float>(h);
    if (!(cell >= static_cast<float>(kMinCellSize) && cell <= static_cast<float>(kMaxCellSize)))
        throw SceneError(sizeKey, "gives cells of " + std::to_string(h) + " m (after scaling); expected cells of 1e-6 to 1e6 m");
    g.cellSize = cell;
    return g;
}

uint32_t stepsFor(double seconds, double dt, const std::string& key) {
    const double steps = std::ceil(seconds / dt - 1e-9);
    // Compared in double before the conversion: a count past uint32_t would be undefined.
    if (!(steps <= kMaxSteps))
        throw SceneError(key, "expected at most " + std::to_string(kMaxSteps) + " steps, but " + std::to_string(seconds) +
                                  " s in steps of " + std::to_string(dt) + " s is " + std::to_string(steps));
    return static_cast<uint32_t>(std::max(0.0, steps));
}

void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps) {
    ObjectReader r = top.objectOrEmpty("time");
    dt = r.number("dt", dt, Range::closed(kMinTimeStep, kMaxTimeStep));
    if (r.has("steps") && r.has("seconds")) throw SceneError("time.seconds", "give either steps or seconds, not both");
    steps = r.integer("steps", steps, 0, kMaxSteps);
    if (r.has("seconds")) steps = stepsFor(r.number("seconds", 0, Range::nonNegative()), dt, "time.seconds");
    r.finish();
    if (options.steps) {
        if (*options.steps > kMaxSteps) throw SceneError("--steps", "expected at most " + std::to_string(kMaxSteps) + " steps");
        steps = *options.steps;
    }
    if (options.seconds) steps = stepsFor(*options.seconds, dt, "--seconds");
}

double readStartTime(ObjectReader& r) { return r.number("start", 0.0, Range::closed(0.0, kMaxEventTime)); }

double readEndTime(ObjectReader& r, double start) {
    const double end = r.number("end", 1e30, Range::nonNegative());
    if (!(end > start)) throw SceneError(r.keyPath("end"), "expected end > start (seconds)");
    return end;
}

void requireInsideExtent(std::span<const float> size, std::span<const float> p, const std::string& key, float slack) {
    bool inside = true;
    for (size_t a = 0; a < size.size(); ++a) inside = inside && p[a] >= -slack && p[a] <= size[a] + slack;
    if (inside) return;
    std::string box, point;
    for (size_t a = 0; a < size.size(); ++a) {
        box += (a ? " x [0, " : "[0, ") + std::to_string(size[a]) + "]";
        point += (a ? ", " : "") + std::to_string(p[a]);
    }
    throw SceneError(key, "expected a point inside the domain " + box + " m, got [" + point + "]");
}

void requireInsideBox(float w, float h, Vec2 p, const std::string& key, float slack) {
    const float size[2] = {w, h};
    requireInsideExtent(size, p, key, slack);
}

std::filesystem::path resolveFile(const std::filesystem::path& dir, const std::string& name, const std::string& key) {
    if (name.empty()) throw SceneError(key, "expected a file name");
    std::filesystem::path p = std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : dir / name;
    if (!std::filesystem::is_regular_file(p))
        throw SceneError(key, "file not found: " + p.string() + " (relative names start at the scene file's folder)");
    return p;
}

std::filesystem::path requiredFile(ObjectReader& r, const char* key, const std::filesystem::path& dir,
                                   const std::string& expected) {
    const std::string path = r.keyPath(key);
    if (!r.has(key)) throw SceneError(path, "missing; expected " + expected);
    return resolveFile(dir, r.text(key, ""), path);
}

std::vector<float> readFieldFile(ObjectReader& r, const char* key, const std::filesystem::path& dir,
                                 std::vector<uint64_t> shape, const char* shapeWords) {
    if (!r.has(key)) return {};
    const std::string path = r.keyPath(key);
    const auto file = resolveFile(dir, r.text(key, ""), path);
    const NpyArray a = readForKey(path, [&] { return readNpy(file.string()); });
    if (a.shape != shape)
        throw SceneError(path, std::string("expected an array of shape ") + shapeWords + " = " + shapeText(shape) +
                                   " for this grid, got " + shapeText(a.shape) +
                                   " (with --scale/--size, .npy inputs must match the scaled grid)");
    for (float x : a.values)
        if (!(std::fabs(x) <= limits::kMaxMagnitude))
            throw SceneError(path, "expected finite values within +-1e6 (the solver's bound; the file has " +
                                       std::string(std::isnan(x) ? "NaN" : std::to_string(x)) + ")");
    return a.values;
}

namespace {

bool startsWith(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }

// "Left" -> "left".
std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// The first name of a member path: "dye[2]" -> "dye", "count" -> "count".
std::string memberName(const std::string& member) { return member.substr(0, member.find_first_of("[./")); }

std::string renamed(const std::string& member, std::initializer_list<FieldRename> renames) {
    const std::string name = memberName(member);
    for (const FieldRename& r : renames)
        if (name == r.library) return r.scene;
    return name;
}

} // namespace

std::string sceneKeyOfField(const std::string& field, std::initializer_list<FieldRename> renames) {
    const size_t scope = field.find("::");
    if (scope == std::string::npos) return "settings";
    const std::string f = field.substr(scope + 2);
    if (startsWith(f, "boundaries[")) {
        const size_t close = f.find(']');
        if (close == std::string::npos) return "boundaries";
        const std::string side = "boundaries." + lower(f.substr(11, close - 11));
        return close + 2 < f.size() && f[close + 1] == '.' ? side + "." + renamed(f.substr(close + 2), renames) : side;
    }
    if (startsWith(f, "overrides[")) {
        const size_t close = f.find(']');
        if (close == std::string::npos) return "boundaries.openings";
        const std::string opening = "boundaries.openings" + f.substr(9, close - 8);
        const std::string rest = close + 2 < f.size() ? f.substr(close + 2) : "";
        if (startsWith(rest, "boundary.")) return opening + "." + renamed(rest.substr(9), renames);
        return opening;
    }
    if (startsWith(f, "nx/ny") || startsWith(f, "dyeNx/dyeNy")) return "grid";
    for (const char* grid : {"nx", "ny", "cellSize", "dyeNx", "dyeNy"})
        if (memberName(f) == grid) return std::string("grid.") + grid;
    const std::string name = memberName(f);
    return name.empty() ? "settings" : "settings." + renamed(name, renames);
}

} // namespace billow::scene::detail
