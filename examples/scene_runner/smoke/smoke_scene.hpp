// A smoke scene as the runner uses it: everything from the JSON file, resolved to the final grid size
// (after --scale/--size), with images and .npy files already loaded and resampled. Building a
// Scene does all the validation; running it can no longer fail because of the file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <billow/smoke_settings.hpp>
#include <billow/smoke_solver.hpp>

#include "common/json_reader.hpp"
#include "common/maths.hpp"
#include "common/output_plan.hpp"
#include "common/particle_plan.hpp"
#include "smoke/smoke_colliders.hpp"

namespace billow::scene {

using Rgba = std::array<float, 4>;

struct Obstacle {
    enum class Shape { Circle, Box, Walls } shape = Shape::Circle;
    Vec2 centre{};           // circle, m
    float radius = 0.0f;     // circle, m
    Vec2 min{}, max{};       // box corners, m
    float thickness = 0.0f;  // walls, m
    std::array<bool, 4> sides{true, true, true, true};  // walls: Left, Right, Bottom, Top
};

using Waypoint = WaypointOf<2>;

// A source of velocity, density, heat and dye. Continuous emitters add their amounts per second
// of simulated time; burst emitters add them once, at the first step at or after `start`.
struct Emitter {
    Vec2 position{};
    std::vector<Waypoint> path;  // when not empty, the position moves along it (linear in time)
    float radius = 0.05f;
    Falloff falloff = Falloff::Gaussian;
    Vec2 velocity{};
    float density = 0.0f;
    float temperature = 0.0f;
    Rgba colour{};
    double start = 0.0, end = 1e30;
    bool burst = false;

    Vec2 positionAt(double time) const;
};

// WebGL-fluid-style random splats: every `interval` seconds, `count` splats at random places with
// random directions and random bright colours.
struct RandomSplats {
    uint32_t count = 5;
    double interval = 1.0;
    double start = 0.0, end = 1e30;
    uint32_t seed = 1;
    float radius = 0.025f;
    float speed = 2.0f;       // m/s of each splat's velocity
    float brightness = 0.6f;  // scale of the random colours
    float density = 0.0f;
};

// A Gaussian-cored vortex added to the initial velocity: tangential speed `speed` (m/s,
// positive counter-clockwise) at distance `radius` from the centre, decaying outside.
struct Vortex {
    Vec2 centre{};
    float radius = 0.1f;
    float speed = 1.0f;
};

// Initial values, already at the solver's sizes (empty = leave the solver's default). The
// vortices are already added into velocityX/Y.
struct InitialFields {
    std::vector<float> velocityX, velocityY, density, temperature, pressure, dye;
    std::vector<Vortex> vortices;
};

// Pictures of a smoke run. Dye (the first, the default) is the dye as people see it.
enum class View { Dye, Velocity, Speed, Vorticity, Pressure, Divergence, Density, Temperature };
// The views and the solver's fields as the scene file and the output files name them.
inline const WordTable<View> kSmokeViews = {
    {"dye", View::Dye},           {"velocity", View::Velocity},     {"speed", View::Speed},
    {"vorticity", View::Vorticity}, {"pressure", View::Pressure},   {"divergence", View::Divergence},
    {"density", View::Density},   {"temperature", View::Temperature}};
inline const WordTable<SmokeField> kSmokeFields = {
    {"velocityX", SmokeField::VelocityX},   {"velocityY", SmokeField::VelocityY}, {"density", SmokeField::Density},
    {"temperature", SmokeField::Temperature}, {"dye", SmokeField::Dye},          {"pressure", SmokeField::Pressure},
    {"divergence", SmokeField::Divergence}, {"vorticity", SmokeField::Curl},     {"solid", SmokeField::Solid},
    {"openX", SmokeField::OpenX},           {"openY", SmokeField::OpenY}};

using OutputPlan = OutputPlanOf<View, SmokeField>;

struct Scene {
    std::string name;
    std::string description;
    SmokeSettings settings;
    std::vector<Obstacle> obstacles;
    std::vector<float> maskSolid;  // nx*ny solid fractions from obstacle images; empty when none
    std::vector<Emitter> emitters;
    std::vector<SceneCollider2D> colliders;  // smoke/smoke_colliders.hpp
    std::optional<RandomSplats> randomSplats;
    InitialFields initial;
    // Points sampled every step ("probes", smoke/smoke_probes.hpp); empty: none.
    std::vector<ProbePoint> probes;
    ParticlePlan particles;  // "particles" (common/particle_plan.hpp)
    double dt = 1.0 / 60.0;
    uint32_t steps = 300;
    OutputPlan output;
};

} // namespace billow::scene
