#include "common/scene_file.hpp"

#include <fstream>
#include <sstream>

#include "common/json_limits.hpp"

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
