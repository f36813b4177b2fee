// Emitters: their checks and GPU form (setEmitters), and the Emit pass over the emitters'
// bounding box (smoke3d/emit.comp).
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "core/barriers.hpp"
#include "core/validation.hpp"
#include "grid/emitters.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

gpu::GpuEmitter3D toGpuEmitter(const Emitter3D& e, size_t index) {
    const std::string prefix = "Emitter3D[" + std::to_string(index) + "]::";
    detail::requireValidEmitter(e, e.colour, "colour", prefix);
    detail::requireBounded(e.fuel, prefix + "fuel");

    static_assert(int(EmitterShape::Sphere) == BILLOW_EMITTER_SPHERE && int(EmitterShape::Box) == BILLOW_EMITTER_BOX,
                  "billow::EmitterShape must match the emit kernel's shapes");
    static_assert(int(Falloff::Linear) == BILLOW_EMITTER_FALLOFF_LINEAR &&
                      int(Falloff::Gaussian) == BILLOW_EMITTER_FALLOFF_GAUSSIAN,
                  "billow::Falloff must match the emit kernel's falloffs");
    const bool box = e.shape == EmitterShape::Box;
    gpu::GpuEmitter3D g{};
    g.centreX = e.centre[0];
    g.centreY = e.centre[1];
    g.centreZ = e.centre[2];
    g.size = detail::emitterSize(e);
    g.halfX = box ? e.halfExtents[0] : 0.0f;
    g.halfY = box ? e.halfExtents[1] : 0.0f;
    g.halfZ = box ? e.halfExtents[2] : 0.0f;
    g.shape = static_cast<int>(e.shape);
    g.velocityX = e.velocity[0];
    g.velocityY = e.velocity[1];
    g.velocityZ = e.velocity[2];
    g.velocityCoupling = e.velocityCoupling;
    g.density = e.density;
    g.temperature = e.temperature;
    g.fuel = e.fuel;
    g.falloff = static_cast<int>(e.falloff);
    g.colour = {e.colour[0], e.colour[1], e.colour[2], e.colour[3]};
    return g;
}

std::vector<gpu::GpuEmitter3D> toGpuEmitters(std::span<const Emitter3D> emitters, bool hasColour) {
    if (emitters.size() > SmokeSolver3D::kMaxEmitters)
        throw InvalidArgument("setEmitters: emitters.size()", "must be at most " + std::to_string(SmokeSolver3D::kMaxEmitters) +
                                                                  " (got " + std::to_string(emitters.size()) + ")");
    std::vector<gpu::GpuEmitter3D> converted;
    for (size_t k = 0; k < emitters.size(); ++k) {
        converted.push_back(toGpuEmitter(emitters[k], k));
        // A colour with nowhere to go would be dropped without a word: refuse it.
        const std::array<float, 4>& c = emitters[k].colour;
        if (!hasColour && (c[0] != 0.0f || c[1] != 0.0f || c[2] != 0.0f || c[3] != 0.0f))
            throw InvalidArgument("Emitter3D[" + std::to_string(k) + "]::colour",
                                  "is set but the solver has no colour field (SmokeSettings3D::colour is false)");
    }
    return converted;
}

void SmokeSolver3D::setEmitters(std::span<const Emitter3D> emitters) {
    const auto held = use("setEmitters");
    Impl& s = *held;
    // Convert them all first: a bad one leaves the current set unchanged.
    const std::vector<gpu::GpuEmitter3D> converted = toGpuEmitters(emitters, s.hasColour());
    s.emitters.clear();
    for (const gpu::GpuEmitter3D& g : converted) s.emitters.push(g);
}

EmitterReach3D emitterReach(std::span<const gpu::GpuEmitter3D> emitters) {
    EmitterReach3D r{{1e30f, 1e30f, 1e30f}, {-1e30f, -1e30f, -1e30f}, false};
    for (const gpu::GpuEmitter3D& e : emitters) {
        const float falloffReach = e.falloff == BILLOW_EMITTER_FALLOFF_LINEAR ? e.size : float(BILLOW_EMITTER_GAUSSIAN_REACH) * e.size;
        const float centre[3] = {e.centreX, e.centreY, e.centreZ}, half[3] = {e.halfX, e.halfY, e.halfZ};
        for (int a = 0; a < 3; ++a) {
            r.low[a] = std::min(r.low[a], centre[a] - half[a] - falloffReach);
            r.high[a] = std::max(r.high[a], centre[a] + half[a] + falloffReach);
        }
        r.coupling = r.coupling || e.velocityCoupling > 0.0f;
    }
    return r;
}

std::optional<EmitterSamples3D> emitterSamples(const EmitterReach3D& reach, const SmokeSettings3D& settings, bool faces) {
    const uint32_t n[3] = {settings.nx, settings.ny, settings.nz};
    EmitterSamples3D box{};
    for (int a = 0; a < 3; ++a) {
        std::tie(box.first[a], box.last[a]) = detail::sampleRange(reach.low[a], reach.high[a], settings.cellSize, faces ? n[a] : n[a] - 1);
        // On a periodic axis the last face layer is computed as layer 0: update both or neither.
        if (faces && box.first[a] == 0 && settings.boundaries[2 * a].type == BoundaryType::Periodic)
            box.last[a] = static_cast<int>(n[a]);
        if (box.last[a] < box.first[a]) return std::nullopt;
    }
    return box;
}

void SmokeSolver3D::Impl::recordEmit(VkCommandBuffer cmd, float dt) {
    if (emitters.empty()) return;
    // The set stays until replaced; uploading it inside every Emit pass (at most 5 KiB) keeps
    // the device copy right whatever was recorded before.
    emitters.recordUpload(cs, cmd);
    const kernels::Smoke3dEmit::Bindings buffers{
        .emitters = emitters.buffer(), .u = u.now(), .v = v.now(), .w = w.now(), .density = density.now(),
        .temperature = temperature.now(), .fuel = fuel.now(), .colour = colour.now(), .openX = openX(),
        .openY = openY(), .openZ = openZ()};
    const EmitterReach3D reach = emitterReach(emitters.pending());
    auto dispatchBox = [&](int target, bool faces) {
        const std::optional<EmitterSamples3D> box = emitterSamples(reach, settings, faces);
        if (!box) return;
        const std::array<int, 3>& first = box->first;
        const std::array<int, 3>& last = box->last;
        kernels->dispatch(cmd, buffers,
                          gpu::EmitPush3D{target, static_cast<int>(emitters.size()), dt, first[0], first[1], first[2]},
                          uint32_t(last[0] - first[0] + 1), uint32_t(last[1] - first[1] + 1),
                          uint32_t(last[2] - first[2] + 1));
        detail::computeBarrier(cs, cmd);
    };
    if (reach.coupling && !prescribedVelocity()) dispatchBox(0, true);
    dispatchBox(1, false);
}

} // namespace billow
