// A scene file opened for reading, and the top-level keys every solver's scene has.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "common/json_reader.hpp"

namespace billow::scene {

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

} // namespace billow::scene
