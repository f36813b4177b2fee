// What every solver is (SmokeSolver, SmokeSolver3D, WaterSolver): the calls they share, and the
// rules they share.
//
// Threading: a solver is driven by one thread at a time. A call made while another thread's call
// runs on the same solver is refused with Error (the running call is unaffected), and so is a
// move of a solver another thread is driving (docs/integration.md, "Threading").
// Moving hands the GPU resources over without touching the GPU. A moved-from solver holds nothing:
// it may be destroyed or assigned to, and any other call throws Error saying it was moved from
// (the noexcept queries, such as fieldSize() and buffer(), give 0 / VK_NULL_HANDLE). Assigning
// waits for the queue (bounded) before freeing what the target held.
// Downloads: download(field) blocks (it submits a copy and waits). recordDownload(cmd, field)
// records the copy into the engine's command buffer instead (after the solver's last writes; the
// barriers included) and returns a ticket; collectDownload(ticket) returns the values, as
// download() gives them, once the submission holding the copy has completed, and nullopt before:
// it never waits. At most 4 downloads in flight (InvalidArgument beyond: collect one first); each
// ticket is collected once.
// Errors: a recording that throws leaves the solver's host state as before the call (discard the
// half-recorded command buffer); a blocking step that fails before the GPU received it leaves the
// solver as it was, one that fails after (TimeoutError, DeviceLost) leaves it unusable: every
// later call throws Error saying so (docs/integration.md, "Errors").
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/health.hpp"
#include "billow/pressure.hpp"

namespace billow {

class Context;

namespace detail {
class SolverCore;
template <class Impl>
class Entered;
// What a call needs of its solver on entry: a usable one (not left unusable by a failed step), or
// any (the queries, which still answer then).
enum class EntryCheck { Usable, EvenIfUnusable };
}

class Solver {
public:
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // Records a barrier making the solver's last writes visible to `dstStage`/`dstAccess`
    // (e.g. a fragment shader reading a field's buffer).
    void recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const;

    // The non-finite scan of the whole step `recordsAgo` steps back (0 = the last one recorded,
    // at most kHealthHistory - 1), read from host-visible memory without waiting: available once
    // that submission has completed (after step(), or after the engine's fence for that frame).
    // Passes recorded one by one are not scanned. The settings' nonFiniteCheck switches the scan
    // off, or makes the next step throw NonFiniteError.
    static constexpr uint32_t kHealthHistory = 4;
    SolverHealth health(uint32_t recordsAgo = 0) const;

    // Whole steps recorded so far (record() and step() count one each; single passes none): the
    // last recorded step's index, which the results read back later (probes, collider forces,
    // floating bodies, particle reports) carry so the engine knows which step they describe.
    // 0 on a moved-from solver.
    uint64_t stepsRecorded() const noexcept;

    // GPU timing (Vulkan timestamps) of the steps recorded while profiling is on: each solver's
    // passTimings(). Off by default.
    void setProfiling(bool enabled);

    // The context the solver was made on (null when moved from): the passes that read a solver's
    // buffers with objects of their own (FieldImage, VolumeRenderer) refuse a solver of another.
    const Context* context() const noexcept;

protected:
    Solver(std::unique_ptr<detail::SolverCore> core, const char* name);
    ~Solver();
    Solver(Solver&& other);
    Solver& operator=(Solver&& other);

    // Enters `call`: the solver's state, held for as long as the result lives (the call's whole
    // body). Error when it was moved from, when another thread's call runs on it, or (Usable) when
    // a failed step left it unusable. Reading the state and entering it are one step under
    // `gate_`, which a move takes too: no move can come between them.
    detail::Entered<detail::SolverCore> core(const char* call,
                                             detail::EntryCheck check = detail::EntryCheck::Usable) const;
    // Null when moved from (for the noexcept queries, which enter nothing: like any call, they
    // must not race another thread's move).
    detail::SolverCore* coreIfAny() const noexcept { return core_.get(); }

private:
    std::unique_ptr<detail::SolverCore> takeFrom(Solver& other);

    std::unique_ptr<detail::SolverCore> core_;
    const char* name_;  // "SmokeSolver", ...: for the messages of a moved-from solver
    // Taken to read core_ and enter its guard, and by a move (on both solvers) to enter both
    // guards and hand core_ over. Each object has its own; it is never moved.
    mutable std::mutex gate_;
};

// The calls the 2D and 3D smoke solvers share, for their pass enum and timing row.
template <class PassType, class PassTimingType>
class SmokeSolverCalls : public Solver {
public:
    // Records one full step into the engine's command buffer: every pass in the pass enum's order,
    // then the non-finite scan (nonFiniteCheck). dt in seconds, in [1e-6, 1e6]
    // (billow/limits.hpp). With NonFiniteCheck::Throw, throws NonFiniteError once for a scan that
    // found a non-finite value. What the caller owes before and after: docs/integration.md.
    void record(VkCommandBuffer cmd, float dt);
    // Individual passes, each followed by a compute->compute barrier.
    void recordPass(VkCommandBuffer cmd, PassType pass, float dt);

    // Convenience for apps and tests: records `count` steps of dt (in order, as `count` record()
    // calls) into internal command buffers, at most 16 steps each, submitting each and waiting for
    // it (at most the context's wait timeout) before recording the next; the result is bit for bit
    // that of `count` calls of step(dt). Queued splats and edits act in the first step. count >= 1.
    // Keep one submission's GPU time within the driver's timeout (a few seconds on desktop GPUs).
    // The whole call is bounded by the context's wait timeout too: once it has run longer, it
    // stops before its next submission and throws Error naming the timeout and the steps done
    // (the solver keeps those steps' state, counted in stepsRecorded(), and stays usable), so a
    // call returns within the timeout plus one submission. An engine that wants a long run steps
    // fewer at a time, or raises Context::setWaitTimeout.
    void step(float dt, uint32_t count = 1);
    // Likewise for a single pass (tests and tools that inspect one pass at a time).
    void stepPass(PassType pass, float dt);

    // The fused velocity forces on their own: what a full step records in the Vorticity pass's
    // place with fuseVelocityForces (the curl, then one dispatch that adds buoyancy and the
    // confinement force and applies velocity damping and the speed limit, each face read and
    // written once), followed by a barrier; timed as the Vorticity pass. It does the work of
    // Buoyancy, Vorticity and the velocity part of Damping: an engine recording passes one by one
    // may record it instead of Buoyancy and Vorticity, knowing that its Damping pass then damps
    // the velocity a second time (unless velocityDamping and maxSpeed are 0). Nothing beyond the
    // curl is recorded with a prescribed velocity or with all three off.
    void recordVelocityForces(VkCommandBuffer cmd, float dt);
    void stepVelocityForces(float dt);

    // GPU time per pass of the last step() (or of the last record() once its submission has
    // finished). Empty unless profiling is on and the device supports timestamps, and while any
    // pass of that step has not finished.
    std::vector<PassTimingType> passTimings();

    // The residual reported by the PressureSolve pass `recordsAgo` recordings back (0 = the last
    // one, at most kResidualHistory - 1). It is read from host-visible memory without waiting:
    // valid once that submission has completed (after step(), or after the engine's fence for
    // that frame; engines with frames in flight read an older one).
    static constexpr uint32_t kResidualHistory = 4;
    PressureResidual pressureResidual(uint32_t recordsAgo = 0) const;

protected:
    using Solver::Solver;
};

} // namespace billow
