#include "scene_loader.hpp"

#include "common/json_reader.hpp"
#include "common/scene_reader.hpp"

namespace billow::scene {

LoadedScene loadScene(const std::string& path, const LoadOptions& options) {
    requireValidScale(options.scale);
    const SceneFile file = openSceneFile(path);
    ObjectReader top(file.json, "");
    enum class Solver { Smoke, Smoke3D, Water };
    const Solver solver = top.choice<Solver>(
        "solver", Solver::Smoke, {{"smoke", Solver::Smoke}, {"smoke3d", Solver::Smoke3D}, {"water", Solver::Water}});
    const SceneTitle title = readTitle(top, path);
    LoadedScene loaded = solver == Solver::Water     ? LoadedScene(WaterScene{})
                         : solver == Solver::Smoke3D ? LoadedScene(Scene3D{})
                                                     : LoadedScene(Scene{});
    std::visit(
        [&](auto& scene) {
            scene.name = title.name;
            scene.description = title.description;
            readScene(top, file.dir, options, scene);
        },
        loaded);
    return loaded;
}

} // namespace billow::scene
