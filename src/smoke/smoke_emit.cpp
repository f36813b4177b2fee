// The Inject pass: the splats queued since the last step (each added once, weighted by its
// falloff) and then the emitters (rates per second over the step's dt, and their pull on the
// velocity), each kernel dispatched only over the box its sources reach.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "core/barriers.hpp"
#include "grid/emitters.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;

gpu::GpuEmitter2D toGpuEmitter(const Emitter2D& e, size_t index) {
    detail::requireValidEmitter(e, e.dye, "dye", "Emitter2D[" + std::to_string(index) + "]::");
    static_assert(int(EmitterShape::Sphere) == BILLOW_EMITTER2D_DISC && int(EmitterShape::Box) == BILLOW_EMITTER2D_BOX,
                  "billow::EmitterShape must match the 2D emit kernel's shapes");
    const bool box = e.shape == EmitterShape::Box;
    gpu::GpuEmitter2D g{};
    g.centreX = e.centre[0];
    g.centreY = e.centre[1];
    g.size = detail::emitterSize(e);
    g.shape = static_cast<int>(e.shape);
    g.halfX = box ? e.halfExtents[0] : 0.0f;
    g.halfY = box ? e.halfExtents[1] : 0.0f;
    g.falloff = static_cast<int>(e.falloff);
    g.velocityCoupling = e.velocityCoupling;
    g.velocityX = e.velocity[0];
    g.velocityY = e.velocity[1];
    g.density = e.density;
    g.temperature = e.temperature;
    g.dye = {e.dye[0], e.dye[1], e.dye[2], e.dye[3]};
    return g;
}
} // namespace

void SmokeSolver::setEmitters(std::span<const Emitter2D> emitters) {
    const auto held = use("setEmitters");
    Impl& s = *held;
    if (emitters.size() > kMaxEmitters)
        throw InvalidArgument("setEmitters: emitters.size()", "must be at most " + std::to_string(kMaxEmitters) + " (got " +
                                                                  std::to_string(emitters.size()) + ")");
    // Convert them all first: a bad one leaves the current set unchanged.
    std::vector<gpu::GpuEmitter2D> converted;
    for (size_t k = 0; k < emitters.size(); ++k) converted.push_back(toGpuEmitter(emitters[k], k));
    if (!converted.empty() && !s.emitters.buffer()) s.emitters = detail::HostEditQueue<gpu::GpuEmitter2D>(s.cs, kMaxEmitters);
    s.emitters.clear();
    for (const gpu::GpuEmitter2D& g : converted) s.emitters.push(g);
}

template <class Dispatch>
void SmokeSolver::Impl::dispatchOverBox(VkCommandBuffer cmd, float minX, float minY, float maxX, float maxY, bool faces,
                                        const Dispatch& dispatch) {
    auto dispatchTarget = [&](int target, float spacingX, float spacingY, uint32_t lastX, uint32_t lastY, bool wrapX,
                              bool wrapY) {
        auto [x0, x1] = detail::sampleRange(minX, maxX, spacingX, lastX);
        auto [y0, y1] = detail::sampleRange(minY, maxY, spacingY, lastY);
        // On a periodic axis the last face is computed as face 0: update both or neither.
        if (wrapX && x0 == 0) x1 = static_cast<int>(lastX);
        if (wrapY && y0 == 0) y1 = static_cast<int>(lastY);
        if (x1 < x0 || y1 < y0) return;
        dispatch(target, x0, y0, uint32_t(x1 - x0 + 1), uint32_t(y1 - y0 + 1));
    };
    const float h = settings.cellSize;
    const bool periodicX = settings.boundaries[0].type == BoundaryType::Periodic;
    const bool periodicY = settings.boundaries[2].type == BoundaryType::Periodic;
    if (faces) dispatchTarget(0, h, h, nx, ny, periodicX, periodicY);
    dispatchTarget(1, h, h, nx - 1, ny - 1, false, false);
    dispatchTarget(2, h * float(nx) / float(dyeNx), h * float(ny) / float(dyeNy), dyeNx - 1, dyeNy - 1, false, false);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordInject(VkCommandBuffer cmd, float dt) {
    if (!splats.empty()) {
        splats.recordUpload(cs, cmd);
        const int count = static_cast<int>(splats.size());
        const kernels::SmokeSplat::Bindings buffers{.splats = splats.buffer(), .u = u.now(), .v = v.now(),
                                               .density = density.now(), .temperature = temperature.now(),
                                               .dye = dye.now(), .openX = openX.handle(), .openY = openY.handle()};
        // The box the splats can reach, m.
        float minX = 1e30f, minY = 1e30f, maxX = -1e30f, maxY = -1e30f;
        for (const gpu::GpuSplat& sp : splats.pending()) {
            const float reach = sp.falloff == BILLOW_FALLOFF_LINEAR ? sp.radius : float(BILLOW_GAUSSIAN_REACH) * sp.radius;
            minX = std::min(minX, sp.x - reach);
            maxX = std::max(maxX, sp.x + reach);
            minY = std::min(minY, sp.y - reach);
            maxY = std::max(maxY, sp.y + reach);
        }
        dispatchOverBox(cmd, minX, minY, maxX, maxY, !prescribedVelocity(),
                        [&](int target, int x0, int y0, uint32_t width, uint32_t height) {
                            kernels->dispatch(cmd, buffers, gpu::SplatPush{target, count, x0, y0}, width, height);
                        });
        splats.clear();
    }
    recordEmitters(cmd, dt);
}

void SmokeSolver::Impl::recordEmitters(VkCommandBuffer cmd, float dt) {
    if (emitters.empty()) return;
    // The set stays until replaced; uploading it inside every Inject pass (at most 4 KiB) keeps
    // the device copy right whatever was recorded before.
    emitters.recordUpload(cs, cmd);
    const int count = static_cast<int>(emitters.size());
    const kernels::SmokeEmit::Bindings buffers{.emitters = emitters.buffer(), .u = u.now(), .v = v.now(),
                                          .density = density.now(), .temperature = temperature.now(),
                                          .dye = dye.now(), .openX = openX.handle(), .openY = openY.handle()};
    // The box the emitters can reach, m, and whether any pulls the velocity.
    float minX = 1e30f, minY = 1e30f, maxX = -1e30f, maxY = -1e30f;
    bool coupling = false;
    for (const gpu::GpuEmitter2D& e : emitters.pending()) {
        const float reach = e.falloff == BILLOW_FALLOFF_LINEAR ? e.size : float(BILLOW_GAUSSIAN_REACH) * e.size;
        minX = std::min(minX, e.centreX - e.halfX - reach);
        maxX = std::max(maxX, e.centreX + e.halfX + reach);
        minY = std::min(minY, e.centreY - e.halfY - reach);
        maxY = std::max(maxY, e.centreY + e.halfY + reach);
        coupling = coupling || e.velocityCoupling > 0.0f;
    }
    dispatchOverBox(cmd, minX, minY, maxX, maxY, coupling && !prescribedVelocity(),
                    [&](int target, int x0, int y0, uint32_t width, uint32_t height) {
                        kernels->dispatch(cmd, buffers, gpu::EmitPush{target, count, dt, x0, y0}, width, height);
                    });
}

} // namespace billow
