// A shallow-water scene ("solver": "water") as the runner uses it: the WaterSettings, the terrain
// and the initial water already built at the final grid size (after --scale/--size), the timed
// events, the duration and the output plan. Building one does all the validation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <billow/floating_bodies.hpp>
#include <billow/water_settings.hpp>
#include <billow/water_solver.hpp>

#include "common/json_reader.hpp"
#include "common/maths.hpp"
#include "common/output_plan.hpp"
#include "common/particle_plan.hpp"

namespace billow::scene {

// Pictures of a water run. Water (the first, the default) is water over shaded terrain;
// TerrainChange is the terrain minus the initial terrain (erosion cuts red, deposits blue).
enum class WaterView { Water, Depth, Speed, Velocity, Dye, Terrain, TerrainChange, Sediment };
// The views and the solver's fields as the scene file and the output files name them.
inline const WordTable<WaterView> kWaterViews = {
    {"water", WaterView::Water}, {"depth", WaterView::Depth}, {"speed", WaterView::Speed},
    {"velocity", WaterView::Velocity}, {"dye", WaterView::Dye}, {"terrain", WaterView::Terrain},
    {"terrainChange", WaterView::TerrainChange}, {"sediment", WaterView::Sediment}};
inline const WordTable<WaterField> kWaterFields = {
    {"depth", WaterField::Depth}, {"terrain", WaterField::Terrain}, {"flowX", WaterField::FlowX},
    {"flowY", WaterField::FlowY}, {"velocity", WaterField::Velocity}, {"dye", WaterField::Dye},
    {"flowZ", WaterField::FlowZ}, {"sediment", WaterField::Sediment}, {"hardness", WaterField::Hardness}};

// Something that happens to the water or the terrain over time, turned into WaterBrushes.
struct WaterEvent {
    enum class Kind { Rain, Spring, Sink, Dig, Raise } kind = Kind::Spring;
    Vec2 position{};            // spring, sink: centre, m
    std::vector<Vec2> path;     // dig, raise: the line the brush follows, m (one point: a pit/mound)
    float radius = 1.0f;        // m: the brush's reach (weight 1 - distance / radius)
    float flow = 0.0f;          // spring, sink: m^3/s; rain: m/s of depth over the whole domain
    float amount = 0.0f;        // dig: depth, raise: height along the path's centre line, m
    float dye = 0.0f;           // spring, rain: dye per second at the centre; dig/raise: in total
    double start = 0.0, end = 1e30;  // s; dig/raise spread their amount evenly over [start, end)
};

using WaterOutputPlan = OutputPlanOf<WaterView, WaterField>;

struct WaterScene {
    std::string name;
    std::string description;
    WaterSettings settings;
    std::vector<float> terrain;  // nx*ny, m
    std::vector<float> depth;    // nx*ny, m (empty: dry)
    std::vector<float> dye;      // nx*ny (empty: none)
    std::vector<float> hardness; // nx*ny, 0..1 (terrain.hardness; empty: the solver's 0)
    std::vector<WaterEvent> events;
    std::vector<FloatingBody> bodies;  // floating bodies (water/water_bodies.cpp)
    ParticlePlan particles;  // "particles" (common/particle_plan.hpp); z rides the surface
    double dt = 0.25;
    uint32_t steps = 400;
    WaterOutputPlan output;
};

// What the reader checks an event's brushes by (water_run.cpp turns the events into brushes, and
// rain into the solver's WaterSolver::setRain): how many brushes the event adds in a step where it
// is active (at most 1e9, however short the radius; rain none), and for spring and sink events the
// sum of their brush's weights over the cells (0 when the brush reaches no cell centre, so it
// would add nothing).
uint32_t brushesPerStep(const WaterEvent& event);
double eventWeightSum(const WaterSettings& settings, const WaterEvent& event);

} // namespace billow::scene
