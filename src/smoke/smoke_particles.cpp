// The engine's particles in the 2D smoke solver (billow/particles.hpp, docs/particles.md): the
// calls that hand them over, and their move after the last pass of every whole step
// (shaders/smoke/particles.comp) through the step's final velocity and the solid fraction of the
// static mask and the colliders.
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver::setParticles(const ParticleBuffers& buffers, const ParticleSettings& settings) {
    const auto held = use("setParticles");
    Impl& s = *held;
    s.particles.assign(s.cs, *s.kernels, buffers, settings, true);
}

void SmokeSolver::clearParticles() {
    const auto held = use("clearParticles");
    Impl& s = *held;
    s.particles.clear(*s.kernels);
}

std::optional<ParticleReport> SmokeSolver::particleReport() const {
    return use("particleReport", detail::EntryCheck::EvenIfUnusable)->particles.report();
}

std::optional<ParticleDownload> SmokeSolver::particles() const {
    return use("particles", detail::EntryCheck::EvenIfUnusable)->particles.download();
}

void SmokeSolver::Impl::recordParticles(VkCommandBuffer cmd, float dt) {
    if (!particles.active()) return;
    particles.record(cmd, dt, {settings.gravity[0], settings.gravity[1], 0.0f}, stepsRecorded + 1,
                     [&](const gpu::ParticlePush& push) {
                         kernels->dispatch(cmd,
                                           kernels::SmokeParticles::Bindings{
                                               .uIn = u.now(), .vIn = v.now(),
                                               .solid = solid.handle(), .positions = particles.positions(),
                                               .velocities = particles.velocities(),
                                               .report = particles.reportBuffer()},
                                           push, particles.dispatchWidth(), particles.dispatchHeight());
                     });
}

} // namespace billow
