// The force passes: Buoyancy, Vorticity (the curl and the confinement force; Fedkiw, Stam &
// Jensen 2001) and, in a full step, the fused velocity forces (buoyancy, confinement, velocity
// damping and the speed limit in one dispatch: SmokeSettings::fuseVelocityForces).
#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
using detail::decayFactor;
} // namespace

void SmokeSolver::Impl::recordBuoyancy(VkCommandBuffer cmd, float dt) {
    if (!buoyancyApplies()) return;
    gpu::BuoyancyPush push{dt, settings.gravity[0], settings.gravity[1], settings.densityWeight,
                           settings.thermalExpansion, settings.ambientTemperature};
    kernels->dispatch(cmd,
                      kernels::SmokeBuoyancy::Bindings{.u = u.now(), .v = v.now(), .density = density.now(),
                                                  .temperature = temperature.now(), .openX = openX.handle(),
                                                  .openY = openY.handle()},
                      push, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordCurl(VkCommandBuffer cmd) {
    kernels->dispatch(cmd, kernels::SmokeCurl::Bindings{.uIn = u.now(), .vIn = v.now(), .curl = curl.handle()}, faceWidth(),
                      faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordVorticity(VkCommandBuffer cmd, float dt) {
    // The curl is always computed: it is also the vorticity diagnostic view.
    recordCurl(cmd);
    if (!confinementApplies()) return;
    kernels->dispatch(cmd,
                      kernels::SmokeVorticityForce::Bindings{.u = u.now(), .v = v.now(), .curl = curl.handle(),
                                                        .openX = openX.handle(), .openY = openY.handle()},
                      gpu::VorticityPush{dt, settings.vorticity}, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordVelocityForces(VkCommandBuffer cmd, float dt) {
    // The curl of the velocity before buoyancy (the single passes in step order take it after).
    recordCurl(cmd);
    // A force that does not apply gets the coefficient that turns it off in the kernel.
    const bool buoyancy = buoyancyApplies(), damping = velocityDampingApplies();
    if (!buoyancy && !damping && !confinementApplies()) return;
    const gpu::VelocityForcesPush push{dt,
                                       buoyancy ? settings.gravity[0] : 0.0f,
                                       buoyancy ? settings.gravity[1] : 0.0f,
                                       settings.densityWeight,
                                       settings.thermalExpansion,
                                       settings.ambientTemperature,
                                       confinementApplies() ? settings.vorticity : 0.0f,
                                       damping ? decayFactor(settings.velocityDamping, dt) : 1.0f,
                                       damping ? settings.maxSpeed : 0.0f};
    kernels->dispatch(cmd,
                      kernels::SmokeVelocityForces::Bindings{.uIn = u.now(), .vIn = v.now(), .uOut = u.other(),
                                                        .vOut = v.other(), .density = density.now(),
                                                        .temperature = temperature.now(), .curl = curl.handle(),
                                                        .openX = openX.handle(), .openY = openY.handle()},
                      push, faceWidth(), faceHeight());
    u.swap();
    v.swap();
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
