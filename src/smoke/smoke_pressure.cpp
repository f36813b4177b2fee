// The smoke solver's pressure equation handed to the Poisson solver (src/pressure/): the pressure
// with the velocity divergence as right-hand side scaled by h^2 / dt (Stam 1999, "Stable Fluids";
// Harris, GPU Gems ch. 38), the face open fractions as weights.
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

detail::PoissonSides SmokeSolver::Impl::poissonSides() const {
    // Walls, moving walls and inflows are closed to the solve (their faces carry a prescribed
    // velocity, and their open fraction is 0).
    detail::PoissonSides sides{};
    for (int s = 0; s < 4; ++s) {
        const BoundaryType type = settings.boundaries[s].type;
        sides[s] = type == BoundaryType::Outflow    ? detail::PoissonBoundary::Outflow
                   : type == BoundaryType::Periodic ? detail::PoissonBoundary::Periodic
                                                    : detail::PoissonBoundary::Closed;
    }
    return sides;
}

detail::PoissonSystem SmokeSolver::Impl::pressureSystem() {
    detail::PoissonSystem system;
    system.shape = {nx, ny, 1};
    system.cellSize = settings.cellSize;
    system.sides = poissonSides();
    system.weights = {openX.handle(), openY.handle(), VK_NULL_HANDLE};
    system.unknown = &pressure;
    system.rhs = divergence.handle();
    return system;
}

detail::PoissonSolveSettings SmokeSolver::Impl::poissonSolveSettings() const {
    detail::PoissonSolveSettings s;
    s.method = settings.pressureSolver;
    s.iterations = settings.pressureIterations;
    s.tolerance = settings.pressureTolerance;
    s.sorRelaxation = settings.sorRelaxation;
    s.trackResidual = settings.trackPressureResidual;
    return s;
}

bool SmokeSolver::Impl::incrementalProjection() const {
    return settings.incrementalPressure && !prescribedVelocity() &&
           (settings.pressureSolver == PressureSolverType::Multigrid ||
            settings.pressureSolver == PressureSolverType::MultigridPCG);
}

void SmokeSolver::Impl::recordPressureSolve(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) return;
    const float rhsScale = settings.cellSize * settings.cellSize / dt;
    if (!incrementalProjection()) {
        poisson->recordSolve(cmd, poissonSolveSettings(), rhsScale);
        return;
    }
    // The incremental projection: the velocity first carries -dt grad p of the pressure so far
    // (or of a previous solve's increment not subtracted yet), so the divergence left is this
    // step's alone, resolved to the velocity's own float32 precision; the solve finds the
    // pressure's change from 0 and adds it to the pressure, and SubtractGradient subtracts the
    // change's gradient. Between the solve's two stages the velocity absorbs the first stage's
    // change the same way (PoissonSolver::recordIncrementSolve).
    recordSubtractGradient(cmd, dt);
    recordDivergence(cmd);
    poisson->recordIncrementSolve(cmd, poissonSolveSettings(), rhsScale, [&](VkCommandBuffer c, VkBuffer increment) {
        recordSubtractGradientOf(c, dt, increment);
        recordDivergence(c);
    });
    incrementPending = true;
}

void SmokeSolver::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    recordSubtractGradientOf(cmd, dt, incrementPending ? poisson->increment() : pressure.now());
    incrementPending = false;
}

} // namespace billow
