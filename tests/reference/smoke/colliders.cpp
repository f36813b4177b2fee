#include "reference/smoke/colliders.hpp"

#include <algorithm>
#include <cmath>

#include "reference/smoke/projection.hpp"

namespace billow::smoke_ref {

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

ColliderRaster rasteriseColliders(const Grid& g, const Values& staticSolid, std::span<const Collider> colliders,
                                  double margin) {
    ColliderRaster out;
    const size_t n = colliders.size();
    // coverage[k][cell] for every collider.
    std::vector<Values> coverage(n, Values(g.cellCount(), 0.0));
    for (size_t k = 0; k < n; ++k)
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const Point3 centre{(i + 0.5) * g.h, (j + 0.5) * g.h, colliders[k].centre[2]};
                coverage[k][g.cell(i, j)] = colliderCoverage(colliderDistance(colliders[k], centre), g.h);
            }
    out.solid = staticSolid;
    for (size_t c = 0; c < g.cellCount(); ++c)
        for (size_t k = 0; k < n; ++k) out.solid[c] = std::max(out.solid[c], coverage[k][c]);
    State fractions;
    fractions.solid = out.solid;
    faceFractions(g, fractions);
    out.openX = fractions.openX;
    out.openY = fractions.openY;

    // The solid velocity (component `axis`) of the face between cells a and b at pa (seen from a)
    // and pb (from b), and the values a near tie could give instead.
    auto faceVelocity = [&](size_t a, size_t b, Point3 pa, Point3 pb, int axis, std::vector<double>& choices) {
        const double staticClosure = std::max(staticSolid[a], staticSolid[b]);
        auto velocityOf = [&](size_t k) {
            const Point3 p = coverage[k][b] > coverage[k][a] ? pb : pa;
            const Point3 v = colliderVelocity(colliders[k], {p.x, p.y, colliders[k].centre[2]});
            return axis == 0 ? v.x : v.y;
        };
        // The rule: the most closing collider, the lowest index on ties, if it beats the mask.
        double best = -1.0;
        size_t winner = n;
        for (size_t k = 0; k < n; ++k) {
            const double closure = std::max(coverage[k][a], coverage[k][b]);
            if (closure > best) best = closure, winner = k;
        }
        const bool closedByCollider = winner < n && best > staticClosure;
        const double value = closedByCollider ? velocityOf(winner) : 0.0;
        choices = {value};
        // Near ties: every collider within the margin of the best, the mask if it is, and the other
        // cell's position where the winner covers both nearly equally.
        for (size_t k = 0; k < n; ++k) {
            const double closure = std::max(coverage[k][a], coverage[k][b]);
            if (closure >= best - margin && closure > staticClosure - margin && closure > 0.0) {
                choices.push_back(velocityOf(k));
                if (std::abs(coverage[k][a] - coverage[k][b]) <= margin) {
                    const Point3 v1 = colliderVelocity(colliders[k], {pa.x, pa.y, colliders[k].centre[2]});
                    const Point3 v2 = colliderVelocity(colliders[k], {pb.x, pb.y, colliders[k].centre[2]});
                    choices.push_back(axis == 0 ? v1.x : v1.y);
                    choices.push_back(axis == 0 ? v2.x : v2.y);
                }
            }
        }
        if (winner == n || best <= staticClosure + margin) choices.push_back(0.0);
        return value;
    };

    out.solidVelocityX.assign(g.uCount(), 0.0);
    out.solidVelocityY.assign(g.vCount(), 0.0);
    out.choicesX.assign(g.uCount(), {0.0});
    out.choicesY.assign(g.vCount(), {0.0});
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            if ((i == 0 || i == g.nx) && !g.periodicX()) continue;
            const int left = i == 0 ? g.nx - 1 : i - 1, right = i == g.nx ? 0 : i;
            const double y = (j + 0.5) * g.h;
            // Seen from the left cell the face is its right face, from the right cell its left one.
            const Point3 pa{double(left + 1) * g.h, y, 0.0}, pb{double(right) * g.h, y, 0.0};
            out.solidVelocityX[g.u(i, j)] =
                faceVelocity(g.cell(left, j), g.cell(right, j), pa, pb, 0, out.choicesX[g.u(i, j)]);
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if ((j == 0 || j == g.ny) && !g.periodicY()) continue;
            const int below = j == 0 ? g.ny - 1 : j - 1, above = j == g.ny ? 0 : j;
            const double x = (i + 0.5) * g.h;
            const Point3 pa{x, double(below + 1) * g.h, 0.0}, pb{x, double(above) * g.h, 0.0};
            out.solidVelocityY[g.v(i, j)] =
                faceVelocity(g.cell(i, below), g.cell(i, above), pa, pb, 1, out.choicesY[g.v(i, j)]);
        }
    return out;
}

void applyColliders(const Grid& g, State& s, const ColliderRaster& raster) {
    s.solid = raster.solid;
    s.openX = raster.openX;
    s.openY = raster.openY;
    s.solidVelocityX = raster.solidVelocityX;
    s.solidVelocityY = raster.solidVelocityY;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (((i > 0 && i < g.nx) || g.periodicX()) && s.openX[g.u(i, j)] == 0.0)
                s.u[g.u(i, j)] = s.solidVelocityX[g.u(i, j)];
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (((j > 0 && j < g.ny) || g.periodicY()) && s.openY[g.v(i, j)] == 0.0)
                s.v[g.v(i, j)] = s.solidVelocityY[g.v(i, j)];
}

} // namespace billow::smoke_ref
