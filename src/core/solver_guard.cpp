#include "core/solver_guard.hpp"

namespace billow::detail {

SolverGuard::Scope::Scope(SolverGuard& guard, const char* call, Check check) : guard_(&guard) {
    if (guard.busy_.exchange(true, std::memory_order_acquire)) {
        throw Error(std::string(guard.solver_) + "::" + call +
                    ": another call on this solver is running (a solver is driven by one thread at a time; "
                    "docs/integration.md, \"Threading\")");
    }
    if (check == Usable && guard.unusable()) {
        guard.busy_.store(false, std::memory_order_release);
        throw Error(std::string(guard.solver_) + "::" + call + ": the solver is unusable since a step failed on the GPU (" +
                    guard.failure_ + "); create a new solver");
    }
}

void SolverGuard::submitStep(ContextState& context, const char* call, RecordSnapshot& snapshot,
                             const std::function<void(VkCommandBuffer)>& record) {
    bool submitted = false;
    try {
        context.submitAndWait(record, &submitted);
    } catch (const std::exception& e) {
        if (!submitted) snapshot.restore();
        else failure_ = std::string(call) + ": " + e.what();
        throw;
    }
}

void SolverGuard::recordStep(RecordSnapshot& snapshot, const std::function<void()>& record) {
    try {
        record();
    } catch (...) {
        snapshot.restore();
        throw;
    }
}

} // namespace billow::detail
