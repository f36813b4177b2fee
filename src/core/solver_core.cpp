#include "core/solver_core.hpp"

#include <chrono>
#include <string>

#include "core/barriers.hpp"
#include "core/validation.hpp"

namespace billow::detail {

SolverCore::SolverCore(std::shared_ptr<Context> ctx, const char* solverName)
    : context(std::move(ctx)), cs(context->state()), guard(solverName) {}

void SolverCore::requireCommandBuffer(VkCommandBuffer cmd, const char* call) {
    if (!cmd) throw InvalidArgument(std::string(call) + ": cmd", "is VK_NULL_HANDLE");
}

void SolverCore::recordCall(VkCommandBuffer cmd, float dt) {
    requireTimeStep(dt);
    record("record", cmd, true, [&](VkCommandBuffer c) {
        recordWholeStep(c, dt);
        ++stepsRecorded;
    });
}

void SolverCore::recordPassCall(VkCommandBuffer cmd, uint32_t pass, float dt, const char* call, bool fused) {
    requireTimeStep(dt);
    requireCommandBuffer(cmd, call);
    requirePass(pass, call);
    record(call, cmd, false, [&](VkCommandBuffer c) { recordOnePass(c, pass, dt, fused); });
}

void SolverCore::stepCall(float dt, uint32_t count) {
    requireTimeStep(dt);
    requireStepCount(count);
    const auto start = std::chrono::steady_clock::now();
    for (uint32_t done = 0; done < count;) {
        // The whole call is bounded by the wait timeout as each wait is: checked between
        // submissions, so a call ends within the timeout plus one submission (itself bounded).
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (done > 0 && seconds > cs.waitTimeoutSeconds())
            throw Error("step: stopped after " + std::to_string(done) + " of " + std::to_string(count) + " steps (" +
                        std::to_string(seconds) + " s), past the context's wait timeout of " +
                        std::to_string(cs.waitTimeoutSeconds()) +
                        " s, which bounds a whole step(dt, count) call; the solver holds the state after those " +
                        "steps (stepsRecorded() counts them): step fewer at a time, or raise Context::setWaitTimeout");
        const uint32_t steps = std::min(kStepsPerSubmission, count - done);
        throwIfNonFiniteReported();
        RecordSnapshot saved = snapshot();
        guard.submitStep(cs, "step", saved, [&](VkCommandBuffer cmd) {
            for (uint32_t k = 0; k < steps; ++k) {
                recordWholeStep(cmd, dt);
                ++stepsRecorded;
            }
        });
        done += steps;
    }
}

void SolverCore::stepPassCall(uint32_t pass, float dt, const char* call, bool fused) {
    requireTimeStep(dt);
    requirePass(pass, call);
    submit(call, false, [&](VkCommandBuffer cmd) { recordOnePass(cmd, pass, dt, fused); });
}

uint64_t SolverCore::recordDownloadCall(VkCommandBuffer cmd, VkBuffer source, VkDeviceSize bytes, uint32_t field) {
    uint64_t ticket = 0;
    record("recordDownload", cmd, false,
           [&](VkCommandBuffer c) { ticket = readback.recordCopy(c, source, bytes, field, "recordDownload"); });
    return ticket;
}

std::optional<FieldReadback::Collected> SolverCore::collectDownloadCall(uint64_t ticket) {
    return readback.collect(ticket, "collectDownload");
}

void SolverCore::recordOnePass(VkCommandBuffer, uint32_t pass, float, bool) {
    throw Error(std::string("internal: ") + solverName() + " has no pass " + std::to_string(pass));
}

PressureResidual SolverCore::pressureResidual(uint32_t) const {
    throw Error(std::string("internal: ") + solverName() + " has no pressure solve");
}

void SolverCore::requirePass(uint32_t pass, const char* call) const {
    if (pass >= passCount())
        throw InvalidArgument(std::string(call) + ": pass", "unknown pass (" + std::to_string(pass) + ")");
}

void SolverCore::recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const {
    requireCommandBuffer(cmd, "recordReleaseBarrier");
    memoryBarrier(cs, cmd, kComputeReadWrite, {dstStage, dstAccess});
}

RecordSnapshot SolverCore::snapshot() {
    RecordSnapshot saved;
    keepOwnState(saved);
    saved.keep(stepsRecorded);
    saved.keepStateOf(timer);
    saved.keepStateOf(health);
    saved.keepStateOf(readback);
    return saved;
}

void SolverCore::throwIfNonFiniteReported() {
    if (nonFiniteCheck() == NonFiniteCheck::Throw) health.throwIfReported();
}

void throwMovedFrom(const char* solver, const char* call) {
    throw Error(std::string(solver) + "::" + call +
                ": the solver was moved from and holds nothing (a moved-from solver may only be destroyed or "
                "assigned to)");
}

} // namespace billow::detail
