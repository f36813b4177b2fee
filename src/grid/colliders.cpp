#include "grid/colliders.hpp"

#include <cmath>
#include <cstring>

#include "core/host_edit_queue.hpp"
#include "core/validation.hpp"

namespace billow {

std::array<float, 4> rotationAboutZ(float radians) noexcept {
    return {0.0f, 0.0f, std::sin(0.5f * radians), std::cos(0.5f * radians)};
}

namespace detail {

static_assert(int(ColliderShape::Sphere) == BILLOW_COLLIDER_SPHERE && int(ColliderShape::Box) == BILLOW_COLLIDER_BOX &&
                  int(ColliderShape::Capsule) == BILLOW_COLLIDER_CAPSULE,
              "billow::ColliderShape must match the kernels' collider shapes");
static_assert(kMaxColliders == BILLOW_MAX_COLLIDERS, "billow::kMaxColliders must match the kernels' limit");

namespace {
gpu::vec4 vec4Of(const std::array<float, 3>& v) { return {v[0], v[1], v[2], 0.0f}; }
} // namespace

gpu::GpuCollider packCollider(const Collider& c, ColliderRotations rotations, const std::string& field) {
    requireKnown(c.shape, ColliderShape::Capsule, field + ".shape", "unknown collider shape");
    requireAllFinite({c.centre[0], c.centre[1], c.centre[2]}, field + ".centre");
    requireAllBounded({c.velocity[0], c.velocity[1], c.velocity[2]}, field + ".velocity");
    requireAllBounded({c.angularVelocity[0], c.angularVelocity[1], c.angularVelocity[2]}, field + ".angularVelocity");
    const auto& q = c.orientation;
    requireAllFinite({q[0], q[1], q[2], q[3]}, field + ".orientation");
    const double length = std::sqrt(double(q[0]) * q[0] + double(q[1]) * q[1] + double(q[2]) * q[2] + double(q[3]) * q[3]);
    if (!(std::abs(length - 1.0) <= kQuaternionTolerance))
        throw InvalidArgument(field + ".orientation", "must be a unit quaternion (x, y, z, w), length 1 within 1e-3 (got length " +
                                                          std::to_string(length) + ")");
    const float x = float(q[0] / length), y = float(q[1] / length), z = float(q[2] / length), w = float(q[3] / length);
    if (rotations == ColliderRotations::AboutZOnly) {
        if (std::abs(x) > kQuaternionTolerance || std::abs(y) > kQuaternionTolerance)
            throw InvalidArgument(field + ".orientation",
                                  "the 2D solver takes rotations about z only: x and y must be 0 (see rotationAboutZ)");
        if (c.angularVelocity[0] != 0.0f || c.angularVelocity[1] != 0.0f)
            throw InvalidArgument(field + ".angularVelocity", "the 2D solver takes rotations about z only: x and y must be 0");
    }

    gpu::GpuCollider g{};
    g.shape = static_cast<int>(c.shape);
    g.centre = vec4Of(c.centre);
    g.rotation = {x, y, z, w};
    g.velocity = vec4Of(c.velocity);
    g.angularVelocity = vec4Of(c.angularVelocity);
    switch (c.shape) {
    case ColliderShape::Box:
        for (float e : c.halfExtents) requireFiniteAndPositive(e, field + ".halfExtents", "m");
        g.halfExtents = vec4Of(c.halfExtents);
        break;
    case ColliderShape::Capsule:
        requireNonNegative(c.halfLength, field + ".halfLength");
        g.halfLength = c.halfLength;
        [[fallthrough]];
    case ColliderShape::Sphere:
        requireFiniteAndPositive(c.radius, field + ".radius", "m");
        g.radius = c.radius;
        break;
    }
    return g;
}

void ColliderSet::assign(std::span<const Collider> colliders, ColliderRotations rotations, const std::string& caller) {
    if (colliders.size() > kMaxColliders)
        throw InvalidArgument(caller + ": colliders.size()", "must be at most kMaxColliders = " + std::to_string(kMaxColliders) +
                                                                 " (got " + std::to_string(colliders.size()) + ")");
    std::vector<gpu::GpuCollider> packed;
    packed.reserve(colliders.size());
    for (size_t k = 0; k < colliders.size(); ++k)
        packed.push_back(packCollider(colliders[k], rotations, caller + ": colliders[" + std::to_string(k) + "]"));
    pending_ = std::move(packed);
}

void ColliderSet::allocate(ContextState& context) {
    if (allocated()) return;
    buffer_ = GpuBuffer(context, VkDeviceSize(kMaxColliders) * sizeof(gpu::GpuCollider),
                        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::DeviceLocal);
    fillZero(context, buffer_.handle(), buffer_.size());
}

bool ColliderSet::changed() const noexcept {
    if (invalidated_) return !pending_.empty() || !rasterised_.empty();
    return pending_.size() != rasterised_.size() ||
           (!pending_.empty() && std::memcmp(pending_.data(), rasterised_.data(), pending_.size() * sizeof(gpu::GpuCollider)) != 0);
}

void ColliderSet::recordUpload(const ContextState& context, VkCommandBuffer cmd) {
    if (!pending_.empty()) recordHostEditUpload(context, cmd, buffer_.handle(), std::as_bytes(std::span(pending_)));
    rasterised_ = pending_;
    invalidated_ = false;
}

} // namespace detail
} // namespace billow
