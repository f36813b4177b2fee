// The engine's particles in the 3D smoke solver (billow/particles.hpp, docs/particles.md): the
// calls that hand them over, and their move after the last pass of every whole step
// (shaders/smoke3d/particles.comp) through the step's final velocity and the solid fraction of
// the static mask and the colliders.
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver3D::setParticles(const ParticleBuffers& buffers, const ParticleSettings& settings) {
    const auto held = use("setParticles");
    Impl& s = *held;
    s.particles.assign(s.cs, *s.kernels, buffers, settings, true);
}

void SmokeSolver3D::clearParticles() {
    const auto held = use("clearParticles");
    Impl& s = *held;
    s.particles.clear(*s.kernels);
}

std::optional<ParticleReport> SmokeSolver3D::particleReport() const {
    return use("particleReport", detail::EntryCheck::EvenIfUnusable)->particles.report();
}

std::optional<ParticleDownload> SmokeSolver3D::particles() const {
    return use("particles", detail::EntryCheck::EvenIfUnusable)->particles.download();
}

void SmokeSolver3D::Impl::recordParticles(VkCommandBuffer cmd, float dt) {
    if (!particles.active()) return;
    particles.record(cmd, dt, settings.gravity, stepsRecorded + 1, [&](const gpu::ParticlePush& push) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dParticles::Bindings{.uIn = u.now(), .vIn = v.now(), .wIn = w.now(),
                                                              .solid = geometry.solid.handle(),
                                                              .positions = particles.positions(),
                                                              .velocities = particles.velocities(),
                                                              .report = particles.reportBuffer()},
                          push, particles.dispatchWidth(), particles.dispatchHeight(), 1);
    });
}

} // namespace billow
