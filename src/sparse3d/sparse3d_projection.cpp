// Divergence, pressure solve and gradient subtraction on the allocated bricks. TODO(projection helper)
#include "sparse3d/sparse3d_impl.hpp"
namespace billow {
void SparseSmokeSolver3D::Impl::recordDivergence(VkCommandBuffer) {}
void SparseSmokeSolver3D::Impl::recordPressureSolve(VkCommandBuffer, float) {}
void SparseSmokeSolver3D::Impl::recordSubtractGradient(VkCommandBuffer, float) {}
PressureResidual SparseSmokeSolver3D::Impl::pressureResidual(uint32_t) const { return {}; }
} // namespace billow
