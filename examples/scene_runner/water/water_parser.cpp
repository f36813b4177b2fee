// A water scene ("solver": "water") from its sections, and the names its outputs go by.
#include <algorithm>
#include <cmath>

#include <billow/error.hpp>

#include "common/output_plan_reader.hpp"
#include "smoke/smoke_parser_parts.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene {

namespace {

const detail::WordTable<WaterView> kWaterViews = {
    {"water", WaterView::Water}, {"depth", WaterView::Depth}, {"speed", WaterView::Speed},
    {"velocity", WaterView::Velocity}, {"dye", WaterView::Dye}, {"terrain", WaterView::Terrain}};

const detail::WordTable<WaterField> kWaterFields = {
    {"depth", WaterField::Depth}, {"terrain", WaterField::Terrain}, {"flowX", WaterField::FlowX},
    {"flowY", WaterField::FlowY}, {"velocity", WaterField::Velocity}, {"dye", WaterField::Dye}};

template <typename T>
const char* nameIn(detail::WordTable<T> table, T value) {
    for (const auto& [word, v] : table)
        if (v == value) return word;
    return "?";
}

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

const char* waterViewName(WaterView view) { return nameIn(kWaterViews, view); }
const char* waterFieldFileName(WaterField field) { return nameIn(kWaterFields, field); }

namespace detail {

void readWaterScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene) {
    // Order matters: the grid (after scaling) decides how files are resampled and checked, and
    // lake fills need the terrain.
    readWaterGrid(top, options, scene.settings);
    readWaterSettings(top, scene.settings);
    readWaterBoundaries(top, scene.settings);
    readTerrain(top, dir, scene);
    readInitialWater(top, dir, scene);
    readWaterEvents(top, scene);
    readTime(top, options, scene.dt, scene.steps);
    readOutputPlan(top, options, scene.output, kWaterViews, kWaterFields, true);
    // The library's own check as a backstop; its field names map onto the "settings" and
    // "boundaries" keys.
    try {
        scene.settings.validate();
    } catch (const InvalidArgument& e) {
        throw SceneError("settings", e.what());
    }
    requireFeasibleDt(scene);
}

} // namespace detail

} // namespace billow::scene
