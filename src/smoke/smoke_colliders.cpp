// The 2D smoke solver's geometry: the faces' open fractions of the static mask
// (face_fractions.comp), the moving colliders the engine hands over, and the Colliders pass that
// rasterises them (shaders/smoke/colliders_rasterise.comp) when it changed. A step whose
// set is unchanged records nothing here; one whose set changed records the upload
// (vkCmdUpdateBuffer), one dispatch over the grid and the multigrid levels' face weights.
#include "core/barriers.hpp"
#include "feedback/collider_forces.hpp"
#include "grid/mac_grid.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver::setColliders(std::span<const Collider> colliders) {
    const auto held = use("setColliders");
    Impl& s = *held;
    s.colliders.assign(colliders, detail::ColliderRotations::AboutZOnly, "setColliders");
    if (!colliders.empty()) s.allocateColliderBuffers();
}

void SmokeSolver::Impl::allocateColliderBuffers() {
    if (colliders.allocated()) return;
    const detail::MacGrid mac{nx, ny};
    detail::GpuBuffer mask = detail::fieldBuffer(cs, mac.cells());
    detail::uploadBytes(cs, mask.handle(), std::as_bytes(std::span(solidHost)));
    detail::GpuBuffer velocityX = detail::fieldBuffer(cs, mac.xFaces());
    detail::GpuBuffer velocityY = detail::fieldBuffer(cs, mac.yFaces());
    detail::ResultRing forceRing = detail::colliderForceRing(cs);
    colliders.allocate(cs);  // last: allocated() says the others exist too
    colliderForceRing = std::move(forceRing);
    staticSolid = std::move(mask);
    solidVelocityX = std::move(velocityX);
    solidVelocityY = std::move(velocityY);
}

void SmokeSolver::Impl::recordColliders(VkCommandBuffer cmd) {
    if (!colliders.changed()) return;
    colliders.recordUpload(cs, cmd);
    kernels->dispatch(cmd,
                      kernels::SmokeCollidersRasterise::Bindings{.colliders = colliders.buffer(),
                                                            .staticSolid = staticSolid.handle(),
                                                            .solid = solid.handle(), .openX = openX.handle(),
                                                            .openY = openY.handle(),
                                                            .solidVelocityX = solidVelocityX.handle(),
                                                            .solidVelocityY = solidVelocityY.handle(), .u = u.now(),
                                                            .v = v.now()},
                      gpu::ColliderPush{static_cast<int>(colliders.rasterisedCount()), prescribedVelocity() ? 0 : 1}, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
    poisson->recordCoarsenWeights(cmd);
}

void SmokeSolver::Impl::recordFaceFractions(VkCommandBuffer cmd) {
    kernels->dispatch(cmd,
                      kernels::CommonFaceFractions::Bindings{.solid = solid.handle(), .openX = openX.handle(),
                                                       .openY = openY.handle()},
                      faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
