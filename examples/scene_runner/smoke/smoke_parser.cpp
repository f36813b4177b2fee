#include "smoke/smoke_parser.hpp"

#include <fstream>
#include <sstream>

#include <billow/error.hpp>

#include "smoke/smoke_parser_parts.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene {

namespace {

nlohmann::json readJsonFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw SceneError("(file)", "cannot open scene file " + path);
    std::stringstream text;
    text << in.rdbuf();
    try {
        // Comments are allowed so scenes can explain their numbers.
        return nlohmann::json::parse(text.str(), nullptr, true, true);
    } catch (const nlohmann::json::parse_error& e) {
        throw SceneError("(syntax)", std::string("not valid JSON: ") + e.what());
    }
}

} // namespace

LoadedScene loadScene(const std::string& path, const LoadOptions& options) {
    if (!(options.scale > 0.0 && options.scale <= 64.0))
        throw SceneError("--scale", "expected a number in (0, 64]");
    const nlohmann::json json = readJsonFile(path);
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    ObjectReader top(json, "");
    enum class Solver { Smoke, Water };
    const Solver solver = top.choice<Solver>("solver", Solver::Smoke, {{"smoke", Solver::Smoke}, {"water", Solver::Water}});
    const std::string name = top.text("name", std::filesystem::path(path).stem().string());
    const std::string description = top.text("description", "");
    if (name.empty() || name.find_first_of("/\\") != std::string::npos)
        throw SceneError("name", "expected a non-empty name without slashes (it names the output folder)");
    if (solver == Solver::Water) {
        WaterScene water;
        water.name = name;
        water.description = description;
        detail::readWaterScene(top, dir, options, water);
        top.finish();
        return water;
    }
    Scene scene;
    scene.name = name;
    scene.description = description;

    // Order matters: the grid (after scaling) decides how images and .npy files are checked.
    detail::readGrid(top, options, scene.settings);
    detail::readBoundaries(top, scene.settings);
    detail::readSolverSettings(top, scene.settings);
    detail::readObstacles(top, dir, scene);
    detail::readEmitters(top, scene);
    detail::readInitialFields(top, dir, scene);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readOutput(top, options, scene);
    top.finish();

    // The library's own check as a backstop; its field names map onto the "settings" keys.
    try {
        scene.settings.validate();
    } catch (const InvalidArgument& e) {
        throw SceneError("settings", e.what());
    }
    return scene;
}

} // namespace billow::scene
