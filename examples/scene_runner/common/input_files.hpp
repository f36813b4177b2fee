// Files a scene names (PNG images, .npy arrays): found relative to the scene file's folder, and
// their problems reported under the key that names them.
#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "common/json_reader.hpp"

namespace billow::scene::detail {

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

} // namespace billow::scene::detail
