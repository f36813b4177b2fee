// Advection-reflection (Zehnder, Narain & Thomaszewski 2018, "An advection-reflection solver for
// detail-preserving fluid simulation"): the Reflect pass and its buffers. With u0 the velocity
// the last step projected (the step's sources and forces come after Advect, so the final
// projection meets them before they move anything):
//   u~  = A(u0; u0, dt/2)          the velocity carried by itself for half a step   (Reflect)
//   u_m = P u~                     projected: the midpoint velocity                 (Reflect)
//   u^  = 2 u_m - u~               reflected about the divergence-free fields       (Reflect)
//   u1~ = A(u^; u_m, dt/2)         carried for the second half by u_m               (Advect)
//   u1  = P (u1~ + dt f)           the forces, then (Divergence, PressureSolve, SubtractGradient)
// Projecting discards the gradient part of the advected field, and with it kinetic energy in
// proportion to dt per unit time; reflecting instead of projecting in the middle makes that loss
// second order in dt. The scalars and the dye are carried over the whole dt by u_m (Advect).
#include "core/barriers.hpp"
#include "grid/mac_grid.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver::Impl::allocateReflectionBuffers() {
    if (midpointU.handle() != VK_NULL_HANDLE) return;
    const detail::MacGrid mac{nx, ny};
    // Built aside and moved in last, so a failed allocation leaves nothing half-built.
    PingPong pressurePair;
    detail::makePingPong(cs, pressurePair, mac.cells(), 2);
    detail::GpuBuffer velocityY = detail::fieldBuffer(cs, mac.yFaces());
    detail::GpuBuffer velocityX = detail::fieldBuffer(cs, mac.xFaces());
    midpointPressure = std::move(pressurePair);
    midpointV = std::move(velocityY);
    midpointU = std::move(velocityX);
}

void SmokeSolver::Impl::recordReflect(VkCommandBuffer cmd, float dt) {
    if (!settings.advectionReflection || prescribedVelocity()) return;
    // The velocity the last step projected (this step's forces come after Advect, before the
    // final projection).
    recordAdvection(cmd, {u.now(), v.now(), 0.5f * dt, 0.0f});
    recordDivergence(cmd);
    // Its own pressure history: the midpoint solve's solution differs from the final one's (the
    // reflected field's gradient part has the opposite sign), so each warm-starts from its own.
    poisson->recordSolve(cmd, poissonSolveSettings(), settings.cellSize * settings.cellSize / dt, &midpointPressure);
    const gpu::SubtractPush push{dt};
    if (collidersActive())
        kernels->dispatch(cmd,
                          kernels::SmokeReflectVelocityColliders::Bindings{
                              .u = u.now(), .v = v.now(), .p = midpointPressure.now(), .openX = openX.handle(),
                              .openY = openY.handle(), .uProjected = midpointU.handle(),
                              .vProjected = midpointV.handle(), .solidVelocityX = solidVelocityX.handle(),
                              .solidVelocityY = solidVelocityY.handle()},
                          push, faceWidth(), faceHeight());
    else
        kernels->dispatch(cmd,
                          kernels::SmokeReflectVelocity::Bindings{.u = u.now(), .v = v.now(), .p = midpointPressure.now(),
                                                             .openX = openX.handle(), .openY = openY.handle(),
                                                             .uProjected = midpointU.handle(),
                                                             .vProjected = midpointV.handle()},
                          push, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
    midpointReady = true;
}

} // namespace billow
