#include "smoke/smoke_parser.hpp"

#include "common/output_plan_reader.hpp"
#include "common/settings_check.hpp"
#include "common/time_reader.hpp"
#include "smoke/smoke_parser_parts.hpp"

namespace billow::scene {

void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, Scene& scene) {
    // Order matters: the grid (after scaling) decides how images and .npy files are checked.
    detail::readGrid(top, options, scene.settings);
    detail::readBoundaries(top, scene.settings);
    detail::readSolverSettings(top, scene.settings);
    detail::readObstacles(top, dir, scene);
    detail::readEmitters(top, scene);
    detail::readInitialFields(top, dir, scene);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readOutputPlan(top, options, scene.steps, scene.output, kSmokeViews, kSmokeFields, false);
    top.finish();
    detail::checkWithLibrary(scene.settings, {{"dye", "colour"}});
    detail::requireDrawable(scene, options);
}

} // namespace billow::scene
