// Floating bodies on the water (docs/floating-bodies.md): setBodies, the per-frame pass that moves
// the bodies and measures their load (water/bodies.comp) and the water they push aside
// (water/displacement.comp), on either lattice (cells' squares or vertices' bricks), and the
// reports read back through the result ring.
#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "core/barriers.hpp"
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

// A frame of dt moves the bodies in substeps of at most kMaxBodySubstep (billow/floating_bodies.hpp):
// the bodies' lower bounds of mass and inertia keep the buoyancy's restoring force stable at that
// step (omega dt_b <= 1, half the semi-implicit step's limit of 2), so no frame may take longer ones.
uint32_t WaterSolver::Impl::bodySubsteps(float dt) const {
    const double needed = std::max(1.0, std::ceil(double(dt) / kMaxBodySubstep - 1e-9));
    if (floatingBodies.count() > 0 && needed > kMaxBodySubsteps)
        throw InvalidArgument("dt", "a frame of " + std::to_string(dt) + " s with floating bodies needs " +
                                        std::to_string(needed) + " body substeps of at most kMaxBodySubstep = 1/240 s, more than kMaxBodySubsteps = " +
                                        std::to_string(kMaxBodySubsteps));
    return static_cast<uint32_t>(std::min<double>(needed, kMaxBodySubsteps));
}

detail::BodyWater WaterSolver::Impl::bodyWater(const WaterSettings& s) {
    return {s.cellSize, s.waterDensity, s.gravity};
}

void WaterSolver::Impl::recordBodies(VkCommandBuffer cmd, float dt) {
    if (!floatingBodies.active()) return;
    floatingBodies.recordUpload(cs, cmd);
    const uint32_t count = floatingBodies.count();
    const detail::ResultRing::Slot slot = bodyReports.begin(cmd);
    gpu::WaterBodyPush push{};
    push.count = static_cast<int>(count);
    push.substeps = static_cast<int>(bodySubsteps(dt));
    push.dt = static_cast<float>(double(dt) / push.substeps);
    push.density = settings.waterDensity;
    push.reportWord = static_cast<int>(slot.payloadWord);
    if (count > 0) {
        // One workgroup per body.
        kernels->dispatch(cmd,
                          kernels::WaterBodies::Bindings{.bodies = floatingBodies.buffer(), .terrain = terrain.handle(),
                                                         .depth = depth.handle(), .displacement = displacement.handle(),
                                                         .flowXIn = flowX.handle(), .flowYIn = flowY.handle(),
                                                         .flowZIn = flowZ.handle(), .report = bodyReports.buffer()},
                          push, count * kernels->localSize(kernels::WaterBodies::id).x, kernels->localSize(kernels::WaterBodies::id).y);
        detail::computeBarrier(cs, cmd);
    }
    // With no bodies left this clears what the last ones pushed aside.
    kernels->dispatch(cmd,
                      kernels::WaterDisplacement::Bindings{.bodies = floatingBodies.buffer(), .terrain = terrain.handle(),
                                                           .depth = depth.handle(), .displacement = displacement.handle()},
                      push, nx, ny);
    detail::computeBarrier(cs, cmd);
    // The step being recorded: the counter moves on once the whole step is recorded.
    bodyReports.end(cmd, slot, stepsRecorded + 1, count);
}

void WaterSolver::setBodies(std::span<const FloatingBody> bodies) {
    const auto held = use("setBodies");
    Impl& s = *held;
    s.floatingBodies.assign(bodies, Impl::bodyWater(s.settings), "setBodies");
}

void WaterSolver::setBodyPose(uint32_t index, const FloatingBodyPose& pose) {
    const auto held = use("setBodyPose");
    Impl& s = *held;
    s.floatingBodies.setPose(index, pose, Impl::bodyWater(s.settings), "setBodyPose");
}

std::optional<FloatingBodyReport> WaterSolver::bodies() const {
    const auto held = use("bodies", detail::EntryCheck::EvenIfUnusable);
    const Impl& s = *held;
    const std::optional<detail::ResultRing::Completed> slot =
        s.bodyReports.newest(kMaxFloatingBodies * BILLOW_BODY_REPORT_WORDS);
    if (!slot) return std::nullopt;
    FloatingBodyReport report;
    report.step = slot->step;
    const uint32_t count = std::min<uint32_t>(slot->items, kMaxFloatingBodies);
    report.bodies.resize(count);
    for (uint32_t k = 0; k < count; ++k) {
        const uint32_t* w = slot->payload.data() + size_t(k) * BILLOW_BODY_REPORT_WORDS;
        auto at = [&](int word) { return std::bit_cast<float>(w[word]); };
        FloatingBodyState& b = report.bodies[k];
        for (int i = 0; i < 3; ++i) {
            b.centre[i] = at(i);
            b.velocity[i] = at(7 + i);
            b.angularVelocity[i] = at(10 + i);
            b.force[i] = at(13 + i);
            b.torque[i] = at(16 + i);
        }
        for (int i = 0; i < 4; ++i) b.orientation[i] = at(3 + i);
        b.submergedVolume = at(19);
    }
    return report;
}

} // namespace billow
