// The smoke solver's pressure equation handed to the Poisson solver (src/pressure/): the pressure
// with the velocity divergence as right-hand side scaled by h^2 / dt (Stam 1999, "Stable Fluids";
// Harris, GPU Gems ch. 38), the face open fractions as weights.
#include "pressure/projection_solve.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

detail::PoissonSides SmokeSolver::Impl::poissonSides() const { return detail::poissonSidesOf(settings.boundaries); }

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
    return detail::poissonSolveSettingsOf(settings);
}

bool SmokeSolver::Impl::incrementalProjection() const { return detail::solvesIncrement(settings, settings); }

void SmokeSolver::Impl::recordPressureSolve(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) return;
    detail::recordProjectionSolve(*this, cmd, dt, settings.cellSize, incrementalProjection());
}

void SmokeSolver::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    recordSubtractGradientOf(cmd, dt, incrementPending ? poisson->increment() : pressure.now());
    incrementPending = false;
}

} // namespace billow
