// What every solver checks on entry to a call: that no other call on the same solver is running
// (two threads driving one solver race: docs/integration.md, "Threading"), and that no earlier
// step failed after the GPU received it (the GPU state is then unknown). It also runs blocking
// steps as transactions: a failure before submission restores the host state the step changed.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "core/context_state.hpp"
#include "core/quiet_wait.hpp"
#include "core/record_snapshot.hpp"

namespace billow::detail {

class SolverGuard {
public:
    explicit SolverGuard(const char* solver) : solver_(solver) {}

    // Held for the duration of one public call (movable: a public call's Entered holds it).
    class Scope {
    public:
        // EvenIfUnusable: only one call at a time is checked (moving or destroying a solver whose
        // step failed on the GPU is allowed, and so are the queries: settings, health, reports).
        enum Check { Usable, EvenIfUnusable };
        explicit Scope(SolverGuard& guard, const char* call, Check check = Usable);
        ~Scope() {
            if (guard_) guard_->busy_.store(false, std::memory_order_release);
        }
        Scope(Scope&& other) noexcept : guard_(std::exchange(other.guard_, nullptr)) {}
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
        Scope& operator=(Scope&&) = delete;

    private:
        SolverGuard* guard_;
    };

    // Enters `call`: Error if another call on this solver is running (the call is refused, the
    // running one is unaffected), or if the solver is unusable after a failed step (unless
    // EvenIfUnusable). A public call enters through Solver::enter, never here directly.
    [[nodiscard]] Scope enter(const char* call, Scope::Check check = Scope::Usable) { return Scope(*this, call, check); }

    // Records into a one-shot command buffer, submits it and waits (the context's timeout).
    // If anything fails before the queue received the work, `snapshot` is restored (the solver is
    // as before the call) and the error rethrown; if the submitted work then fails (timeout,
    // device lost), the solver is marked unusable, since its buffers' contents are unknown.
    void submitStep(ContextState& context, const char* call, RecordSnapshot& snapshot,
                    const std::function<void(VkCommandBuffer)>& record);
    // The engine's record(): restores `snapshot` if recording throws (the engine discards its
    // half-recorded command buffer).
    void recordStep(RecordSnapshot& snapshot, const std::function<void()>& record);

    bool unusable() const noexcept { return !failure_.empty(); }
    const char* solver() const noexcept { return solver_; }

private:
    const char* solver_;
    std::atomic<bool> busy_{false};
    std::string failure_;  // why the solver is unusable; empty while usable
};

// A public call's hold on its solver's state: the state, and the guard entered for the whole call
// (Solver::enter: the pointer read and the guard entered in one step, which no move can come
// between). Converts to the Impl of the solver the call belongs to.
template <class Impl>
class Entered {
public:
    Entered(Impl& impl, SolverGuard::Scope scope) : impl_(&impl), scope_(std::move(scope)) {}
    template <class Base>
    explicit Entered(Entered<Base>&& base) : impl_(&static_cast<Impl&>(*base)), scope_(std::move(base).scope()) {}
    Impl& operator*() const noexcept { return *impl_; }
    Impl* operator->() const noexcept { return impl_; }
    SolverGuard::Scope&& scope() && noexcept { return std::move(scope_); }

private:
    Impl* impl_;
    SolverGuard::Scope scope_;
};

// For a solver's destructor and move assignment: waits (bounded) for the queue, then releases
// `impl`. When the wait timed out and the GPU may still use its objects, their destruction is
// put off until the queue's fence signals (ContextState::destroyWhenIdle), or leaked if it never
// does: nothing is freed under the GPU's feet either way.
template <class Impl>
void releaseAfterGpu(std::unique_ptr<Impl>& impl) noexcept {
    if (!impl) return;
    (void)waitIdleQuietly(*impl->context);
    impl.reset();
}

} // namespace billow::detail
