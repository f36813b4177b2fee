// A water scene ("solver": "water") from its sections, and the names its outputs go by.
#include <eddy/error.hpp>

#include "output_plan_reader.hpp"
#include "scene_parser_parts.hpp"
#include "water_parser_parts.hpp"

namespace eddy::scene {

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
}

} // namespace detail

} // namespace eddy::scene
