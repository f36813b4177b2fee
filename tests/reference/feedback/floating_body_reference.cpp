#include "reference/feedback/floating_body_reference.hpp"

#include <algorithm>
#include <cmath>

#include "reference/colliders/collider_shapes.hpp"

namespace billow::bodies_ref {

namespace {
using collider_ref::Point3;

Collider geometry(const FloatingBody& b) {
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

// The rectangle of cell (i, j): lower-left corner and size, m.
struct Footprint {
    double x, y, width, height;
};
Footprint footprint(const Water& w, int i, int j) {
    if (!w.triangle) return {i * w.h, j * w.h, w.h, w.h};
    const double rowSpacing = w.h * std::sqrt(3.0) / 2.0;
    return {(i + 0.5 * (j % 2)) * w.h, j * rowSpacing, w.h, rowSpacing};
}

// Column (p, q)'s midpoint in cell (i, j).
std::array<double, 2> columnPoint(const Water& w, int i, int j, int p, int q) {
    const Footprint f = footprint(w, i, j);
    return {f.x + (p + 0.5) / w.columns * f.width, f.y + (q + 0.5) / w.columns * f.height};
}

// The water's velocity in cell (i, j) through the water column `column` (m).
std::array<double, 2> cellVelocity(const Water& w, int i, int j, double column) {
    const size_t stride = size_t(w.nx) + 1;
    const size_t left = size_t(i) + size_t(j) * stride, right = left + 1;
    if (!w.triangle) {
        const double below = w.flowY[size_t(i) + size_t(j) * w.nx], above = w.flowY[size_t(i) + size_t(j + 1) * w.nx];
        return {0.5 * (w.flowX[left] + w.flowX[right]) / (w.h * column), 0.5 * (below + above) / (w.h * column)};
    }
    const int p = j % 2;
    const size_t up = size_t(i + p) + size_t(j + 1) * stride;  // the edges to the upper neighbours
    const double qx = 0.5 * (w.flowX[left] + w.flowX[right]);
    const double qy = 0.5 * (w.flowY[left] + w.flowY[up]);  // from lower-left, to upper-right
    const double qz = 0.5 * (w.flowZ[right] + w.flowZ[up]);  // from lower-right, to upper-left
    const double s3 = std::sqrt(3.0), width = w.h / s3;
    // sum over the directions e_x, e_y = (1/2, sqrt3/2), e_z = (-1/2, sqrt3/2) of (u . e) e is 3/2 u.
    const double scale = 2.0 / 3.0 / (width * column);
    return {scale * (qx + 0.5 * qy - 0.5 * qz), scale * (0.5 * s3 * qy + 0.5 * s3 * qz)};
}

std::array<double, 3> cross(const std::array<double, 3>& a, const std::array<double, 3>& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
} // namespace

Span verticalSpan(const FloatingBody& body, double x, double y) {
    const Collider c = geometry(body);
    const auto distance = [&](double z) { return collider_ref::colliderDistance(c, Point3{x, y, z}); };
    // Every point of the body lies within its largest dimension of the centre.
    const double reach = std::abs(body.radius) + std::abs(body.halfLength) + std::abs(body.halfExtents[0]) +
                         std::abs(body.halfExtents[1]) + std::abs(body.halfExtents[2]);
    double lo = body.centre[2] - reach, hi = body.centre[2] + reach;
    // The minimum of the convex distance along the line (golden-section search).
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int k = 0; k < 200; ++k) {
        const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
        if (distance(a) <= distance(b)) hi = b;
        else lo = a;
    }
    const double inside = 0.5 * (lo + hi);
    if (distance(inside) > 0.0) return {};
    const auto crossing = [&](double out, double in) {
        for (int k = 0; k < 200; ++k) {
            const double mid = 0.5 * (out + in);
            (distance(mid) > 0.0 ? out : in) = mid;
        }
        return 0.5 * (out + in);
    };
    return {true, crossing(body.centre[2] - reach, inside), crossing(body.centre[2] + reach, inside)};
}

Load bodyLoad(const FloatingBody& body, const Water& w) {
    const double rho = w.density, g = w.gravity;
    const Footprint cellShape = footprint(w, 0, 0);
    const double area = cellShape.width * cellShape.height / (w.columns * w.columns);
    const std::array<double, 3> centre{body.centre[0], body.centre[1], body.centre[2]};
    const std::array<double, 3> v{body.velocity[0], body.velocity[1], body.velocity[2]};
    const std::array<double, 3> omega{body.angularVelocity[0], body.angularVelocity[1], body.angularVelocity[2]};
    // The level around the body: the mean effective surface of the wet columns of its footprint
    // (the cells its bounding radius reaches) that miss it.
    double reach = body.radius;
    if (body.shape == ColliderShape::Box)
        reach = std::hypot(double(body.halfExtents[0]), double(body.halfExtents[1]), double(body.halfExtents[2]));
    if (body.shape == ColliderShape::Capsule) reach = double(body.halfLength) + body.radius;
    // The columns of a row whose footprints meet [x - reach, x + reach]: the Triangle lattice's odd
    // rows start h / 2 further right, so the first is the one either parity needs.
    const double shift = w.triangle ? 0.5 : 0.0;
    const int i0 = std::max(0, int(std::floor((centre[0] - reach) / cellShape.width - shift)));
    const int i1 = std::min(w.nx - 1, int(std::floor((centre[0] + reach) / cellShape.width)));
    const int j0 = std::max(0, int(std::floor((centre[1] - reach) / cellShape.height)));
    const int j1 = std::min(w.ny - 1, int(std::floor((centre[1] + reach) / cellShape.height)));
    double levelSum = 0.0, levelCount = 0.0;
    for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
            const size_t c = size_t(i) + size_t(j) * w.nx;
            if (w.depth[c] <= w.dryDepth) continue;
            for (int q = 0; q < w.columns; ++q)
                for (int p = 0; p < w.columns; ++p)
                    if (const auto xy = columnPoint(w, i, j, p, q); !verticalSpan(body, xy[0], xy[1]).found) {
                        levelSum += w.terrain[c] + w.depth[c] + (w.displacement.empty() ? 0.0 : w.displacement[c]);
                        levelCount += 1.0;
                    }
        }
    const double level = levelCount > 0.0 ? levelSum / levelCount : centre[2];
    Load load;
    double wetArea = 0.0;
    std::array<double, 2> drag{};  // before the division by sqrt(A_wet)
    std::array<double, 3> dragTorque{};
    for (int j = 0; j < w.ny; ++j)
        for (int i = 0; i < w.nx; ++i) {
            const size_t c = size_t(i) + size_t(j) * w.nx;
            const double depth = w.depth[c];
            if (depth <= w.dryDepth) continue;
            const double ground = w.terrain[c];
            const std::array<double, 2> flowVelocity =
                cellVelocity(w, i, j, depth + (w.displacement.empty() ? 0.0 : w.displacement[c]));
            // The cell's displacement: the mean over its columns of their length below the level.
            std::vector<Span> spans;
            double cellDisplacement = 0.0;
            for (int q = 0; q < w.columns; ++q)
                for (int p = 0; p < w.columns; ++p) {
                    const auto xy = columnPoint(w, i, j, p, q);
                    spans.push_back(verticalSpan(body, xy[0], xy[1]));
                    const Span& span = spans.back();
                    const double bottom = std::max(span.bottom, ground);
                    if (span.found && span.top > bottom) cellDisplacement += std::clamp(level - bottom, 0.0, span.top - bottom);
                }
            cellDisplacement /= w.columns * w.columns;
            for (int q = 0; q < w.columns; ++q)
                for (int p = 0; p < w.columns; ++p) {
                    const auto [x, y] = columnPoint(w, i, j, p, q);
                    const Span& span = spans[size_t(q) * w.columns + p];
                    if (!span.found) continue;
                    // The effective surface: ground + depth + the cell's displacement.
                    const double bottom = std::max(span.bottom, ground);
                    const double top = std::min(double(span.top), ground + depth + cellDisplacement);
                    const double s = top - bottom;
                    if (!(s > 0.0)) continue;
                    const std::array<double, 3> r{x - centre[0], y - centre[1], 0.5 * (bottom + top) - centre[2]};
                    const std::array<double, 3> spin = cross(omega, r);
                    const double dux = flowVelocity[0] - (v[0] + spin[0]);
                    const double duy = flowVelocity[1] - (v[1] + spin[1]);
                    const double speed = std::hypot(dux, duy);
                    const double vertical = v[2] + spin[2];
                    const double volume = s * area;
                    wetArea += area;
                    load.submergedVolume += volume;
                    // Buoyancy, heave damping and lift act at the column, vertically.
                    const double up = rho * g * volume - 0.5 * rho * body.dragCoefficient * std::abs(vertical) * vertical * area +
                                      0.5 * rho * body.liftCoefficient * speed * speed * area;
                    load.force[2] += up;
                    const std::array<double, 3> tUp = cross(r, {0.0, 0.0, up});
                    const std::array<double, 3> f{0.5 * rho * body.dragCoefficient * speed * dux * volume,
                                                  0.5 * rho * body.dragCoefficient * speed * duy * volume, 0.0};
                    drag[0] += f[0];
                    drag[1] += f[1];
                    const std::array<double, 3> tDrag = cross(r, f);
                    for (int k = 0; k < 3; ++k) {
                        load.torque[k] += tUp[k];
                        dragTorque[k] += tDrag[k];
                    }
                }
        }
    const double perLength = wetArea > 0.0 ? 1.0 / std::sqrt(wetArea) : 0.0;
    load.force[0] = drag[0] * perLength;
    load.force[1] = drag[1] * perLength;
    for (int k = 0; k < 3; ++k) load.torque[k] += dragTorque[k] * perLength;
    return load;
}

} // namespace billow::bodies_ref
