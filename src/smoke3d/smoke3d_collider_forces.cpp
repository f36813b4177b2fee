// The forces and torques the fluid exerts on the 3D solver's colliders (billow/collider_forces.hpp),
// in N and N m: after a whole step's projection, one workgroup per collider sums the
// pressure and the skin friction over the collider's surface as the grid sees it
// (shaders/smoke3d/collider_forces.comp) into a result-ring slot tagged with the step; the engine
// reads the newest completed slot without waiting.
#include "core/barriers.hpp"
#include "feedback/collider_forces.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver3D::Impl::recordColliderForces(VkCommandBuffer cmd) {
    if (colliderForceRing.empty()) return;  // never had a collider
    const uint32_t count = colliders.rasterisedCount();
    const detail::ResultRing::Slot slot = colliderForceRing.begin(cmd);
    if (count > 0)
        kernels->dispatchGroups(cmd,
                                kernels::Smoke3dColliderForces::Bindings{.colliders = colliders.buffer(),
                                                                       .p = pressure.now(), .u = u.now(),
                                                                       .v = v.now(), .w = w.now(),
                                                                       .results = colliderForceRing.buffer()},
                                detail::colliderForcePush(slot, settings.fluidDensity, settings.viscosity), count, 1);
    // The step being recorded: the counter moves on once the whole step is recorded.
    colliderForceRing.end(cmd, slot, stepsRecorded + 1, count);
}

std::optional<ColliderForceReport> SmokeSolver3D::colliderForces() const {
    const auto held = use("colliderForces", detail::EntryCheck::EvenIfUnusable);
    return detail::newestColliderForces(held->colliderForceRing, detail::ambientWeight(held->settings, held->settings.gravity));
}

} // namespace billow
