// The PressureSolve pass the 2D and 3D smoke solvers share: the whole pressure solved in place, or
// the incremental projection. For the latter the velocity first carries -dt grad p of the pressure
// so far (or of a previous solve's increment not subtracted yet), so the divergence left is this
// step's alone, resolved to the velocity's own float32 precision; the solve finds the pressure's
// change from 0 and adds it to the pressure, and SubtractGradient subtracts the change's gradient.
// Between the solve's two stages the velocity absorbs the first stage's change the same way
// (PoissonSolver::recordIncrementSolve; performance.md, "The incremental projection").
#pragma once

#include "pressure/poisson_solver.hpp"

namespace billow::detail {

// `smoke` is a smoke solver's implementation: its `poisson`, `poissonSolveSettings()`,
// `incrementPending` (an increment whose gradient the velocity does not carry yet),
// `recordSubtractGradient(cmd, dt)`, `recordSubtractGradientOf(cmd, dt, p)` and
// `recordDivergence(cmd)`. `cellSize` is h in metres, dt the step in seconds.
template <class Smoke>
void recordProjectionSolve(Smoke& smoke, VkCommandBuffer cmd, float dt, float cellSize, bool incremental) {
    const float rhsScale = cellSize * cellSize / dt;
    if (!incremental) {
        smoke.poisson->recordSolve(cmd, smoke.poissonSolveSettings(), rhsScale);
        return;
    }
    smoke.recordSubtractGradient(cmd, dt);
    smoke.recordDivergence(cmd);
    smoke.poisson->recordIncrementSolve(cmd, smoke.poissonSolveSettings(), rhsScale,
                                        [&](VkCommandBuffer c, VkBuffer increment) {
                                            smoke.recordSubtractGradientOf(c, dt, increment);
                                            smoke.recordDivergence(c);
                                        });
    smoke.incrementPending = true;
}

} // namespace billow::detail
