// The step layer every solver (2D smoke, 3D smoke, water) is built on: the state each has around
// its passes (the context, the pass timer, the health ring, the call guard) and the calls that
// drive a step the same way in all three: the checks on entry, the transaction around a recording
// or a submission, the split of a long step(dt, count) into bounded submissions, the timings and
// the moved-from and threading rules. A solver's Impl derives from SolverCore and keeps only what
// is its own: its buffers, its passes and its part of the host state a step changes.
//
// The rules it enforces (docs/integration.md, "Threading" and "Errors"):
//  - one call at a time per solver: a second thread's call, a move of a solver another thread is
//    driving, are refused with Error (the running call is unaffected); every public call enters
//    the guard with the solver's state in one step (Solver::core), so no move comes between;
//  - a moved-from solver holds nothing: every call on it throws Error saying so (the queries that
//    are noexcept give 0 / VK_NULL_HANDLE), and it may be destroyed or assigned to;
//  - a recording or submission that fails before the GPU received it leaves the solver as it was;
//    one that fails after (timeout, device lost) leaves it unusable;
//  - every wait is bounded by the context's timeout, including a step(dt, count) of any count.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "billow/context.hpp"
#include "billow/health.hpp"
#include "billow/pressure.hpp"
#include "core/context_state.hpp"
#include "core/field_readback.hpp"
#include "core/gpu_timer.hpp"
#include "core/health_ring.hpp"
#include "core/quiet_wait.hpp"
#include "core/record_snapshot.hpp"
#include "core/solver_guard.hpp"

namespace billow::detail {

class SolverCore {
public:
    // A step(dt, count) records at most this many steps into one command buffer, then submits it
    // and waits (bounded by the context's timeout) before recording the next: the host memory of
    // a call and each wait stay bounded whatever the count.
    static constexpr uint32_t kStepsPerSubmission = 16;

    SolverCore(std::shared_ptr<Context> ctx, const char* solverName);
    virtual ~SolverCore() = default;
    SolverCore(const SolverCore&) = delete;
    SolverCore& operator=(const SolverCore&) = delete;

    std::shared_ptr<Context> context;
    ContextState& cs;
    // One interval per pass (the solver creates it with its pass count); recorded() lists the
    // passes timed since the last whole step.
    GpuTimer timer;
    // The non-finite scan after every whole step (NonFiniteCheck), read without waiting.
    HealthRing health;
    // Non-blocking downloads (recordDownload / collectDownload); the solver sets its capacity.
    FieldReadback readback;
    SolverGuard guard;
    // Whole steps recorded so far (record() and step(); single passes do not count): the step
    // index that probes, collider forces and other results read back later are tagged with. Kept
    // in the snapshot, so a recording that throws does not count.
    uint64_t stepsRecorded = 0;

    const char* solverName() const noexcept { return guard.solver(); }

    // The public calls, as every solver has them (each made inside the public call's entry,
    // Solver::core, which holds the guard for the whole call) (dt checked against billow/limits.hpp, `pass`
    // against the solver's pass count):
    //   record(cmd, dt)             recordCall: a whole step into the engine's command buffer;
    //   recordPass(cmd, pass, dt)   recordPassCall: one pass (recordVelocityForces: `fused`);
    //   step(dt, count)             stepCall: `count` whole steps, submitted and waited for;
    //   stepPass(pass, dt)          stepPassCall: one pass, submitted and waited for.
    void recordCall(VkCommandBuffer cmd, float dt);
    void recordPassCall(VkCommandBuffer cmd, uint32_t pass, float dt, const char* call = "recordPass", bool fused = false);
    void stepCall(float dt, uint32_t count);
    void stepPassCall(uint32_t pass, float dt, const char* call = "stepPass", bool fused = false);

    // Records work into the engine's command buffer as `call`: `wholeStep` calls first throw a
    // NonFiniteError not thrown yet (NonFiniteCheck::Throw); a throw while recording restores the
    // host state (the engine discards its half-recorded command buffer).
    template <class Record>
    void record(const char* call, VkCommandBuffer cmd, bool wholeStep, Record&& recordWork) {
        requireCommandBuffer(cmd, call);
        if (wholeStep) throwIfNonFiniteReported();
        RecordSnapshot saved = snapshot();
        guard.recordStep(saved, [&] { recordWork(cmd); });
    }
    // Records into a one-shot command buffer, submits it and waits (SolverGuard::submitStep).
    template <class Record>
    void submit(const char* call, bool wholeStep, Record&& recordWork) {
        if (wholeStep) throwIfNonFiniteReported();
        RecordSnapshot saved = snapshot();
        guard.submitStep(cs, call, saved, recordWork);
    }

    // recordDownload(cmd, field): the copy of `bytes` of `source` (`field` as the solver numbers
    // it); collectDownload(ticket): its bytes once the copy completed, without waiting.
    uint64_t recordDownloadCall(VkCommandBuffer cmd, VkBuffer source, VkDeviceSize bytes, uint32_t field);
    std::optional<FieldReadback::Collected> collectDownloadCall(uint64_t ticket);

    // A barrier making the solver's last writes visible to `dstStage` / `dstAccess`.
    void recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const;

    // The intervals of the last whole step, as the solver's timing rows; none until every one of
    // them has finished (a report of some passes only would mislead).
    template <class Timing>
    std::vector<Timing> passTimings() const {
        std::vector<Timing> out;
        if (!timer.timing()) return out;
        for (uint32_t interval : timer.recorded()) {
            const std::optional<double> milliseconds = timer.milliseconds(interval);
            if (!milliseconds) return {};
            out.push_back({static_cast<decltype(Timing{}.pass)>(interval), *milliseconds, timer.dispatches(interval)});
        }
        return out;
    }

    static void requireCommandBuffer(VkCommandBuffer cmd, const char* call);

    // The PressureSolve pass's report `recordsAgo` recordings back (the smoke solvers';
    // InvalidArgument beyond the history).
    virtual PressureResidual pressureResidual(uint32_t recordsAgo) const;
    // What a solver adds to the health scan's report of a step (the sparse solvers' refused
    // bricks); nothing by default.
    virtual void addToHealth(SolverHealth&) const {}

protected:
    // What the solver records: a whole step (every pass in order, then the health scan), and one
    // pass of its pass enum (`fusedForces`: the fused velocity forces in the Vorticity pass's
    // place; solvers without separately recordable passes have passCount() 0).
    virtual void recordWholeStep(VkCommandBuffer cmd, float dt) = 0;
    virtual void recordOnePass(VkCommandBuffer cmd, uint32_t pass, float dt, bool fusedForces);
    virtual uint32_t passCount() const noexcept { return 0; }
    // The host state the solver's own recording changes (its ping-pong indices, queues, flags);
    // snapshot() adds the timer's and the health ring's.
    virtual void keepOwnState(RecordSnapshot& saved) = 0;
    virtual NonFiniteCheck nonFiniteCheck() const noexcept = 0;

private:
    void requirePass(uint32_t pass, const char* call) const;
    RecordSnapshot snapshot();
    void throwIfNonFiniteReported();
};

// The solver behind a public object, for `call`: Error when it was moved from.
[[noreturn]] void throwMovedFrom(const char* solver, const char* call);
template <class Impl>
Impl& usable(const std::unique_ptr<Impl>& impl, const char* solver, const char* call) {
    if (!impl) throwMovedFrom(solver, call);
    return *impl;
}

} // namespace billow::detail
