// The Colliders pass and the solid geometry: the static solid mask, the faces' open fractions and
// solid velocities (smoke3d/face_geometry.comp), and the moving colliders.
//
// The static mask's geometry is recomputed when the mask or the boundaries change, blocking. The
// moving colliders (setColliders) are rasterised by the Colliders pass of a step whose set changed
// (smoke3d/colliders_rasterise.comp: the mask combined with them into the solid fraction, the open
// fractions, the solid velocities of the faces they close), then the pressure solver's face
// weights are recoarsened; a step whose set is unchanged records nothing here.
#include <algorithm>
#include <string>

#include "core/barriers.hpp"
#include "feedback/collider_forces.hpp"
#include "grid/field_buffers.hpp"
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
    solidEmpty = std::all_of(solidHost.begin(), solidHost.end(), [](float s) { return s == 0.0f; });
    detail::uploadBytes(cs, geometry.solid.handle(), std::as_bytes(std::span(solidHost)));
    if (colliders.allocated()) detail::uploadBytes(cs, staticSolid.handle(), std::as_bytes(std::span(solidHost)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        recordFaceGeometry(cmd);
        // The colliders on top of the new static geometry (the coarse weights after them).
        colliders.invalidate();
        recordColliders(cmd);
        poisson->recordCoarsenWeights(cmd);
        // dt = 0: open faces are unchanged, closed faces receive their solid velocity (not with a
        // prescribed velocity, which the solver never writes).
        recordSubtractGradientOf(cmd, 0.0f, pressure.now());
    });
}

void SmokeSolver3D::Impl::recordColliders(VkCommandBuffer cmd) {
    if (!colliders.changed()) return;
    colliders.recordUpload(cs, cmd);
    kernels->dispatch(cmd,
                      kernels::Smoke3dCollidersRasterise::Bindings{
                          .colliders = colliders.buffer(), .staticSolid = staticSolid.handle(),
                          .solid = geometry.solid.handle(), .openX = openX(), .openY = openY(), .openZ = openZ(),
                          .solidVelocityX = geometry.solidVelocity[0].handle(),
                          .solidVelocityY = geometry.solidVelocity[1].handle(),
                          .solidVelocityZ = geometry.solidVelocity[2].handle(), .u = u.now(), .v = v.now(),
                          .w = w.now()},
                      gpu::ColliderPush{static_cast<int>(colliders.rasterisedCount()), prescribedVelocity() ? 0 : 1}, faceWidth(), faceHeight(),
                      faceDepth());
    detail::computeBarrier(cs, cmd);
    poisson->recordCoarsenWeights(cmd);
}

void SmokeSolver3D::Impl::allocateColliderBuffers() {
    if (colliders.allocated()) return;
    detail::GpuBuffer mask = detail::fieldBuffer(cs, mac.cells());
    detail::uploadBytes(cs, mask.handle(), std::as_bytes(std::span(solidHost)));
    detail::ResultRing forceRing = detail::colliderForceRing(cs);
    colliders.allocate(cs);  // last: allocated() says the mask exists too
    staticSolid = std::move(mask);
    colliderForceRing = std::move(forceRing);
}

void SmokeSolver3D::setColliders(std::span<const Collider> colliders) {
    const auto held = use("setColliders");
    Impl& s = *held;
    s.colliders.assign(colliders, detail::ColliderRotations::Any, "setColliders");
    if (!colliders.empty()) s.allocateColliderBuffers();
}

void SmokeSolver3D::setSolidMask(std::span<const float> solidFraction) {
    const auto held = use("setSolidMask");
    Impl& s = *held;
    const size_t cells = s.mac.cells();
    if (solidFraction.size() != cells)
        throw InvalidArgument("setSolidMask: solidFraction.size()", "must be nx * ny * nz = " + std::to_string(cells) +
                                                                        " (got " + std::to_string(solidFraction.size()) + ")");
    for (size_t c = 0; c < cells; ++c)
        if (!(solidFraction[c] >= 0.0f && solidFraction[c] <= 1.0f))
            throw InvalidArgument("setSolidMask: solidFraction[" + std::to_string(c) + "]",
                                  "must be in [0, 1] (got " + std::to_string(solidFraction[c]) + ")");
    s.solidHost.assign(solidFraction.begin(), solidFraction.end());
    s.refreshGeometry();
}

void SmokeSolver3D::clearObstacles() {
    const auto held = use("clearObstacles");
    Impl& s = *held;
    std::fill(s.solidHost.begin(), s.solidHost.end(), 0.0f);
    s.refreshGeometry();
}

const std::vector<float>& SmokeSolver3D::solidMask() const { return use("solidMask", detail::EntryCheck::EvenIfUnusable)->solidHost; }

} // namespace billow
