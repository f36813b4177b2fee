// A 3D smoke and fire scene ("solver": "smoke3d") as the runner uses it: everything from the JSON
// file, resolved to the final grid size (after --scale/--size). Building a Scene3D does all the
// validation; running it can no longer fail because of the file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <billow/collider.hpp>
#include <billow/smoke3d_settings.hpp>
#include <billow/smoke3d_solver.hpp>
#include <billow/volume_renderer.hpp>

#include "common/dynamic_colliders.hpp"
#include "common/json_reader.hpp"
#include "common/maths.hpp"
#include "common/output_plan.hpp"
#include "common/particle_plan.hpp"

namespace billow::scene {

using Vec3 = std::array<float, 3>;
using Waypoint3 = WaypointOf<3>;

// A static obstacle, rasterised into the solid mask by its coverage of each cell.
// At most this many static obstacles in a scene; their bounding boxes may hold at most
// kMaxObstacleCellsPerCell times the grid's cells in all (each is sampled 64 times a cell).
inline constexpr size_t kMaxObstacles3D = 4096;
inline constexpr size_t kMaxObstacleCellsPerCell = 8;

struct Obstacle3D {
    enum class Shape { Sphere, Box } shape = Shape::Sphere;
    Vec3 centre{};      // sphere, m
    float radius = 0;   // sphere, m
    Vec3 min{}, max{};  // box corners, m
};

// An emitter (billow::Emitter3D) that acts from `start` to `end`, at a fixed centre or moving along
// a path; a burst acts once, at the first step at or after `start`, adding its amounts in full.
struct SceneEmitter3D {
    Emitter3D emitter;               // its centre is the fixed position when `path` is empty
    std::vector<Waypoint3> path;
    double start = 0.0, end = 1e30;  // s
    bool burst = false;
};

// A moving collider (billow::Collider): along a path (its velocity the path's slope), or from its
// centre at its linear velocity; turning at its angular velocity from its orientation at time 0.
struct SceneCollider3D {
    Collider collider;  // centre, orientation, velocity and angular velocity at time 0
    std::vector<Waypoint3> path;
    std::optional<DynamicSpec> dynamic;  // moved by the fluid's forces (common/dynamic_colliders.hpp)
};

// Pictures of a 3D run: the ray-marched render (the default) and mid-plane slices of fields.
enum class View3D { Render, Density, Temperature, Fuel, Speed, Vorticity, Pressure, Divergence };
inline const WordTable<View3D> kSmoke3DViews = {
    {"render", View3D::Render},       {"density", View3D::Density},     {"temperature", View3D::Temperature},
    {"fuel", View3D::Fuel},           {"speed", View3D::Speed},         {"vorticity", View3D::Vorticity},
    {"pressure", View3D::Pressure},   {"divergence", View3D::Divergence}};
inline const WordTable<SmokeField3D> kSmoke3DFields = {
    {"velocityX", SmokeField3D::VelocityX},   {"velocityY", SmokeField3D::VelocityY},     {"velocityZ", SmokeField3D::VelocityZ},
    {"density", SmokeField3D::Density},       {"temperature", SmokeField3D::Temperature}, {"fuel", SmokeField3D::Fuel},
    {"colour", SmokeField3D::Colour},         {"pressure", SmokeField3D::Pressure},       {"divergence", SmokeField3D::Divergence},
    {"vorticity", SmokeField3D::Vorticity},   {"solid", SmokeField3D::Solid},             {"expansionSource", SmokeField3D::ExpansionSource}};

using OutputPlan3D = OutputPlanOf<View3D, SmokeField3D>;

// The look of the runner's pictures: the library's defaults over a sky and a ground, encoded for
// display, with the domain outlined in grey.
inline VolumeLook pictureLook() {
    VolumeLook look;
    look.background = VolumeBackground::SkyAndGround;
    look.displayEncode = true;
    look.outlineColour = {0.18f, 0.2f, 0.24f, 0.6f};
    return look;
}

// output.render: the ray-marched picture (billow::VolumeRenderer).
struct RenderPlan {
    uint32_t width = 512, height = 384;  // pixels
    OrbitCamera camera;
    VolumeLook look = pictureLook();
    // Aim at what the run holds (smoke, heat, fuel, emitters, obstacles: the box they have filled
    // so far) instead of the domain's centre; off once the scene gives the camera's target or
    // distance, or "frame": "domain".
    bool frameContent = true;
};

// output.slices: the plane the slice views cut.
struct SlicePlan {
    int axis = 2;            // the axis across the plane: 0 x, 1 y, 2 z (default z: an x-y plane)
    float position = 0.5f;   // where along it, as a fraction of the domain
    uint32_t longSide = 512; // pixels along the picture's long side (resampled bilinearly)
};

// output.vdb: OpenVDB files of the fields (billow::vdb::writeVdb, docs/vdb-export.md), numbered by
// output frame: file F holds step F * every.
enum class VdbUpAxis { Y, Z };
inline const WordTable<VdbUpAxis> kVdbUpAxes = {{"y", VdbUpAxis::Y}, {"z", VdbUpAxis::Z}};
struct VdbPlan {
    uint32_t every = 0;  // steps between files; 0 = none
    // The grids: "density", "temperature" (absolute K), "flame" (K above ambient), "fuel", "vel", "solid".
    bool density = true, temperature = true, flame = true, fuel = true, velocity = true, solid = true;
    float activeThreshold = 1e-4f;     // |value - background| below it: inactive. Default 1e-4.
    VdbUpAxis upAxis = VdbUpAxis::Y;  // "y": Billow's axes (Houdini, Maya); "z": turned for Blender
};

struct Scene3D {
    std::string name;
    std::string description;
    SmokeSettings3D settings;
    std::vector<Obstacle3D> obstacles;
    std::vector<SceneEmitter3D> emitters;
    std::vector<SceneCollider3D> colliders;
    ParticlePlan particles;  // "particles" (common/particle_plan.hpp)
    double dt = 1.0 / 60.0;
    uint32_t steps = 240;
    OutputPlan3D output;
    RenderPlan render;
    SlicePlan slices;
    VdbPlan vdb;
};

} // namespace billow::scene
