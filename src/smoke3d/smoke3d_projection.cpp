// The projection (Stam 1999, "Stable Fluids"; Harris, GPU Gems ch. 38): the divergence with the
// faces' open fractions and solid velocities and the combustion's expansion source, the pressure
// equation handed to the Poisson solver (src/pressure/) on the 7-point stencil, and the gradient
// subtraction.
#include "core/barriers.hpp"
#include "pressure/mac_stencil.hpp"
#include "pressure/projection_solve.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver3D::Impl::recordDivergence(VkCommandBuffer cmd) {
    if (prescribedVelocity()) return;  // the engine's velocity is not projected
    kernels->dispatch(cmd,
                      kernels::Smoke3dDivergence::Bindings{
                          .u = u.now(), .v = v.now(), .w = w.now(), .openX = openX(), .openY = openY(), .openZ = openZ(),
                          .solidVelocityX = geometry.solidVelocity[0].handle(),
                          .solidVelocityY = geometry.solidVelocity[1].handle(),
                          .solidVelocityZ = geometry.solidVelocity[2].handle(),
                          .expansionSource = expansionSource.handle(), .divergence = divergence.handle()},
                      gpu::DivergencePush3D{settings.combustion.enabled ? 1 : 0}, mac.nx, mac.ny, mac.nz);
    detail::computeBarrier(cs, cmd);
}

detail::PoissonSystem SmokeSolver3D::Impl::pressureSystem() {
    detail::PoissonSystem system;
    system.shape = {mac.nx, mac.ny, mac.nz};
    system.cellSize = settings.cellSize;
    system.sides = poissonSides();
    system.weights = {openX(), openY(), openZ()};
    system.unknown = &pressure;
    system.rhs = divergence.handle();
    return system;
}

std::unique_ptr<detail::PoissonSolver> SmokeSolver3D::Impl::createPoissonSolver() {
    return std::make_unique<detail::PoissonSolver>(cs, pressureSystem(), detail::makeMacStencil(3, cs.workgroups));
}

void SmokeSolver3D::Impl::recordPressureSolve(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) return;
    detail::recordProjectionSolve(*this, cmd, dt, settings.cellSize, incrementalProjection());
}

void SmokeSolver3D::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    recordSubtractGradientOf(cmd, dt, incrementPending ? poisson->increment() : pressure.now());
    incrementPending = false;
}

void SmokeSolver3D::Impl::recordSubtractGradientOf(VkCommandBuffer cmd, float dt, VkBuffer p) {
    if (prescribedVelocity()) return;
    kernels->dispatch(cmd,
                      kernels::Smoke3dSubtractGradient::Bindings{
                          .u = u.now(), .v = v.now(), .w = w.now(), .p = p, .openX = openX(),
                          .openY = openY(), .openZ = openZ(), .solidVelocityX = geometry.solidVelocity[0].handle(),
                          .solidVelocityY = geometry.solidVelocity[1].handle(),
                          .solidVelocityZ = geometry.solidVelocity[2].handle()},
                      gpu::SubtractPush3D{dt}, faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
