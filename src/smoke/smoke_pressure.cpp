// The smoke solver's pressure equation handed to the Poisson solver (src/pressure/): the pressure
// with the velocity divergence as right-hand side scaled by h^2 / dt (Stam 1999, "Stable Fluids";
// Harris, GPU Gems ch. 38), the face open fractions as weights.
#include "pressure/projection_solve.hpp"
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
    detail::recordProjectionSolve(*this, cmd, dt, settings.cellSize, incrementalProjection());
}

void SmokeSolver::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    recordSubtractGradientOf(cmd, dt, incrementPending ? poisson->increment() : pressure.now());
    incrementPending = false;
}

} // namespace billow
