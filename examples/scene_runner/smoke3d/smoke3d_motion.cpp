#include "smoke3d/smoke3d_motion.hpp"

#include "common/float_cast.hpp"

#include <cmath>

namespace billow::scene {

namespace {

using Quaternion = std::array<float, 4>;  // (x, y, z, w)

Quaternion multiply(const Quaternion& a, const Quaternion& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

// The rotation by |omega| t about omega's axis (omega in the domain's frame, rad/s).
Quaternion turned(const std::array<float, 3>& omega, double time) {
    const double rate = std::sqrt(double(omega[0]) * omega[0] + double(omega[1]) * omega[1] + double(omega[2]) * omega[2]);
    if (rate == 0.0) return {0.0f, 0.0f, 0.0f, 1.0f};
    const double half = 0.5 * rate * time, s = std::sin(half) / rate;
    return {float(omega[0] * s), float(omega[1] * s), float(omega[2] * s), float(std::cos(half))};
}

} // namespace

std::vector<Emitter3D> emittersForStep(const Scene3D& scene, double time, double dt) {
    std::vector<Emitter3D> out;
    for (const SceneEmitter3D& e : scene.emitters) {
        Emitter3D m = e.emitter;
        if (!e.path.empty()) m.centre = positionOnPath(e.path, time);
        if (e.burst) {
            if (!(e.start >= time && e.start < time + dt)) continue;
            const float perStep = static_cast<float>(1.0 / dt);
            m.density *= perStep;
            m.temperature *= perStep;
            m.fuel *= perStep;
            for (float& c : m.colour) c *= perStep;
        } else if (time + dt <= e.start || time >= e.end) {
            continue;
        }
        out.push_back(m);
    }
    return out;
}

std::vector<Collider> collidersAt(const Scene3D& scene, double time) {
    std::vector<Collider> out;
    for (const SceneCollider3D& c : scene.colliders) {
        Collider k = c.collider;
        if (!c.path.empty()) {
            k.centre = positionOnPath(c.path, time);
            k.velocity = velocityOnPath(c.path, time);
        } else {
            for (int a = 0; a < 3; ++a) k.centre[a] = narrowToFloat(c.collider.centre[a] + c.collider.velocity[a] * time);
        }
        // The angular velocity is in the domain's frame, so its turn comes after the initial orientation.
        k.orientation = multiply(turned(k.angularVelocity, time), c.collider.orientation);
        out.push_back(k);
    }
    return out;
}

} // namespace billow::scene
