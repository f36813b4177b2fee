#include "reference/colliders/collider_shapes.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace billow::collider_ref {

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

// The rotation matrix of the quaternion (x, y, z, w), normalised.
Matrix rotationMatrix(const std::array<float, 4>& quaternion) {
    const double n = std::sqrt(double(quaternion[0]) * quaternion[0] + double(quaternion[1]) * quaternion[1] +
                               double(quaternion[2]) * quaternion[2] + double(quaternion[3]) * quaternion[3]);
    const double x = quaternion[0] / n, y = quaternion[1] / n, z = quaternion[2] / n, w = quaternion[3] / n;
    return {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
             {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
             {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
}

// q = R^T (p - c).
Point3 inColliderFrame(const Collider& c, Point3 p) {
    const Matrix r = rotationMatrix(c.orientation);
    const double d[3] = {p.x - c.centre[0], p.y - c.centre[1], p.z - c.centre[2]};
    double q[3];
    for (int a = 0; a < 3; ++a) q[a] = r[0][a] * d[0] + r[1][a] * d[1] + r[2][a] * d[2];
    return {q[0], q[1], q[2]};
}

double norm(double x, double y, double z) { return std::sqrt(x * x + y * y + z * z); }

} // namespace

double colliderDistance(const Collider& c, Point3 p) {
    const Point3 q = inColliderFrame(c, p);
    switch (c.shape) {
    case ColliderShape::Sphere: return norm(q.x, q.y, q.z) - c.radius;
    case ColliderShape::Capsule: {
        const double onSegment = std::clamp(q.x, -double(c.halfLength), double(c.halfLength));
        return norm(q.x - onSegment, q.y, q.z) - c.radius;
    }
    case ColliderShape::Box: {
        const double d[3] = {std::abs(q.x) - c.halfExtents[0], std::abs(q.y) - c.halfExtents[1],
                             std::abs(q.z) - c.halfExtents[2]};
        const double outside = norm(std::max(d[0], 0.0), std::max(d[1], 0.0), std::max(d[2], 0.0));
        const double inside = std::max({d[0], d[1], d[2]});
        return inside > 0.0 ? outside : inside;
    }
    }
    return 1e300;
}

Point3 colliderVelocity(const Collider& c, Point3 p) {
    const double r[3] = {p.x - c.centre[0], p.y - c.centre[1], p.z - c.centre[2]};
    const auto& w = c.angularVelocity;
    return {c.velocity[0] + w[1] * r[2] - w[2] * r[1], c.velocity[1] + w[2] * r[0] - w[0] * r[2],
            c.velocity[2] + w[0] * r[1] - w[1] * r[0]};
}

double colliderCoverage(double distance, double h) { return std::clamp(0.5 - distance / h, 0.0, 1.0); }

} // namespace billow::collider_ref
