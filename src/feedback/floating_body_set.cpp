#include "feedback/floating_body_set.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
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
static_assert(sizeof(gpu::GpuFloatingBody) == 36 * 4, "the health scan's Bodies index: 36 words a body");

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

namespace {
std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

// The largest area any plane section of the body can have, m^2: its largest projection (a
// section's area is at most that of the body's projection onto the section's plane). Box of full
// extents X, Y, Z: sqrt((XY)^2 + (YZ)^2 + (ZX)^2); sphere: pi r^2; capsule: its side view.
double largestSection(const FloatingBody& b) {
    const double r = b.radius;
    switch (b.shape) {
    case ColliderShape::Box: {
        const double x = 2.0 * b.halfExtents[0], y = 2.0 * b.halfExtents[1], z = 2.0 * b.halfExtents[2];
        return std::sqrt(x * y * x * y + y * z * y * z + z * x * z * x);
    }
    case ColliderShape::Sphere: return kPi * r * r;
    case ColliderShape::Capsule: return 4.0 * double(b.halfLength) * r + kPi * r * r;
    }
    return 0.0;
}

// The largest distance of a point of the body from each of its own axes through the centre, m.
std::array<double, 3> axisReach(const FloatingBody& b) {
    const double r = b.radius;
    switch (b.shape) {
    case ColliderShape::Box: {
        const double x = b.halfExtents[0], y = b.halfExtents[1], z = b.halfExtents[2];
        return {std::hypot(y, z), std::hypot(x, z), std::hypot(x, y)};
    }
    case ColliderShape::Sphere: return {r, r, r};
    case ColliderShape::Capsule: return {r, double(b.halfLength) + r, double(b.halfLength) + r};
    }
    return {0.0, 0.0, 0.0};
}

double smallestDimension(const FloatingBody& b) {
    if (b.shape == ColliderShape::Box)
        return 2.0 * std::min({double(b.halfExtents[0]), double(b.halfExtents[1]), double(b.halfExtents[2])});
    return 2.0 * double(b.radius);
}
} // namespace

FloatingBodyBounds floatingBodyBounds(const FloatingBody& b, const BodyWater& water) {
    // The columns that sample a body are h / 4 apart (BILLOW_BODY_COLUMNS per cell; on the
    // Triangle lattice h / 4 by h sqrt(3) / 8, closer still), each a square of that side around its
    // midpoint, which lies within delta = (h / 4) / sqrt(2) of every point of its square.
    const double column = water.cellSize / BILLOW_BODY_COLUMNS;
    const double delta = column / std::sqrt(2.0);
    // The wetted plan area: the columns whose midpoints the body's waterplane section covers, so at
    // most that section grown by delta (Steiner: area + perimeter delta + pi delta^2, the perimeter
    // of a convex section within the body's reach R at most 2 pi R).
    const double R = reach(b);
    FloatingBodyBounds out;
    out.largestWettedArea = largestSection(b) + 2.0 * kPi * R * delta + kPi * delta * delta;
    // Half the columns' spacing (h / 8): a body narrower than that in some direction is seen by at
    // most one column across it, and thinner still by none (its volume and its inertia then shrink
    // towards float's underflow: a 1e-30 m sphere's inertia was 0 and its spin NaN).
    out.smallestDimension = 0.5 * column;
    // Heave: buoyancy's stiffness rho g A_wet over the mass is omega^2; the semi-implicit step is
    // stable for omega dt_b < 2, and omega dt_b <= 1 keeps it a factor 2 inside.
    const double stiffnessPerArea = water.waterDensity * water.gravity * kMaxBodySubstep * kMaxBodySubstep;
    out.mass = stiffnessPerArea * out.largestWettedArea;
    // Rotation about axis k by theta moves every point of the body at most D_k theta: the
    // buoyancy's torque about the axis, rho g times the integral of the lever (at most D_k) over
    // the submerged volume, changes by at most rho g D_k (V + A_max D_k) per radian (the points of
    // the volume V move, and at most A_max D_k of volume per radian crosses the waterplane).
    const std::array<double, 3> D = axisReach(b);
    const double V = floatingBodyVolume(b);
    for (int k = 0; k < 3; ++k) out.inertia[k] = stiffnessPerArea * D[k] * (V + out.largestWettedArea * D[k]);
    return out;
}

gpu::GpuFloatingBody packFloatingBody(const FloatingBody& b, const BodyWater& water, const std::string& field) {
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
    const double reachCells = reach(b) / water.cellSize;
    if (!(reachCells <= kMaxFloatingBodyReachCells))
        throw InvalidArgument(field + ".radius/halfExtents/halfLength",
                              "the body reaches " + std::to_string(reachCells) + " cells from its centre, more than kMaxFloatingBodyReachCells = " +
                                  std::to_string(kMaxFloatingBodyReachCells));
    const FloatingBodyBounds bounds = floatingBodyBounds(b, water);
    if (smallestDimension(b) < bounds.smallestDimension)
        throw InvalidArgument(field + (b.shape == ColliderShape::Box ? ".halfExtents" : ".radius"),
                              "the body is " + number(smallestDimension(b)) + " m across, less than the " +
                                  number(bounds.smallestDimension) +
                                  " m, half the spacing of the columns that sample it (cellSize / 8): the columns would miss it");
    if (double(b.mass) < bounds.mass)
        throw InvalidArgument(field + ".mass", "must be at least " + number(bounds.mass) + " kg (got " + number(b.mass) +
                                                   "): rho g A_max dt_b^2, the buoyancy's stiffness over " +
                                                   number(bounds.largestWettedArea) +
                                                   " m^2 of water times the body substep squared (below it the motion is unstable)");
    const std::array<double, 3> inertia = defaultInertia ? uniformSolidInertia(b)
                                                         : std::array<double, 3>{b.inertia[0], b.inertia[1], b.inertia[2]};
    for (int k = 0; k < 3; ++k)
        if (!(inertia[k] >= bounds.inertia[k]))
            throw InvalidArgument(field + ".inertia", "the moment about the body's " + std::string(1, char('x' + k)) +
                                                          " axis must be at least " + number(bounds.inertia[k]) +
                                                          " kg m^2 (got " + number(inertia[k]) +
                                                          (defaultInertia ? ", a uniform solid of this mass" : "") +
                                                          "): rho g dt_b^2 D (V + A_max D), the buoyancy's restoring "
                                                          "torque times the body substep squared");

    gpu::GpuFloatingBody p{};
    p.centre = g.centre;
    p.rotation = g.rotation;
    p.halfExtents = g.halfExtents;
    p.velocity = g.velocity;
    p.angularVelocity = g.angularVelocity;
    p.shape = g.shape;
    p.radius = g.radius;
    p.halfLength = g.halfLength;
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

void FloatingBodySet::assign(std::span<const FloatingBody> bodies, const BodyWater& water, const std::string& caller) {
    if (bodies.size() > kMaxFloatingBodies)
        throw InvalidArgument(caller + ": bodies.size()", "must be at most kMaxFloatingBodies = " +
                                                              std::to_string(kMaxFloatingBodies) + " (got " +
                                                              std::to_string(bodies.size()) + ")");
    std::vector<gpu::GpuFloatingBody> packed;
    packed.reserve(bodies.size());
    for (size_t k = 0; k < bodies.size(); ++k)
        packed.push_back(packFloatingBody(bodies[k], water, caller + ": bodies[" + std::to_string(k) + "]"));
    given_.assign(bodies.begin(), bodies.end());
    pending_ = std::move(packed);
    poses_.clear();  // the new set's states replace every earlier pose
    count_ = static_cast<uint32_t>(pending_.size());
    active_ = true;
}

void FloatingBodySet::setPose(uint32_t index, const FloatingBodyPose& pose, const BodyWater& water, const std::string& caller) {
    if (index >= count_)
        throw InvalidArgument(caller + ": index", "must be below the " + std::to_string(count_) +
                                                      " bodies of the last setBodies (got " + std::to_string(index) + ")");
    FloatingBody body = given_[index];
    body.centre = pose.centre;
    body.orientation = pose.orientation;
    body.velocity = pose.velocity;
    body.angularVelocity = pose.angularVelocity;
    const gpu::GpuFloatingBody packed = packFloatingBody(body, water, caller + ": pose");
    given_[index] = body;
    poses_.push_back({index, {packed.centre, packed.rotation, packed.halfExtents, packed.velocity, packed.angularVelocity}});
}

void FloatingBodySet::check(const BodyWater& water, const std::string& caller) const {
    for (size_t k = 0; k < given_.size(); ++k) (void)packFloatingBody(given_[k], water, caller + ": bodies[" + std::to_string(k) + "]");
}

void FloatingBodySet::recordUpload(const ContextState& context, VkCommandBuffer cmd) {
    if (!pending_.empty()) recordHostEditUpload(context, cmd, buffer_.handle(), std::as_bytes(std::span(pending_)));
    pending_.clear();
    static_assert(offsetof(gpu::GpuFloatingBody, angularVelocity) + sizeof(gpu::vec4) == sizeof(PoseEdit::words),
                  "a pose edit covers the body's leading words");
    for (const PoseEdit& edit : poses_)
        recordHostEditUpload(context, cmd, buffer_.handle(), std::as_bytes(std::span(edit.words)),
                             VkDeviceSize(edit.index) * sizeof(gpu::GpuFloatingBody));
    poses_.clear();
}

} // namespace billow::detail
