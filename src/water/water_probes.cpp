// The water solver's probes: the engine's points (src/feedback/probe_set.hpp keeps them and the
// result ring) sampled after every frame by shaders/water/probes.comp, one dispatch of a thread
// per probe between the ring's stamps.
#include "common/probe_types.h"
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void WaterSolver::setProbes(std::span<const ProbePoint> points) {
    const auto held = use("setProbes");
    Impl& s = *held;
    s.probes.assign(s.cs, points, "setProbes");
}

std::optional<ProbeResults> WaterSolver::probeResults() const {
    return use("probeResults", detail::EntryCheck::EvenIfUnusable)->probes.newest(detail::ProbeFamily::Water);
}

void WaterSolver::Impl::recordProbes(VkCommandBuffer cmd) {
    if (!probes.active()) return;
    const detail::ResultRing::Slot slot = probes.begin(cs, cmd);
    const gpu::ProbePush push{static_cast<int>(probes.count()), static_cast<int>(slot.payloadWord)};
    kernels->dispatchGroups(cmd,
                            kernels::WaterProbes::Bindings{.points = probes.pointBuffer(), .depth = depth.handle(),
                                                           .terrain = terrain.handle(),
                                                           .velocity = velocity.handle(),
                                                           .results = probes.resultBuffer()},
                            push, (probes.count() + BILLOW_PROBE_GROUP - 1) / BILLOW_PROBE_GROUP, 1);
    // The frame being recorded: the counter counts it once recordWholeStep returns.
    probes.end(cmd, slot, stepsRecorded + 1);
}

} // namespace billow
