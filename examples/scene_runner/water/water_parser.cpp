#include "water/water_parser.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/grid_reader.hpp"
#include "common/output_plan_reader.hpp"
#include "common/settings_check.hpp"
#include "common/time_reader.hpp"
#include "water/water_parser_parts.hpp"
#include "water/water_views.hpp"

namespace billow::scene {

namespace {

// Refuses a dt whose substeps the solver would refuse at the first step, naming time.dt instead
// of failing mid-run. Virtual pipes have a fixed wave speed; the depth-based models' speed grows
// with the depth, so the initial water gives the least they need.
void requireFeasibleDt(const WaterScene& scene) {
    const WaterSettings& s = scene.settings;
    double speedDepth = s.pipeDepth;
    if (s.model != WaterModel::VirtualPipes) {
        speedDepth = 0.0;
        for (float d : scene.depth) speedDepth = std::max(speedDepth, double(d));
    }
    const double substepLimit = s.courant * s.cellSize / std::sqrt(s.gravity * speedDepth);
    const double substeps = std::ceil(scene.dt / substepLimit);
    if (speedDepth > 0.0 && substeps > s.maxSubsteps)
        throw SceneError("time.dt", "needs " + std::to_string(static_cast<uint64_t>(substeps)) + " substeps of at most " +
                                        std::to_string(substepLimit) + " s, more than settings.maxSubsteps = " +
                                        std::to_string(s.maxSubsteps) + " (a smaller dt, or more maxSubsteps)");
}

} // namespace

void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene) {
    // Order matters: the grid (after scaling) decides how files are resampled and checked, and
    // lake fills need the terrain.
    detail::readGridSection(top, options, scene.settings);
    detail::readWaterSettings(top, scene.settings);
    detail::readWaterBoundaries(top, scene.settings);
    detail::readTerrain(top, dir, scene);
    detail::readInitialWater(top, dir, scene);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readWaterEvents(top, scene.dt, scene);
    detail::readOutputPlan(top, options, scene.steps, scene.output, kWaterViews, kWaterFields, true);
    // Every water view is drawn one pixel per cell.
    detail::requirePictureSize(scene.output, options, scene.settings.nx, scene.settings.ny);
    // The library's own check as a backstop (its field names map onto the "settings" and
    // "boundaries" keys).
    detail::checkWithLibrary(scene.settings);
    requireFeasibleDt(scene);
    top.finish();
}

} // namespace billow::scene
