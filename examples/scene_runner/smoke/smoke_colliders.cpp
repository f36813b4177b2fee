#include "smoke/smoke_colliders.hpp"

#include <cmath>

#include "common/maths.hpp"
#include "common/scene_reader.hpp"
#include "scene_loader.hpp"

namespace billow::scene {

namespace {

SceneCollider2D readCollider(ObjectReader& r, const SmokeSettings& s) {
    SceneCollider2D c;
    Collider& k = c.collider;
    k.shape = r.requiredChoice<ColliderShape>(
        "shape", {{"sphere", ColliderShape::Sphere}, {"box", ColliderShape::Box}, {"capsule", ColliderShape::Capsule}});
    const Vec2 p = r.requiredVec2("position");
    detail::requireInsideDomain(s, p, r.keyPath("position"));
    k.centre = {p[0], p[1], 0.0f};
    if (k.shape != ColliderShape::Box) k.radius = r.requiredReal("radius", Range::positive());
    if (k.shape == ColliderShape::Box) {
        const Vec2 half = r.requiredVec2("halfExtents", Range::positive());
        k.halfExtents = {half[0], half[1], half[0]};
    }
    if (k.shape == ColliderShape::Capsule) k.halfLength = r.real("halfLength", k.halfLength, Range::nonNegative());
    k.orientation = rotationAboutZ(r.real("angle", 0.0f));
    const Vec2 v = r.vec2("velocity", {0.0f, 0.0f});
    k.velocity = {v[0], v[1], 0.0f};
    k.angularVelocity = {0.0f, 0.0f, r.real("angularVelocity", 0.0f)};
    c.dynamic = readDynamic(r, false);
    r.finish();
    return c;
}

// The angle about z of a 2D collider's orientation.
float angleOf(const Collider& c) { return 2.0f * std::atan2(c.orientation[2], c.orientation[3]); }

// The scene's set at `time`: moved by its velocity and turned by its angular velocity since 0.
std::vector<Collider> collidersAt(const Scene& scene, double time) {
    std::vector<Collider> out;
    for (const SceneCollider2D& c : scene.colliders) {
        Collider k = c.collider;
        for (int a = 0; a < 2; ++a) k.centre[a] = narrowToFloat(k.centre[a] + k.velocity[a] * time);
        k.orientation = rotationAboutZ(narrowToFloat(angleOf(c.collider) + k.angularVelocity[2] * time));
        out.push_back(k);
    }
    return out;
}

} // namespace

void readColliders2D(ObjectReader& top, Scene& scene) {
    if (const nlohmann::json* list = top.child("colliders"))
        if (list->is_array() && list->size() > kMaxColliders)
            throw SceneError("colliders", "expected at most " + std::to_string(kMaxColliders) + " colliders");
    top.forEachObject("colliders", "colliders", [&](ObjectReader& r) { scene.colliders.push_back(readCollider(r, scene.settings)); });
}

SmokeColliderRun::SmokeColliderRun(const Scene& scene)
    : scene_(scene),
      bodies_(2, {scene.settings.nx * double(scene.settings.cellSize), scene.settings.ny * double(scene.settings.cellSize), 0.0},
              {scene.settings.gravity[0], scene.settings.gravity[1], 0.0}, scene.settings.fluidDensity) {
    for (size_t k = 0; k < scene.colliders.size(); ++k)
        if (scene.colliders[k].dynamic) bodies_.add(uint32_t(k), *scene.colliders[k].dynamic, scene.colliders[k].collider);
}

bool SmokeColliderRun::empty() const noexcept { return scene_.colliders.empty(); }

void SmokeColliderRun::start(SmokeSolver& solver) {
    if (empty()) return;
    current_ = collidersAt(scene_, 0.0);
    bodies_.place(current_);
    solver.setColliders(current_);
    solver.stepPass(SmokePass::Colliders, static_cast<float>(scene_.dt));
}

void SmokeColliderRun::beforeStep(SmokeSolver& solver, double time, double dt) {
    if (empty()) return;
    // What an engine has: the newest forces completed, a frame late.
    if (!bodies_.empty()) bodies_.advance(solver.colliderForces(), time, dt);
    current_ = collidersAt(scene_, time);
    bodies_.place(current_);
    solver.setColliders(current_);
}

void SmokeColliderRun::afterStep(SmokeSolver& solver, const std::string& dir, uint32_t step, double time) {
    if (empty()) return;
    if (!csv_.isOpen()) csv_.open(dir + "/forces.csv");
    csv_.write(step, time, solver.colliderForces(), current_);
}

} // namespace billow::scene
