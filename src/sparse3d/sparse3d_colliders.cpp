// The Colliders pass on the allocated bricks: the moving colliders (setColliders) rasterised by the
// dense rules (sparse3d/colliders_rasterise.comp) into each allocated cell's solid fraction and
// each stored face's open fraction and solid velocity, closed faces taking their solid velocity.
// The sparse solver has no static solid mask. Bricks come and go every step, so the pass runs every
// step over every allocated brick (not only when the set changed, as the dense solver's does): a
// brick the Topology pass just allocated (filled with open air, every face open) gets the dense
// rules' geometry before any other pass reads it, the domain's wall, moving-wall and inflow faces
// closed among it, with or without colliders.
#include "core/barriers.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SparseSmokeSolver3D::Impl::recordColliders(VkCommandBuffer cmd) {
    // Before any set was given there is no collider buffer, and the kernel reads no collider
    // (count 0): the brick map, read-only, fills the binding.
    if (colliders.allocated() && colliders.changed()) colliders.recordUpload(cs, cmd);  // with its barriers
    const VkBuffer colliderBuffer = colliders.allocated() ? colliders.buffer() : topology.brickMap.handle();
    const int count = colliders.allocated() ? static_cast<int>(colliders.rasterisedCount()) : 0;
    PingPong* velocity[3] = {&u, &v, &w};
    for (uint32_t axis = 0; axis < 3; ++axis) {
        kernels->dispatchIndirect(
            cmd,
            kernels::Sparse3dCollidersRasterise::Bindings{
                .variant = detail::KernelVariant{axis}, .brickMap = topology.brickMap.handle(),
                .activeList = topology.activeList.handle(), .colliders = colliderBuffer, .solid = solid.handle(),
                .open = open[axis].handle(), .solidVelocity = solidVelocity[axis].handle(), .velocity = velocity[axis]->now()},
            gpu::ColliderPush{count, 1}, topology.header.handle(), kBrickDispatchOffset);
    }
    // The three dispatches write disjoint buffers (variant 0 alone the solid fraction).
    barrier(cmd);
}

} // namespace billow
