// The engine's particles on the water (billow/particles.hpp, docs/particles.md): the calls that
// hand them over, and their move at the end of every frame (shaders/water/particles.comp) through
// the cells' velocity (bilinear on squares, linear over the Triangle lattice's triangles), riding
// the surface; dry cells strand them.
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void WaterSolver::setParticles(const ParticleBuffers& buffers, const ParticleSettings& settings) {
    const auto held = use("setParticles");
    Impl& s = *held;
    s.particles.assign(s.cs, *s.kernels, buffers, settings, false);
}

void WaterSolver::clearParticles() {
    const auto held = use("clearParticles");
    Impl& s = *held;
    s.particles.clear(*s.kernels);
}

std::optional<ParticleReport> WaterSolver::particleReport() const {
    return use("particleReport", detail::EntryCheck::EvenIfUnusable)->particles.report();
}

std::optional<ParticleDownload> WaterSolver::particles() const {
    return use("particles", detail::EntryCheck::EvenIfUnusable)->particles.download();
}

void WaterSolver::Impl::recordParticles(VkCommandBuffer cmd, float dt) {
    if (!particles.active()) return;
    particles.record(cmd, dt, {0.0f, 0.0f, 0.0f}, stepsRecorded + 1, [&](const gpu::ParticlePush& push) {
        kernels->dispatch(cmd,
                          kernels::WaterParticles::Bindings{.velocity = velocity.handle(), .depth = depth.handle(),
                                                            .terrain = terrain.handle(),
                                                            .positions = particles.positions(),
                                                            .velocities = particles.velocities(),
                                                            .report = particles.reportBuffer()},
                          push, particles.dispatchWidth(), particles.dispatchHeight());
    });
}

} // namespace billow
