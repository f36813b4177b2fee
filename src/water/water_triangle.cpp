// The substep's passes on the Triangle lattice (WaterLattice::Triangle): the new flows of a
// vertex's six edges with its outflow scale (shaders/water/triangle_flow.comp), then the outflow
// scaling and the depth update (shaders/water/triangle_depth.comp). The flows go through the
// unscaled buffers and back, as on the square grid (water_frame.cpp).
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void WaterSolver::Impl::recordTriangleFlows(VkCommandBuffer cmd, const gpu::WaterStepPush& push) {
    kernels->dispatch(cmd,
                      kernels::WaterTriangleFlow::Bindings{
                          .terrain = terrain.handle(), .depth = depth.handle(), .flowXIn = flowX.handle(),
                          .flowYIn = flowY.handle(), .flowZIn = flowZ.handle(), .boundary = boundaryTable.handle(),
                          .flowXOut = flowXUnscaled.handle(), .flowYOut = flowYUnscaled.handle(),
                          .flowZOut = flowZUnscaled.handle(), .scale = scale.handle(),
                          .displacement = displacement.handle()},
                      push, nx, ny);
}

void WaterSolver::Impl::recordTriangleDepth(VkCommandBuffer cmd, const gpu::WaterStepPush& push) {
    kernels->dispatch(cmd,
                      kernels::WaterTriangleDepth::Bindings{
                          .depth = depth.handle(), .flowXIn = flowXUnscaled.handle(),
                          .flowYIn = flowYUnscaled.handle(), .flowZIn = flowZUnscaled.handle(),
                          .scale = scale.handle(), .flowXOut = flowX.handle(), .flowYOut = flowY.handle(),
                          .flowZOut = flowZ.handle(), .velocity = velocity.handle(), .stats = stats.buffer()},
                      push, nx, ny);
}

} // namespace billow
