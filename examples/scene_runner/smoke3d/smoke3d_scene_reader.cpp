// Reads and validates a 3D smoke scene ("solver": "smoke3d"). Every problem is a SceneError naming
// the JSON key, raised before anything is created. One reader per part of the file: "grid" (nx,
// ny, nz, cellSize or width; scaled together), "boundaries" (six sides) and "settings" (everything
// else in SmokeSettings3D, with "combustion"), then "obstacles", "emitters", "colliders", and the
// 3D keys of "output": "render" (picture size, camera, look), "slices", "vdb".
#include "scene_loader.hpp"

#include <algorithm>
#include <cmath>

#include "common/output_plan.hpp"
#include "common/scene_reader.hpp"
#include "common/smoke_shared.hpp"
#include "smoke3d/smoke3d_outputs.hpp"

namespace billow::scene::detail {

namespace {

BoundarySide3D readSide(ObjectReader& r, float ambient) {
    BoundarySide3D side;
    side.type = r.choice("type", BoundaryType::Wall, kBoundaryTypes);
    side.wallVelocity = r.vec3("wallVelocity", side.wallVelocity);
    side.normalVelocity = r.real("normalVelocity", side.normalVelocity, Range::positive());
    side.density = r.real("density", 0.0, Range::nonNegative());
    side.temperature = r.real("temperature", ambient, Range::positive());
    side.fuel = r.real("fuel", 0.0, Range::nonNegative());
    side.colour = r.rgba("colour", {0, 0, 0, 0});
    r.finish();
    return side;
}

// "grid" (nx, ny, nz, cellSize or width; scaled together), "boundaries" (six sides) and
// "settings" (everything else in SmokeSettings3D, with "combustion").
void readGrid3D(ObjectReader& top, const LoadOptions& options, SmokeSettings3D& s) {
    uint32_t fileNz = 0;
    const GridSize g = readGridSection(
        top, options, s, [&](ObjectReader& r) { fileNz = r.integer("nz", 64, 2, kMaxCellsPerAxis); }, 64);
    // nz scales with nx (the domain in metres stays the same).
    s.nz = scaledCells(fileNz, double(g.nx) / g.fileNx);
    const std::string key = options.size ? "--size" : options.scale != 1.0 ? "--scale" : "grid";
    if (s.nz > kMaxCellsPerAxis) throw SceneError(key, "the scaled grid exceeds " + std::to_string(kMaxCellsPerAxis) + " cells per axis");
    requireCellCount(uint64_t(s.nx) * s.ny, s.nz, kMaxCells, key, "grid (nx * ny by nz)");
}

void readBoundaries3D(ObjectReader& top, SmokeSettings3D& s) {
    const float ambient = peekAmbientTemperature(top, s.ambientTemperature);
    for (auto& side : s.boundaries) side.temperature = ambient;
    const nlohmann::json* value = top.child("boundaries");
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    forEachSide(r, [&](int side, ObjectReader& sr) { s.boundaries[side] = readSide(sr, ambient); }, 6);
    r.finish();
    requirePeriodicPairs([&](int side) { return s.boundaries[side].type == BoundaryType::Periodic; }, 6);
}

void readSolverSettings3D(ObjectReader& top, SmokeSettings3D& s) {
    ObjectReader r = top.objectOrEmpty("settings");
    s.colour = r.boolean("colour", s.colour);
    s.flowStorage = r.choice("flowStorage", s.flowStorage, {{"float32", FlowStorage::Float32}, {"float16", FlowStorage::Float16}});
    readDiffusionAndPressure(r, s, "scalarDiffusion", s.scalarDiffusion, 0, 1000000);
    readAdvection(r, s, "colourAdvection", s.colourAdvection);
    readForces(r, s, [&](ObjectReader& d) {
        s.fuelDamping = d.real("fuelDamping", s.fuelDamping, Range::nonNegative());
        s.colourDamping = d.real("colourDamping", s.colourDamping, Range::nonNegative());
    });
    if (const nlohmann::json* value = r.child("combustion")) {
        ObjectReader c(*value, "settings.combustion");
        CombustionSettings& b = s.combustion;
        b.enabled = c.boolean("enabled", true);  // a "combustion" section turns it on unless it says otherwise
        b.ignitionTemperature = c.real("ignitionTemperature", b.ignitionTemperature, Range::positive());
        b.burnRate = c.real("burnRate", b.burnRate, Range::nonNegative());
        b.heatRelease = c.real("heatRelease", b.heatRelease, Range::nonNegative());
        b.smokeYield = c.real("smokeYield", b.smokeYield, Range::nonNegative());
        b.expansion = c.real("expansion", b.expansion, Range::nonNegative());
        c.finish();
    }
    r.finish();
}

// "obstacles", "emitters", "colliders".
Obstacle3D readObstacle(ObjectReader& r, const SmokeSettings3D& s) {
    enum class Kind { Sphere, Box };
    const Kind kind = r.requiredChoice<Kind>("shape", {{"sphere", Kind::Sphere}, {"box", Kind::Box}});
    Obstacle3D o;
    if (kind == Kind::Sphere) {
        o.shape = Obstacle3D::Shape::Sphere;
        readCentreAndRadius(r, s, o.centre, o.radius);
    } else {
        o.shape = Obstacle3D::Shape::Box;
        o.min = r.requiredVec3("min");
        o.max = r.requiredVec3("max");
        if (!(o.max[0] > o.min[0] && o.max[1] > o.min[1] && o.max[2] > o.min[2]))
            throw SceneError(r.keyPath("max"), "expected max > min on every axis");
    }
    r.finish();
    return o;
}

SceneEmitter3D readEmitter(ObjectReader& r, const SmokeSettings3D& s) {
    SceneEmitter3D e;
    Emitter3D& m = e.emitter;
    m.shape = r.choice<EmitterShape>("shape", EmitterShape::Sphere, {{"sphere", EmitterShape::Sphere}, {"box", EmitterShape::Box}});
    readPlace(r, s, m.centre, e.path);
    if (m.shape == EmitterShape::Sphere) {
        m.radius = r.real("radius", m.radius, Range::positive());
    } else {
        if (r.has("radius")) throw SceneError(r.keyPath("radius"), "a box emitter takes halfExtents [x, y, z] (m), not a radius");
        m.halfExtents = r.vec3("halfExtents", m.halfExtents, Range::positive());
    }
    if (m.shape == EmitterShape::Sphere && r.has("halfExtents"))
        throw SceneError(r.keyPath("halfExtents"), "a sphere emitter takes a radius (m), not halfExtents");
    m.falloff = r.choice("falloff", m.falloff, kFalloffs);
    m.velocity = r.vec3("velocity", m.velocity);
    m.velocityCoupling = r.real("velocityCoupling", m.velocityCoupling, Range::nonNegative());
    m.density = r.real("density", 0.0, Range::nonNegative());
    m.temperature = r.real("temperature", 0.0);
    m.fuel = r.real("fuel", 0.0, Range::nonNegative());
    m.colour = r.rgba("colour", {0, 0, 0, 0});
    readEmitterTimes(r, e);
    r.finish();
    return e;
}

std::array<float, 4> readOrientation(ObjectReader& r) {
    const nlohmann::json* value = r.child("orientation");
    if (!value) return {0.0f, 0.0f, 0.0f, 1.0f};
    const std::vector<float> q = numbersAt(*value, r.keyPath("orientation"), 4, Range::any());
    const double length = std::sqrt(double(q[0]) * q[0] + double(q[1]) * q[1] + double(q[2]) * q[2] + double(q[3]) * q[3]);
    if (!(length > 1e-6)) throw SceneError(r.keyPath("orientation"), "expected a non-zero quaternion [x, y, z, w]");
    return {float(q[0] / length), float(q[1] / length), float(q[2] / length), float(q[3] / length)};
}

SceneCollider3D readCollider(ObjectReader& r, const SmokeSettings3D& s) {
    SceneCollider3D c;
    Collider& k = c.collider;
    k.shape = r.requiredChoice<ColliderShape>(
        "shape", {{"sphere", ColliderShape::Sphere}, {"box", ColliderShape::Box}, {"capsule", ColliderShape::Capsule}});
    readPlace(r, s, k.centre, c.path);
    if (k.shape != ColliderShape::Box) k.radius = r.requiredReal("radius", Range::positive());
    if (k.shape == ColliderShape::Box) k.halfExtents = r.requiredVec3("halfExtents", Range::positive());
    if (k.shape == ColliderShape::Capsule) k.halfLength = r.real("halfLength", k.halfLength, Range::nonNegative());
    k.orientation = readOrientation(r);
    if (!c.path.empty() && r.has("velocity"))
        throw SceneError(r.keyPath("velocity"), "a collider on a path moves at the path's speed; give no velocity");
    k.velocity = r.vec3("velocity", k.velocity);
    k.angularVelocity = r.vec3("angularVelocity", k.angularVelocity);
    c.dynamic = readDynamic(r, !c.path.empty());
    r.finish();
    return c;
}

void readObstacles3D(ObjectReader& top, Scene3D& scene) {
    // The mask costs 64 samples per cell of each obstacle's bounding box: bound the count here and
    // the boxes' total in the runner (obstacleMask).
    if (const nlohmann::json* list = top.child("obstacles"))
        if (list->is_array() && list->size() > kMaxObstacles3D)
            throw SceneError("obstacles", "expected at most " + std::to_string(kMaxObstacles3D) +
                                              " obstacles (merge small ones into boxes, or give a solid mask)");
    top.forEachObject("obstacles", "obstacles {\"shape\": \"sphere\" | \"box\", ...}",
                      [&](ObjectReader& r) { scene.obstacles.push_back(readObstacle(r, scene.settings)); });
}

void readEmitters3D(ObjectReader& top, Scene3D& scene) {
    if (const nlohmann::json* list = top.child("emitters"))
        if (list->is_array() && list->size() > SmokeSolver3D::kMaxEmitters)
            throw SceneError("emitters", "expected at most " + std::to_string(SmokeSolver3D::kMaxEmitters) + " emitters");
    top.forEachObject("emitters", "emitters", [&](ObjectReader& r) { scene.emitters.push_back(readEmitter(r, scene.settings)); });
}

void readColliders3D(ObjectReader& top, Scene3D& scene) {
    if (const nlohmann::json* list = top.child("colliders"))
        if (list->is_array() && list->size() > kMaxColliders)
            throw SceneError("colliders", "expected at most " + std::to_string(kMaxColliders) + " colliders");
    top.forEachObject("colliders", "colliders", [&](ObjectReader& r) { scene.colliders.push_back(readCollider(r, scene.settings)); });
}

// The renderer's own checks of a look or a camera (VolumeLook::validate, OrbitCamera::validate),
// which bound what the readers' ranges above leave open (a colour temperature of 50 K, a camera
// 1e-30 diagonals away): the library's field "VolumeLook::colourLow" becomes the scene's key
// "output.render.look.colourLow".
template <typename Checked>
void checkWithRenderer(const Checked& checked, ObjectReader& r) {
    try {
        checked.validate();
    } catch (const InvalidArgument& e) {
        const std::string& field = e.field();
        const size_t colons = field.rfind("::");
        const std::string name = colons == std::string::npos ? field : field.substr(colons + 2);
        throw SceneError(r.keyPath(name.substr(0, name.find_first_of("[.")).c_str()), std::string(e.what()) + " (the renderer's own check)");
    }
}

// The 3D keys of "output": "render" (size, camera, look), "slices", "vdb".
void readCamera(ObjectReader& r, OrbitCamera& c, bool& frameContent) {
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    // A camera aimed by the scene is not reframed; "frame" says so explicitly.
    if (r.child("target") || r.child("distance")) frameContent = false;
    frameContent = r.choice("frame", frameContent ? 1 : 0, {{"content", 1}, {"domain", 0}}) == 1;
    c.yawDegrees = f("yaw", c.yawDegrees, Range::any());
    c.pitchDegrees = f("pitch", c.pitchDegrees, {-90.0, 90.0, true, true});
    c.distance = f("distance", c.distance, Range::positive());
    c.fovDegrees = f("fov", c.fovDegrees, {0.0, 180.0, true, true});
    c.target = r.vec3("target", c.target);
    r.finish();
    checkWithRenderer(c, r);
}

void readLook(ObjectReader& r, VolumeLook& l) {
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    auto colour = [&](const char* key, std::array<float, 3> fallback) { return r.vec3(key, fallback, Range::nonNegative()); };
    l.extinction = f("extinction", l.extinction, Range::nonNegative());
    l.albedo = f("albedo", l.albedo, Range::closed(0.0, 1.0));
    l.anisotropy = f("anisotropy", l.anisotropy, {-1.0, 1.0, true, true});
    l.lightDirection = r.vec3("lightDirection", l.lightDirection);
    const auto& d = l.lightDirection;
    if (!(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 1e-12f))
        throw SceneError(r.keyPath("lightDirection"), "expected a non-zero direction toward the light");
    l.lightColour = colour("lightColour", l.lightColour);
    l.ambientColour = colour("ambientColour", l.ambientColour);
    l.skyZenith = colour("skyZenith", l.skyZenith);
    l.skyHorizon = colour("skyHorizon", l.skyHorizon);
    l.groundColour = colour("groundColour", l.groundColour);
    l.groundTile = f("groundTile", l.groundTile, Range::nonNegative());
    l.fireLow = f("fireLow", l.fireLow, Range::nonNegative());
    l.fireHigh = f("fireHigh", l.fireHigh, Range::nonNegative());
    if (!(l.fireHigh > l.fireLow)) throw SceneError(r.keyPath("fireHigh"), "expected fireHigh > fireLow (K)");
    l.fireIntensity = f("fireIntensity", l.fireIntensity, Range::nonNegative());
    l.colourLow = f("colourLow", l.colourLow, Range::positive());
    l.colourHigh = f("colourHigh", l.colourHigh, Range::positive());
    l.exposure = f("exposure", l.exposure, Range::positive());
    l.drawSolids = r.boolean("drawSolids", l.drawSolids);
    const std::array<float, 3> outline = colour("outlineColour", {l.outlineColour[0], l.outlineColour[1], l.outlineColour[2]});
    l.outlineColour = {outline[0], outline[1], outline[2],
                       f("outlineOpacity", l.outlineColour[3], Range::closed(0.0, 1.0))};
    l.solidColour = colour("solidColour", l.solidColour);
    l.viewStep = f("viewStep", l.viewStep, Range::closed(0.05, 8.0));
    l.lightStep = f("lightStep", l.lightStep, Range::closed(0.05, 8.0));
    r.finish();
    checkWithRenderer(l, r);
}

void readOutput3D(ObjectReader& output, Scene3D& scene) {
    if (const nlohmann::json* value = output.child("render")) {
        ObjectReader r(*value, "output.render");
        scene.render.width = r.integer("width", scene.render.width, 16, 4096);
        scene.render.height = r.integer("height", scene.render.height, 16, 4096);
        if (const nlohmann::json* camera = r.child("camera")) {
            ObjectReader c(*camera, "output.render.camera");
            readCamera(c, scene.render.camera, scene.render.frameContent);
        }
        if (const nlohmann::json* look = r.child("look")) {
            ObjectReader l(*look, "output.render.look");
            readLook(l, scene.render.look);
        }
        r.finish();
    }
    if (const nlohmann::json* value = output.child("slices")) {
        ObjectReader r(*value, "output.slices");
        scene.slices.axis = r.choice("axis", scene.slices.axis, {{"x", 0}, {"y", 1}, {"z", 2}});
        scene.slices.position = r.real("position", scene.slices.position, Range::closed(0.0, 1.0));
        scene.slices.longSide = r.integer("longSide", scene.slices.longSide, 16, 4096);
        r.finish();
    }
    if (const nlohmann::json* value = output.child("vdb")) {
        ObjectReader r(*value, "output.vdb");
        VdbPlan& v = scene.vdb;
        v.every = r.integer("every", 0, 0, 10000000);
        if (const nlohmann::json* names = r.child("grids")) {
            const std::string key = r.keyPath("grids");
            // "velocity" is the grid's former name, still read so that older scenes keep working.
            const std::initializer_list<std::pair<const char*, bool VdbPlan::*>> kGrids = {
                {"density", &VdbPlan::density}, {"temperature", &VdbPlan::temperature}, {"flame", &VdbPlan::flame},
                {"fuel", &VdbPlan::fuel},       {"vel", &VdbPlan::velocity},           {"velocity", &VdbPlan::velocity},
                {"solid", &VdbPlan::solid}};
            const std::string expected = "\"density\", \"temperature\", \"flame\", \"fuel\", \"vel\" or \"solid\"";
            if (!names->is_array()) throw SceneError(key, "expected an array of " + expected);
            v.density = v.temperature = v.flame = v.fuel = v.velocity = v.solid = false;
            for (size_t k = 0; k < names->size(); ++k) {
                const nlohmann::json& n = (*names)[k];
                const auto grid = std::find_if(kGrids.begin(), kGrids.end(), [&](const auto& g) { return n.is_string() && n == g.first; });
                if (grid == kGrids.end()) throw SceneError(indexPath(key, k), "expected " + expected + ", got " + shortText(n));
                v.*(grid->second) = true;
            }
        }
        v.activeThreshold = r.real("activeThreshold", v.activeThreshold, Range::nonNegative());
        v.upAxis = r.choice("upAxis", v.upAxis, kVdbUpAxes);
        r.finish();
    }
}

} // namespace

} // namespace billow::scene::detail

namespace billow::scene {

void readScene(ObjectReader& top, const std::filesystem::path&, const LoadOptions& options, Scene3D& scene) {
    // The grid (after scaling) first: positions are checked against the domain.
    detail::readGrid3D(top, options, scene.settings);
    detail::readBoundaries3D(top, scene.settings);
    detail::readSolverSettings3D(top, scene.settings);
    detail::checkWithLibrary(scene.settings, {{"dye", "colour"}});
    detail::readObstacles3D(top, scene);
    detail::readEmitters3D(top, scene);
    detail::readColliders3D(top, scene);
    {
        const SmokeSettings3D& s = scene.settings;
        scene.particles = readParticlePlan(top, 3, {s.nx * s.cellSize, s.ny * s.cellSize, s.nz * s.cellSize}, false);
    }
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readOutputPlan(top, options, scene.steps, scene.output, kSmoke3DViews, kSmoke3DFields, false,
                           [&](ObjectReader& output) { detail::readOutput3D(output, scene); });
    if (options.renderWidth) {
        RenderPlan& r = scene.render;
        const double height = std::round(double(r.height) * *options.renderWidth / r.width);
        // The height follows the width; a tall render made wide must stay within the same bound.
        if (height > 4096)
            throw SceneError("--render-width", "makes the render " + std::to_string(*options.renderWidth) + " x " +
                                                   std::to_string(uint64_t(height)) + " pixels; its height may be at most 4096");
        r.height = std::max(16u, static_cast<uint32_t>(height));
        r.width = *options.renderWidth;
    }
    // The render and the slices are drawn at their own sizes; the larger sizes the pictures.
    const RenderPlan& render = scene.render;
    const uint32_t slice = scene.slices.longSide;
    const bool renderLarger = uint64_t(render.width) * render.height > uint64_t(slice) * slice;
    detail::requirePictureSize(scene.output, options, renderLarger ? render.width : slice, renderLarger ? render.height : slice);
    for (SmokeField3D field : scene.output.fields)
        if (field == SmokeField3D::Colour && !scene.settings.colour)
            throw SceneError("output.fields.names", "\"colour\" needs settings.colour: true");
    if (scene.vdb.every && scene.steps / scene.vdb.every + 1 > detail::kMaxOutputFrames)
        throw SceneError("output.vdb.every", "would write " + std::to_string(scene.steps / scene.vdb.every + 1) +
                                                 " VDB files, more than " + std::to_string(detail::kMaxOutputFrames));
    requireVdbSupport(scene.vdb);
    top.finish();
}

} // namespace billow::scene
