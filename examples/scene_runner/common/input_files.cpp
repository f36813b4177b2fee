#include "common/input_files.hpp"

#include <cmath>

#include "common/npy_io.hpp"

#include <billow/limits.hpp>

namespace billow::scene::detail {

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

} // namespace billow::scene::detail
