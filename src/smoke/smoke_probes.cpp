// The 2D smoke solver's probes: the engine's points (src/feedback/probe_set.hpp keeps them and the
// result ring) sampled after every whole step by shaders/smoke/probes.comp, one dispatch of a
// thread per probe between the ring's stamps.
#include "common/probe_types.h"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver::setProbes(std::span<const ProbePoint> points) {
    const auto held = use("setProbes");
    Impl& s = *held;
    s.probes.assign(s.cs, points, "setProbes");
}

std::optional<ProbeResults> SmokeSolver::probeResults() const {
    return use("probeResults", detail::EntryCheck::EvenIfUnusable)->probes.newest(detail::ProbeFamily::Smoke);
}

void SmokeSolver::Impl::recordProbes(VkCommandBuffer cmd) {
    if (!probes.active()) return;
    const detail::ResultRing::Slot slot = probes.begin(cs, cmd);
    const gpu::ProbePush push{static_cast<int>(probes.count()), static_cast<int>(slot.payloadWord)};
    kernels->dispatchGroups(cmd,
                            kernels::SmokeProbes::Bindings{.points = probes.pointBuffer(),
                                                           .uIn = u.now(), .vIn = v.now(), .density = density.now(),
                                                           .temperature = temperature.now(),
                                                           .pressure = pressure.now(), .solid = solid.handle(),
                                                           .results = probes.resultBuffer()},
                            push, (probes.count() + BILLOW_PROBE_GROUP - 1) / BILLOW_PROBE_GROUP, 1);
    // The step being recorded: the counter counts it once recordWholeStep returns.
    probes.end(cmd, slot, stepsRecorded + 1);
}

} // namespace billow
