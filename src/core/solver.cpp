// The public Solver base (billow/solver.hpp): ownership of the solver's state, the moved-from
// and threading rules of moves, and the calls every solver shares.
#include "billow/solver.hpp"

#include <optional>

#include "core/solver_core.hpp"

namespace billow {

Solver::Solver(std::unique_ptr<detail::SolverCore> core, const char* name) : core_(std::move(core)), name_(name) {}

Solver::~Solver() { detail::releaseAfterGpu(core_); }

Solver::Solver(Solver&& other) : name_(other.name_) { takeFrom(other); }

Solver& Solver::operator=(Solver&& other) {
    if (this == &other) return *this;
    std::unique_ptr<detail::SolverCore> released = takeFrom(other);
    name_ = other.name_;
    detail::releaseAfterGpu(released);  // outside the gates: the wait is bounded, not instant
    return *this;
}

// Both gates, then both guards: refused (Error) while another thread's call runs on either; the
// state this solver held is returned to be released.
std::unique_ptr<detail::SolverCore> Solver::takeFrom(Solver& other) {
    std::scoped_lock gates(gate_, other.gate_);
    std::optional<detail::SolverGuard::Scope> fromScope, toScope;
    if (other.core_) fromScope.emplace(other.core_->guard, "move", detail::SolverGuard::Scope::EvenIfUnusable);
    if (core_) toScope.emplace(core_->guard, "move (assigned to)", detail::SolverGuard::Scope::EvenIfUnusable);
    toScope.reset();
    std::unique_ptr<detail::SolverCore> released = std::move(core_);
    core_ = std::move(other.core_);
    return released;
}

detail::Entered<detail::SolverCore> Solver::core(const char* call, detail::EntryCheck check) const {
    std::lock_guard gate(gate_);
    detail::SolverCore& state = detail::usable(core_, name_, call);
    return {state, state.guard.enter(call, check == detail::EntryCheck::Usable ? detail::SolverGuard::Scope::Usable
                                                                               : detail::SolverGuard::Scope::EvenIfUnusable)};
}

void Solver::recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const {
    core("recordReleaseBarrier", detail::EntryCheck::EvenIfUnusable)->recordReleaseBarrier(cmd, dstStage, dstAccess);
}

SolverHealth Solver::health(uint32_t recordsAgo) const {
    const auto c = core("health", detail::EntryCheck::EvenIfUnusable);
    SolverHealth h = c->health.read(recordsAgo);
    if (h.available) c->addToHealth(h);
    return h;
}

uint64_t Solver::stepsRecorded() const noexcept { return core_ ? core_->stepsRecorded : 0; }

const Context* Solver::context() const noexcept { return core_ ? core_->context.get() : nullptr; }

void Solver::setProfiling(bool enabled) { core("setProfiling", detail::EntryCheck::EvenIfUnusable)->timer.setEnabled(enabled); }

} // namespace billow
