// Geometric multigrid: the V-cycle (smooth, restrict the residual, recurse, prolong the
// correction, smooth), and cycles stopped at a tolerance by the gate (V-cycles, or the spectral
// solve's cycles: spectral_solve.hpp).
#include <array>

#include "pressure/mac_stencil.hpp"
#include "pressure/poisson_solver.hpp"

namespace billow::detail {

namespace {
uint32_t jacobiSmoothingForTesting = kStencilSmoothing;
}
void setMultigridJacobiSmoothingForTesting(uint32_t sweeps) noexcept { jacobiSmoothingForTesting = sweeps; }

void PoissonSolver::recordVCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const LevelEquation& finest) {
    // Smoothing before and after each coarse correction (Jacobi sweeps or two red-black
    // Gauss-Seidel iterations, as the stencil picks per level); the coarsest level is solved
    // directly by the stencil.
    constexpr uint32_t kSmoothing = 2;
    const size_t levels = coarse_.size();
    // A gated cycle the GPU skips writes nothing, yet the host has flipped the ping-pong pairs
    // as if it ran: that is only right if a cycle leaves every level's current copy where it
    // found it (one blocked smoothing dispatch before and one after: two flips). Checked here.
    std::array<int, 32> currentCopies{};  // levels <= log2(16384 / BILLOW_MG_COARSEST) + 1
    for (size_t l = 0; l <= levels; ++l) currentCopies.at(l) = equation(l, finest).unknown.current;
    auto smooth = [&](size_t l) {
        const uint32_t jacobi = shifted()                                       ? 0
                                : jacobiSmoothingForTesting != kStencilSmoothing ? jacobiSmoothingForTesting
                                                                                 : stencil_->multigridJacobiSweeps(level(l));
        if (jacobi > 0) stencil_->relaxJacobi(cmd, d, level(l), equation(l, finest), jacobi);
        else stencil_->relaxRedBlack(cmd, d, level(l), equation(l, finest), 1.0f, kSmoothing);
    };
    for (size_t l = 0; l < levels; ++l) {
        smooth(l);
        stencil_->restrictResidual(cmd, d, level(l), equation(l, finest), level(l + 1), equation(l + 1, finest));
    }
    stencil_->solveCoarsest(cmd, d, level(levels), equation(levels, finest));
    for (size_t l = levels; l-- > 0;) {
        stencil_->prolong(cmd, d, level(l), equation(l, finest).unknown.now(), level(l + 1),
                          equation(l + 1, finest).unknown.now());
        smooth(l);
    }
    for (size_t l = 0; l <= levels; ++l)
        if (d.gated() && equation(l, finest).unknown.current != currentCopies[l])
            throw Error("internal: a gated V-cycle changed a level's current pressure copy");
}

void PoissonSolver::recordGatedCycles(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                                      const Stage& stage, bool spectral) {
    // Before each cycle the residual of the current unknown is measured into the gate and
    // checked (the gate's accumulators are slot 0 of its state): an extra pass over the finest
    // level per cycle. After the last cycle a final measurement gives the achieved residual (a
    // stage that does not close ends after its last cycle: the next stage measures first).
    const PoissonDispatch d = gated();
    const LevelEquation eq = systemEquation(rhsScale);
    if (stage.opens) gate_->recordBegin(cmd);
    for (uint32_t cycle = 0;; ++cycle) {
        if (cycle == stage.count && !stage.closes) break;
        stencil_->measureResidual(cmd, d, level(0), eq, gate_->state(), 0);
        d.barrier(cmd);
        const bool last = cycle == stage.count;
        gate_->recordCheck(cmd, settings.tolerance, last, kMultigridStallRatio);  // never gated itself
        if (last) break;
        recordCycle(cmd, d, eq, spectral);
    }
}

void PoissonSolver::recordCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const LevelEquation& finest,
                                bool spectral) {
    if (spectral) spectral_->recordCycle(cmd, d, level(0), finest);
    else recordVCycle(cmd, d, finest);
}

} // namespace billow::detail
