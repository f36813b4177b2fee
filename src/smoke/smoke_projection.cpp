// The projection (Stam 1999, "Stable Fluids"; Harris, GPU Gems ch. 38): Divergence (through the
// faces' open fractions, and the colliders' solid velocities), PressureSolve (the pressure
// equation handed to the Poisson solver, src/pressure/, with the divergence as right-hand side
// scaled by h^2 / dt and the face open fractions as weights) and SubtractGradient.
#include "core/barriers.hpp"
#include "pressure/projection_solve.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void SmokeSolver::Impl::recordDivergence(VkCommandBuffer cmd) {
    if (prescribedVelocity()) return;  // the engine's velocity is not projected
    if (collidersActive()) {
        kernels->dispatch(cmd,
                          kernels::SmokeDivergenceColliders::Bindings{.u = u.now(), .v = v.now(), .openX = openX.handle(),
                                                                 .openY = openY.handle(), .solid = solid.handle(),
                                                                 .divergence = divergence.handle(),
                                                                 .solidVelocityX = solidVelocityX.handle(),
                                                                 .solidVelocityY = solidVelocityY.handle()},
                          nx, ny);
        detail::computeBarrier(cs, cmd);
        return;
    }
    kernels->dispatch(cmd,
                      kernels::SmokeDivergence::Bindings{.u = u.now(), .v = v.now(), .openX = openX.handle(),
                                                    .openY = openY.handle(), .solid = solid.handle(),
                                                    .divergence = divergence.handle()},
                      nx, ny);
    detail::computeBarrier(cs, cmd);
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

void SmokeSolver::Impl::recordPressureSolve(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) return;
    detail::recordProjectionSolve(*this, cmd, dt, settings.cellSize, incrementalProjection());
}

void SmokeSolver::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    recordSubtractGradientOf(cmd, dt, incrementPending ? poisson->increment() : pressure.now());
    incrementPending = false;
}

void SmokeSolver::Impl::recordSubtractGradientOf(VkCommandBuffer cmd, float dt, VkBuffer p) {
    if (prescribedVelocity()) return;
    if (collidersActive()) {
        kernels->dispatch(cmd,
                          kernels::SmokeSubtractGradientColliders::Bindings{.u = u.now(), .v = v.now(), .p = p,
                                                                       .openX = openX.handle(), .openY = openY.handle(),
                                                                       .solidVelocityX = solidVelocityX.handle(),
                                                                       .solidVelocityY = solidVelocityY.handle()},
                          gpu::SubtractPush{dt}, faceWidth(), faceHeight());
        detail::computeBarrier(cs, cmd);
        return;
    }
    kernels->dispatch(cmd,
                      kernels::SmokeSubtractGradient::Bindings{.u = u.now(), .v = v.now(), .p = p,
                                                          .openX = openX.handle(), .openY = openY.handle()},
                      gpu::SubtractPush{dt}, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
