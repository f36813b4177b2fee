#include "feedback/floating_body_set.hpp"

#include <cmath>
#include <numbers>

#include "core/host_edit_queue.hpp"
#include "core/validation.hpp"
#include "grid/colliders.hpp"

namespace billow::detail {

static_assert(kMaxFloatingBodies == BILLOW_MAX_BODIES, "billow::kMaxFloatingBodies must match the kernels' limit");
static_assert(int(FloatingBodyMotion::Simulated) == BILLOW_BODY_SIMULATED &&
                  int(FloatingBodyMotion::Kinematic) == BILLOW_BODY_KINEMATIC,
              "billow::FloatingBodyMotion must match the kernels' motions");
static_assert(kMaxFloatingBodies * sizeof(gpu::GpuFloatingBody) <= 65536, "one vkCmdUpdateBuffer uploads the set");

namespace {
constexpr double kPi = std::numbers::pi;

Collider geometryOf(const FloatingBody& b) {
    Collider c;
    c.shape = b.shape;
    c.centre = b.centre;
    c.orientation = b.orientation;
    c.radius = b.radius;
    c.halfExtents = b.halfExtents;
    c.halfLength = b.halfLength;
    c.velocity = b.velocity;
    c.angularVelocity = b.angularVelocity;
    return c;
}

double reach(const FloatingBody& b) {
    if (b.shape == ColliderShape::Box)
        return std::hypot(double(b.halfExtents[0]), double(b.halfExtents[1]), double(b.halfExtents[2]));
    if (b.shape == ColliderShape::Capsule) return double(b.halfLength) + b.radius;
    return b.radius;
}
} // namespace

double floatingBodyVolume(const FloatingBody& b) {
    const double r = b.radius;
    switch (b.shape) {
    case ColliderShape::Box: return 8.0 * double(b.halfExtents[0]) * b.halfExtents[1] * b.halfExtents[2];
    case ColliderShape::Sphere: return 4.0 / 3.0 * kPi * r * r * r;
    case ColliderShape::Capsule: return kPi * r * r * 2.0 * b.halfLength + 4.0 / 3.0 * kPi * r * r * r;
    }
    return 0.0;
}

std::array<double, 3> uniformSolidInertia(const FloatingBody& b) {
    const double m = b.mass, r = b.radius;
    switch (b.shape) {
    case ColliderShape::Box: {
        const double x = b.halfExtents[0], y = b.halfExtents[1], z = b.halfExtents[2];
        return {m / 3.0 * (y * y + z * z), m / 3.0 * (x * x + z * z), m / 3.0 * (x * x + y * y)};
    }
    case ColliderShape::Sphere: return {0.4 * m * r * r, 0.4 * m * r * r, 0.4 * m * r * r};
    case ColliderShape::Capsule: {
        // A cylinder of length 2L along x and two hemispheres, the mass shared by volume.
        const double L = b.halfLength;
        const double cylinder = kPi * r * r * 2.0 * L, spheres = 4.0 / 3.0 * kPi * r * r * r;
        const double mc = m * cylinder / (cylinder + spheres), ms = m - mc;
        const double axial = mc * r * r / 2.0 + ms * 0.4 * r * r;
        const double across = mc * (L * L / 3.0 + r * r / 4.0) + ms * (0.4 * r * r + L * L + 0.75 * L * r);
        return {axial, across, across};
    }
    }
    return {0.0, 0.0, 0.0};
}

gpu::GpuFloatingBody packFloatingBody(const FloatingBody& b, float cellSize, const std::string& field) {
    const gpu::GpuCollider g = packCollider(geometryOf(b), ColliderRotations::Any, field);
    requireKnown(b.motion, FloatingBodyMotion::Kinematic, field + ".motion", "unknown motion");
    requireFiniteAndPositive(b.mass, field + ".mass", "kg");
    requireAllFinite({b.inertia[0], b.inertia[1], b.inertia[2]}, field + ".inertia");
    const bool defaultInertia = b.inertia[0] == 0.0f && b.inertia[1] == 0.0f && b.inertia[2] == 0.0f;
    if (!defaultInertia)
        for (float moment : b.inertia) requireFiniteAndPositive(moment, field + ".inertia", "kg m^2 (or all three 0)");
    for (auto [value, name] : {std::pair{b.dragCoefficient, ".dragCoefficient"}, std::pair{b.liftCoefficient, ".liftCoefficient"},
                               std::pair{b.angularDrag, ".angularDrag"}}) {
        requireBounded(value, field + name);
        requireNonNegative(value, field + name);
    }
    const double reachCells = reach(b) / cellSize;
    if (!(reachCells <= kMaxFloatingBodyReachCells))
        throw InvalidArgument(field + ".radius/halfExtents/halfLength",
                              "the body reaches " + std::to_string(reachCells) + " cells from its centre, more than kMaxFloatingBodyReachCells = " +
                                  std::to_string(kMaxFloatingBodyReachCells));

    gpu::GpuFloatingBody p{};
    p.centre = g.centre;
    p.rotation = g.rotation;
    p.halfExtents = g.halfExtents;
    p.velocity = g.velocity;
    p.angularVelocity = g.angularVelocity;
    p.shape = g.shape;
    p.radius = g.radius;
    p.halfLength = g.halfLength;
    const std::array<double, 3> inertia = defaultInertia ? uniformSolidInertia(b)
                                                         : std::array<double, 3>{b.inertia[0], b.inertia[1], b.inertia[2]};
    p.inertia = {float(inertia[0]), float(inertia[1]), float(inertia[2]), b.mass};
    p.motion = static_cast<int>(b.motion);
    p.dragCoefficient = b.dragCoefficient;
    p.liftCoefficient = b.liftCoefficient;
    p.angularDrag = b.angularDrag;
    p.volume = float(floatingBodyVolume(b));
    // Until the first frame measures the water around it: the body's centre height (a body set
    // where no water surrounds it keeps this).
    p.level = b.centre[2];
    return p;
}

FloatingBodySet::FloatingBodySet(ContextState& context)
    : buffer_(context, VkDeviceSize(kMaxFloatingBodies) * sizeof(gpu::GpuFloatingBody),
              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::DeviceLocal) {
    fillZero(context, buffer_.handle(), buffer_.size());
}

void FloatingBodySet::assign(std::span<const FloatingBody> bodies, float cellSize, const std::string& caller) {
    if (bodies.size() > kMaxFloatingBodies)
        throw InvalidArgument(caller + ": bodies.size()", "must be at most kMaxFloatingBodies = " +
                                                              std::to_string(kMaxFloatingBodies) + " (got " +
                                                              std::to_string(bodies.size()) + ")");
    std::vector<gpu::GpuFloatingBody> packed;
    packed.reserve(bodies.size());
    for (size_t k = 0; k < bodies.size(); ++k)
        packed.push_back(packFloatingBody(bodies[k], cellSize, caller + ": bodies[" + std::to_string(k) + "]"));
    pending_ = std::move(packed);
    count_ = static_cast<uint32_t>(pending_.size());
    active_ = true;
}

void FloatingBodySet::recordUpload(const ContextState& context, VkCommandBuffer cmd) {
    if (!pending_.empty()) recordHostEditUpload(context, cmd, buffer_.handle(), std::as_bytes(std::span(pending_)));
    pending_.clear();
}

} // namespace billow::detail
