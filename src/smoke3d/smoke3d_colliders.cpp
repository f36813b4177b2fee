// The Colliders pass and the solid geometry: the static solid mask, the faces' open fractions and
// solid velocities (smoke3d_face_geometry.comp), and the moving colliders' set.
//
// Today only the static mask is rasterised (on the host, by the engine: setSolidMask), and its
// geometry is recomputed when the mask or the boundaries change, blocking; the Colliders pass has
// nothing to do each step. The moving colliders' GPU rasterisation belongs in recordColliders:
// it will write the solid fraction (the static mask combined with the colliders), the open
// fractions and the solid velocities of the faces the colliders close, then recoarsen the
// pressure solver's face weights. setColliders stores the set for it and does nothing else yet.
#include <algorithm>
#include <string>

#include "core/barriers.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SmokeSolver3D::Impl::recordFaceGeometry(VkCommandBuffer cmd) {
    kernels->dispatch(cmd,
                      kernels::Smoke3dFaceGeometry::Bindings{
                          .solid = geometry.solid.handle(), .openX = openX(), .openY = openY(), .openZ = openZ(),
                          .solidVelocityX = geometry.solidVelocity[0].handle(),
                          .solidVelocityY = geometry.solidVelocity[1].handle(),
                          .solidVelocityZ = geometry.solidVelocity[2].handle()},
                      faceWidth(), faceHeight(), faceDepth());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver3D::Impl::refreshGeometry() {
    detail::uploadBytes(cs, geometry.solid.handle(), std::as_bytes(std::span(solidHost)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        recordFaceGeometry(cmd);
        if (poisson) poisson->recordCoarsenWeights(cmd);
        // dt = 0: open faces are unchanged, closed faces receive their solid velocity.
        recordSubtractGradient(cmd, 0.0f);
    });
}

void SmokeSolver3D::Impl::recordColliders(VkCommandBuffer) {
    // Without moving colliders the geometry is current (refreshGeometry ran when the static mask
    // or the boundaries last changed). The colliders' rasterisation will be recorded here.
}

void SmokeSolver3D::setColliders(std::span<const Collider> colliders) {
    if (colliders.size() > kMaxColliders)
        throw InvalidArgument("setColliders: colliders.size()", "must be at most " + std::to_string(kMaxColliders) +
                                                                    " (got " + std::to_string(colliders.size()) + ")");
    impl_->colliders.assign(colliders.begin(), colliders.end());
}

void SmokeSolver3D::setSolidMask(std::span<const float> solidFraction) {
    const size_t cells = impl_->mac.cells();
    if (solidFraction.size() != cells)
        throw InvalidArgument("setSolidMask: solidFraction.size()", "must be nx * ny * nz = " + std::to_string(cells) +
                                                                        " (got " + std::to_string(solidFraction.size()) + ")");
    for (size_t c = 0; c < cells; ++c)
        if (!(solidFraction[c] >= 0.0f && solidFraction[c] <= 1.0f))
            throw InvalidArgument("setSolidMask: solidFraction[" + std::to_string(c) + "]",
                                  "must be in [0, 1] (got " + std::to_string(solidFraction[c]) + ")");
    impl_->solidHost.assign(solidFraction.begin(), solidFraction.end());
    impl_->refreshGeometry();
}

void SmokeSolver3D::clearObstacles() {
    std::fill(impl_->solidHost.begin(), impl_->solidHost.end(), 0.0f);
    impl_->refreshGeometry();
}

const std::vector<float>& SmokeSolver3D::solidMask() const noexcept { return impl_->solidHost; }

} // namespace billow
