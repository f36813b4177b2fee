#include "common/particle_plan.hpp"

#include <string>

namespace billow::scene {

ParticlePlan readParticlePlan(ObjectReader& top, int dims, std::array<float, 3> extent, bool water) {
    ParticlePlan p;
    const nlohmann::json* value = top.child("particles");
    if (!value) return p;
    ObjectReader r(*value, "particles");
    p.enabled = true;
    const auto box = [&](const char* key) {
        std::array<float, 3> v{};
        if (dims == 3) {
            v = r.requiredVec3(key, Range::nonNegative());
        } else {
            const std::array<float, 2> xy = r.requiredVec2(key, Range::nonNegative());
            v = {xy[0], xy[1], 0.0f};
        }
        for (int a = 0; a < dims; ++a)
            if (v[a] > extent[a])
                throw SceneError(r.keyPath(key), "lies outside the domain (" + std::to_string(extent[a]) + " m along axis " +
                                                     std::to_string(a) + ")");
        return v;
    };
    p.min = box("min");
    p.max = box("max");
    for (int a = 0; a < dims; ++a)
        if (p.max[a] < p.min[a]) throw SceneError(r.keyPath("max"), "must not be below \"min\" on any axis");
    if (dims == 3) p.velocity = r.vec3("velocity", p.velocity);
    else {
        const std::array<float, 2> v = r.vec2("velocity", {0.0f, 0.0f});
        p.velocity = {v[0], v[1], 0.0f};
    }
    p.spread = r.real("spread", p.spread, Range::nonNegative());
    p.count = r.integer("count", p.count, 1, kMaxSceneParticles);
    p.drag = r.real("drag", p.drag, Range::nonNegative());
    p.gravityScale = r.real("gravityScale", p.gravityScale);
    p.lifetime = r.real("lifetime", p.lifetime, Range::positive());
    const std::array<float, 4> c = r.rgba("colour", {p.colour[0], p.colour[1], p.colour[2], 1.0f});
    p.colour = {c[0], c[1], c[2]};
    p.dotSize = r.integer("dotSize", p.dotSize, 1, 16);
    if (p.gravityScale != 0.0f && water) throw SceneError(r.keyPath("gravityScale"), "must be 0 on water (particles ride the surface)");
    if (p.gravityScale != 0.0f && p.drag == 0.0f)
        throw SceneError(r.keyPath("gravityScale"), "needs a drag > 0 (tracers, drag 0, move with the flow exactly)");
    r.finish();
    return p;
}

} // namespace billow::scene
