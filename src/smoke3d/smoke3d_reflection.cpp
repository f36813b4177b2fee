// Advection-reflection (Zehnder, Narain & Thomaszewski 2018) in 3D: the Reflect pass and its
// buffers. The scheme and its reasons are the 2D solver's (src/smoke/smoke_reflection.cpp):
//   u~  = A(u0; u0, dt/2), u_m = P u~, u^ = 2 u_m - u~        (Reflect; u0 the last step's velocity)
//   u1~ = A(u^; u_m, dt/2), cell fields by u_m for dt          (Advect)
//   u1  = P (u1~ + dt f)         the sources and forces, then (Divergence, PressureSolve, SubtractGradient)
#include "core/barriers.hpp"
#include "smoke3d/smoke3d_buffers.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver3D::Impl::allocateReflectionBuffers() {
    if (midpoint[0].handle() != VK_NULL_HANDLE) return;
    // Built aside and moved in last, so a failed allocation leaves nothing half-built.
    PingPong pressurePair;
    detail::makePingPong(cs, pressurePair, mac.cells(), 2);
    GpuBuffer velocity[3];
    for (int a = 0; a < 3; ++a) velocity[a] = detail::fieldBufferOfBytes(cs, detail::flowBytes(settings.flowStorage, mac.faces(a)));
    midpointPressure = std::move(pressurePair);
    for (int a = 0; a < 3; ++a) midpoint[a] = std::move(velocity[a]);
    fieldBytes += detail::plannedBytes(detail::reflectionBuffers(settings));
}

void SmokeSolver3D::Impl::recordReflect(VkCommandBuffer cmd, float dt) {
    if (!settings.advectionReflection || prescribedVelocity()) return;
    // The velocity the last step projected (this step's forces come after Advect, before the
    // final projection).
    recordAdvection(cmd, {{u.now(), v.now(), w.now()}, 0.5f * dt, 0.0f});
    recordDivergence(cmd);
    // Its own pressure history: the midpoint solve's solution differs from the final one's (the
    // reflected field's gradient part has the opposite sign), so each warm-starts from its own.
    poisson->recordSolve(cmd, poissonSolveSettings(), settings.cellSize * settings.cellSize / dt, &midpointPressure);
    const PingPong* components[3] = {&u, &v, &w};
    const uint32_t counts[3][3] = {{mac.nx + 1, mac.ny, mac.nz}, {mac.nx, mac.ny + 1, mac.nz}, {mac.nx, mac.ny, mac.nz + 1}};
    for (int axis = 0; axis < 3; ++axis)
        kernels->dispatch(cmd,
                          kernels::Smoke3dReflectVelocity::Bindings{
                              .field = components[axis]->now(), .projected = midpoint[axis].handle(),
                              .p = midpointPressure.now(), .open = geometry.open[axis].handle(),
                              .solidVelocity = geometry.solidVelocity[axis].handle()},
                          gpu::ReflectPush3D{dt, axis}, counts[axis][0], counts[axis][1], counts[axis][2]);
    detail::computeBarrier(cs, cmd);
    midpointReady = true;
}

} // namespace billow
