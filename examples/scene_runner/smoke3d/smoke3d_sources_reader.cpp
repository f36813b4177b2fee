// The "obstacles", "emitters" and "colliders" sections of a 3D scene.
#include <cmath>

#include "common/domain.hpp"
#include "common/path_reader.hpp"
#include "common/solver_words.hpp"
#include "common/time_reader.hpp"
#include "smoke3d/smoke3d_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

// "position": [x, y, z] or "path": waypoints, exactly one of them.
void readPlace(ObjectReader& r, const SmokeSettings3D& s, Vec3& position, std::vector<Waypoint3>& path) {
    const bool hasPath = r.has("path"), hasPosition = r.has("position");
    if (hasPath == hasPosition)
        throw SceneError(r.keyPath("position"), "expected exactly one of position [x, y, z] (m) or path (waypoints)");
    const auto inside = [&](const Vec3& p, const std::string& key) { requireInsideDomain(s, p, key); };
    if (hasPosition) {
        position = r.vec3("position", {});
        inside(position, r.keyPath("position"));
    } else {
        path = readPath<3>(*r.child("path"), r.keyPath("path"), inside);
        position = path.front().position;
    }
}

Obstacle3D readObstacle(ObjectReader& r, const SmokeSettings3D& s) {
    enum class Kind { Sphere, Box };
    const Kind kind = r.requiredChoice<Kind>("shape", {{"sphere", Kind::Sphere}, {"box", Kind::Box}});
    Obstacle3D o;
    if (kind == Kind::Sphere) {
        o.shape = Obstacle3D::Shape::Sphere;
        o.centre = r.requiredVec3("centre");
        requireInsideDomain(s, o.centre, r.keyPath("centre"));
        o.radius = r.requiredReal("radius", Range::positive());
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
    e.burst = r.boolean("burst", false);
    e.start = readStartTime(r);
    e.end = readEndTime(r, e.start);
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
    r.finish();
    return c;
}

} // namespace

void readObstacles3D(ObjectReader& top, Scene3D& scene) {
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

} // namespace billow::scene::detail
