// Advection on the allocated bricks. TODO(transport helper)
#include "sparse3d/sparse3d_impl.hpp"
namespace billow {
void SparseSmokeSolver3D::Impl::recordAdvect(VkCommandBuffer, float) {}
} // namespace billow
