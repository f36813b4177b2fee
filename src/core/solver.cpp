// The public Solver base (billow/solver.hpp): ownership of the solver's state, the moved-from
// and threading rules of moves, and the calls every solver shares.
#include "billow/solver.hpp"

#include "core/solver_core.hpp"

namespace billow {

Solver::Solver(std::unique_ptr<detail::SolverCore> core, const char* name) : core_(std::move(core)), name_(name) {}

Solver::~Solver() { detail::releaseAfterGpu(core_); }

Solver::Solver(Solver&& other) : name_(other.name_) { detail::moveSolver(core_, other.core_); }

Solver& Solver::operator=(Solver&& other) {
    detail::moveSolver(core_, other.core_);
    name_ = other.name_;
    return *this;
}

detail::SolverCore& Solver::core(const char* call) const { return detail::usable(core_, name_, call); }

void Solver::recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const {
    core("recordReleaseBarrier").recordReleaseBarrier(cmd, dstStage, dstAccess);
}

SolverHealth Solver::health(uint32_t recordsAgo) const {
    const detail::SolverCore& c = core("health");
    SolverHealth h = c.health.read(recordsAgo);
    if (h.available) c.addToHealth(h);
    return h;
}

uint64_t Solver::stepsRecorded() const noexcept { return core_ ? core_->stepsRecorded : 0; }

const Context* Solver::context() const noexcept { return core_ ? core_->context.get() : nullptr; }

void Solver::setProfiling(bool enabled) { core("setProfiling").timer.setEnabled(enabled); }

} // namespace billow
