// The substep's passes on the Triangle lattice (WaterLattice::Triangle): the new flows of a
// vertex's six edges with its outflow scale, then the depth update.
#include "water/water_solver_impl.hpp"

namespace billow {

void WaterSolver::Impl::recordTriangleFlows(VkCommandBuffer, const gpu::WaterStepPush&) {
    throw Error("WaterSolver: the Triangle lattice's flow pass is not built yet");
}

void WaterSolver::Impl::recordTriangleDepth(VkCommandBuffer, const gpu::WaterStepPush&) {
    throw Error("WaterSolver: the Triangle lattice's depth pass is not built yet");
}

} // namespace billow
