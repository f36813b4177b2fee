#include "common/scene_file.hpp"

#include <fstream>
#include <sstream>

namespace billow::scene {

SceneFile openSceneFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw SceneError("(file)", "cannot open scene file " + path);
    std::stringstream text;
    text << in.rdbuf();
    SceneFile file;
    try {
        file.json = nlohmann::json::parse(text.str(), nullptr, true, true);
    } catch (const nlohmann::json::parse_error& e) {
        throw SceneError("(syntax)", std::string("not valid JSON: ") + e.what());
    }
    file.dir = std::filesystem::path(path).parent_path();
    return file;
}

SceneTitle readTitle(ObjectReader& top, const std::string& path) {
    SceneTitle title;
    title.name = top.text("name", std::filesystem::path(path).stem().string());
    title.description = top.text("description", "");
    if (title.name.empty() || title.name.find_first_of("/\\") != std::string::npos)
        throw SceneError("name", "expected a non-empty name without slashes (it names the output folder)");
    return title;
}

} // namespace billow::scene
