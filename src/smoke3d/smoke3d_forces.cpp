// The passes that change fields in place from local rules: Combustion, Buoyancy, Vorticity
// (the edge curl, |omega| and the confinement force) and Damping.
#include <cmath>

#include "core/barriers.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
// exp(-rate * dt): the dt-independent per-step factor of an exponential decay at `rate` per second.
float decayFactor(float rate, float dt) { return std::exp(-rate * dt); }
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
    if ((settings.densityWeight == 0.0f && settings.thermalExpansion == 0.0f) ||
        (g[0] == 0.0f && g[1] == 0.0f && g[2] == 0.0f) || prescribedVelocity())
        return;
    kernels->dispatch(cmd,
                      kernels::Smoke3dBuoyancy::Bindings{.u = u.now(), .v = v.now(), .w = w.now(), .density = density.now(),
                                                         .temperature = temperature.now(), .openX = openX(),
                                                         .openY = openY(), .openZ = openZ()},
                      gpu::BuoyancyPush3D{dt, g[0], g[1], g[2], settings.densityWeight, settings.thermalExpansion,
                                          settings.ambientTemperature},
                      faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordVorticity(VkCommandBuffer cmd, float dt) {
    // The curl and |omega| are always computed: they are also the Vorticity diagnostic field.
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
    if (settings.vorticity == 0.0f || prescribedVelocity()) return;
    kernels->dispatch(cmd,
                      kernels::Smoke3dVorticityForce::Bindings{.u = u.now(), .v = v.now(), .w = w.now(),
                                                               .curlX = curl[0].handle(), .curlY = curl[1].handle(),
                                                               .curlZ = curl[2].handle(), .vorticity = vorticity.handle(),
                                                               .openX = openX(), .openY = openY(), .openZ = openZ()},
                      gpu::VorticityPush3D{dt, settings.vorticity}, faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::recordDamping(VkCommandBuffer cmd, float dt) {
    bool recorded = false;
    if ((settings.velocityDamping > 0.0f || settings.maxSpeed > 0.0f) && !prescribedVelocity()) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDampVelocity::Bindings{.u = u.now(), .v = v.now(), .w = w.now(),
                                                                 .openX = openX(), .openY = openY(), .openZ = openZ()},
                          gpu::DampVelocityPush3D{decayFactor(settings.velocityDamping, dt), settings.maxSpeed},
                          faceWidth(), faceHeight(), faceDepth());
        recorded = true;
    }
    const bool colourDamped = hasColour() && settings.colourDamping > 0.0f;
    if (settings.densityDamping > 0.0f || settings.temperatureRelaxation > 0.0f || settings.fuelDamping > 0.0f ||
        colourDamped) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDampCells::Bindings{.density = density.now(), .temperature = temperature.now(),
                                                              .fuel = fuel.now(), .colour = colour.now()},
                          gpu::DampCellsPush3D{decayFactor(settings.densityDamping, dt),
                                               decayFactor(settings.temperatureRelaxation, dt),
                                               decayFactor(settings.fuelDamping, dt), decayFactor(settings.colourDamping, dt),
                                               settings.ambientTemperature, colourDamped ? 1 : 0},
                          mac.nx, mac.ny, mac.nz);
        recorded = true;
    }
    if (recorded) detail::computeBarrier(cs, cmd);
}

} // namespace billow
