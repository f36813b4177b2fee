// The force passes: Combustion, Buoyancy, Vorticity (the edge curl, |omega| and the confinement
// force; Fedkiw, Stam & Jensen 2001), and the fused velocity forces of a full step
// (SmokeSettings3D::fuseVelocityForces).
#include <cmath>

#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
using detail::decayFactor;
} // namespace

void SmokeSolver3D::Impl::recordCombustion(VkCommandBuffer cmd, float dt) {
    const CombustionSettings& c = settings.combustion;
    if (!c.enabled) return;
    kernels->dispatch(cmd,
                      kernels::Smoke3dCombustion::Bindings{.density = density.now(), .temperature = temperature.now(),
                                                           .fuel = fuel.now(), .solid = geometry.solid.handle(),
                                                           .expansionSource = expansionSource.handle()},
                      gpu::CombustionPush3D{dt, c.ignitionTemperature, c.burnRate, c.heatRelease, c.smokeYield, c.expansion},
                      mac.nx, mac.ny, mac.nz);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordBuoyancy(VkCommandBuffer cmd, float dt) {
    const auto& g = settings.gravity;
    if (!buoyancyApplies()) return;
    kernels->dispatch(cmd,
                      kernels::Smoke3dBuoyancy::Bindings{.u = u.now(), .v = v.now(), .w = w.now(), .density = density.now(),
                                                         .temperature = temperature.now(), .openX = openX(),
                                                         .openY = openY(), .openZ = openZ()},
                      gpu::BuoyancyPush3D{dt, g[0], g[1], g[2], settings.densityWeight, settings.thermalExpansion,
                                          settings.ambientTemperature},
                      faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordCurl(VkCommandBuffer cmd) {
    kernels->dispatch(cmd,
                      kernels::Smoke3dCurl::Bindings{.uIn = u.now(), .vIn = v.now(), .wIn = w.now(),
                                                     .curlX = curl[0].handle(), .curlY = curl[1].handle(),
                                                     .curlZ = curl[2].handle()},
                      faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
    kernels->dispatch(cmd,
                      kernels::Smoke3dVorticityMagnitude::Bindings{.curlX = curl[0].handle(), .curlY = curl[1].handle(),
                                                                   .curlZ = curl[2].handle(),
                                                                   .vorticity = vorticity.handle()},
                      mac.nx, mac.ny, mac.nz);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordConfinementCells(VkCommandBuffer cmd) {
    kernels->dispatch(cmd,
                      kernels::Smoke3dConfinementCells::Bindings{.curlX = curl[0].handle(), .curlY = curl[1].handle(),
                                                                 .curlZ = curl[2].handle(),
                                                                 .vorticity = vorticity.handle(),
                                                                 .confinementCells = confinement.handle()},
                      mac.nx, mac.ny, mac.nz);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordVorticity(VkCommandBuffer cmd, float dt) {
    // The curl and |omega| are always computed: they are also the Vorticity diagnostic field.
    recordCurl(cmd);
    if (!confinementApplies()) return;
    recordConfinementCells(cmd);
    kernels->dispatch(cmd,
                      kernels::Smoke3dVorticityForce::Bindings{.u = u.now(), .v = v.now(), .w = w.now(),
                                                               .confinementCells = confinement.handle(),
                                                               .openX = openX(), .openY = openY(), .openZ = openZ()},
                      gpu::VorticityPush3D{dt, settings.vorticity}, faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordVelocityForces(VkCommandBuffer cmd, float dt) {
    // The curl and |omega| of the velocity before buoyancy (the single passes in step order take
    // them after).
    recordCurl(cmd);
    // A force that does not apply gets the coefficient that turns it off in the kernel.
    const auto& g = settings.gravity;
    const bool buoyancy = buoyancyApplies(), damping = velocityDampingApplies();
    if (!buoyancy && !damping && !confinementApplies()) return;
    if (confinementApplies()) recordConfinementCells(cmd);
    const gpu::VelocityForcesPush3D push{dt,
                                         buoyancy ? g[0] : 0.0f,
                                         buoyancy ? g[1] : 0.0f,
                                         buoyancy ? g[2] : 0.0f,
                                         settings.densityWeight,
                                         settings.thermalExpansion,
                                         settings.ambientTemperature,
                                         confinementApplies() ? settings.vorticity : 0.0f,
                                         damping ? decayFactor(settings.velocityDamping, dt) : 1.0f,
                                         damping ? settings.maxSpeed : 0.0f};
    kernels->dispatch(cmd,
                      kernels::Smoke3dVelocityForces::Bindings{
                          .u = u.now(), .v = v.now(), .w = w.now(), .density = density.now(),
                          .temperature = temperature.now(), .confinementCells = confinement.handle(), .openX = openX(),
                          .openY = openY(), .openZ = openZ()},
                      push, faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
