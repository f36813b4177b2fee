// The collider forces' ring and report (src/feedback/collider_forces.hpp).
#include "feedback/collider_forces.hpp"

#include <algorithm>
#include <bit>

namespace billow::detail {

ResultRing colliderForceRing(ContextState& context) {
    return ResultRing(context, BILLOW_MAX_COLLIDERS * BILLOW_COLLIDER_FORCE_WORDS);
}

gpu::ColliderForcePush colliderForcePush(ResultRing::Slot slot, float fluidDensity, float viscosity) {
    return gpu::ColliderForcePush{static_cast<int>(slot.payloadWord), fluidDensity, viscosity, 0};
}

std::array<float, 3> ambientWeight(const SmokeForceSettings& settings, std::array<float, 3> gravity) {
    if (!settings.ambientBuoyancy) return {0.0f, 0.0f, 0.0f};
    return {-settings.fluidDensity * gravity[0], -settings.fluidDensity * gravity[1], -settings.fluidDensity * gravity[2]};
}

std::optional<ColliderForceReport> newestColliderForces(const ResultRing& ring, std::array<float, 3> ambientWeight) {
    if (ring.empty()) return std::nullopt;
    const auto completed = ring.newest(BILLOW_MAX_COLLIDERS * BILLOW_COLLIDER_FORCE_WORDS);
    if (!completed) return std::nullopt;
    ColliderForceReport report;
    report.step = completed->step;
    const uint32_t items = std::min<uint32_t>(completed->items, BILLOW_MAX_COLLIDERS);
    report.colliders.resize(items);
    const auto word = [&](uint32_t k, uint32_t w) {
        return std::bit_cast<float>(completed->payload[k * BILLOW_COLLIDER_FORCE_WORDS + w]);
    };
    for (uint32_t k = 0; k < items; ++k) {
        ColliderForce& f = report.colliders[k];
        for (uint32_t a = 0; a < 3; ++a) {
            f.force[a] = word(k, a);
            f.torque[a] = word(k, 3 + a);
            f.pressureForce[a] = word(k, 6 + a);
            f.viscousForce[a] = word(k, 9 + a);
        }
        f.volume = word(k, 12);
        // The ambient hydrostatic pressure rho g.x integrates over the closed surface to
        // -rho g V, whatever the shape.
        for (uint32_t a = 0; a < 3; ++a) {
            f.pressureForce[a] += ambientWeight[a] * f.volume;
            f.force[a] += ambientWeight[a] * f.volume;
        }
    }
    return report;
}

} // namespace billow::detail
