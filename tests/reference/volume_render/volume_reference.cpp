#include "reference/volume_render/volume_reference.hpp"

#include <algorithm>
#include <cmath>

namespace billow::volume_ref {

namespace {

Vec3 add(Vec3 a, Vec3 b, double s = 1.0) { return {a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]}; }
double dot(Vec3 a, Vec3 b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 unit(Vec3 v) {
    const double l = std::sqrt(dot(v, v));
    return {v[0] / l, v[1] / l, v[2] / l};
}

} // namespace

Ray cameraRay(const Camera& c, const std::array<uint32_t, 3>& n, uint32_t width, uint32_t height, uint32_t x, uint32_t y) {
    const double pi = std::acos(-1.0);
    const double yaw = c.yawDegrees * pi / 180.0, pitch = c.pitchDegrees * pi / 180.0;
    const Vec3 size{double(n[0]), double(n[1]), double(n[2])};
    const Vec3 target{c.targetFraction[0] * size[0], c.targetFraction[1] * size[1], c.targetFraction[2] * size[2]};
    const double diagonal = std::sqrt(dot(size, size));
    // Spherical coordinates of the camera about the target.
    const Vec3 eye = add(target, {std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)},
                         c.distanceDiagonals * diagonal);
    const Vec3 forward = unit(add(target, eye, -1.0));
    // right = forward x up (horizontal), up' = right x forward.
    const Vec3 right = unit({-forward[2], 0.0, forward[0]});
    const Vec3 up{right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
                  right[0] * forward[1] - right[1] * forward[0]};
    const double halfHeight = std::tan(0.5 * c.fovDegrees * pi / 180.0);
    const double halfWidth = halfHeight * width / height;
    const double sx = (2.0 * (x + 0.5) / width - 1.0) * halfWidth;
    const double sy = (1.0 - 2.0 * (y + 0.5) / height) * halfHeight;
    return {eye, unit(add(add(forward, right, sx), up, sy))};
}

double sphereChord(const Ray& ray, const Vec3& centre, double radius) {
    // |o + t d - c|^2 = r^2 with |d| = 1: t = -b +- sqrt(b^2 - (|o - c|^2 - r^2)).
    const Vec3 oc = add(ray.origin, centre, -1.0);
    const double b = dot(oc, ray.direction);
    const double disc = b * b - (dot(oc, oc) - radius * radius);
    return disc > 0.0 ? 2.0 * std::sqrt(disc) : 0.0;
}

double CellField::at(int i, int j, int k) const {
    i = std::clamp(i, 0, int(n[0]) - 1);
    j = std::clamp(j, 0, int(n[1]) - 1);
    k = std::clamp(k, 0, int(n[2]) - 1);
    return values[i + size_t(n[0]) * (j + size_t(n[1]) * k)];
}

double CellField::trilinear(const Vec3& p) const {
    double q[3], f[3];
    int c[3];
    for (int a = 0; a < 3; ++a) {
        q[a] = std::clamp(p[a] - 0.5, 0.0, double(n[a]) - 1.0);
        c[a] = int(std::floor(q[a]));
        f[a] = q[a] - c[a];
    }
    double sum = 0.0;
    for (int dz = 0; dz < 2; ++dz)
        for (int dy = 0; dy < 2; ++dy)
            for (int dx = 0; dx < 2; ++dx)
                sum += (dx ? f[0] : 1 - f[0]) * (dy ? f[1] : 1 - f[1]) * (dz ? f[2] : 1 - f[2]) *
                       at(c[0] + dx, c[1] + dy, c[2] + dz);
    return sum;
}

LineIntegral integrateAlong(const CellField& field, const Ray& ray, uint32_t substeps, double end) {
    // The slab intersection with [0, n]^3.
    double t0 = 0.0, t1 = 1e300;
    for (int a = 0; a < 3; ++a) {
        const double lo = (0.0 - ray.origin[a]) / ray.direction[a], hi = (field.n[a] - ray.origin[a]) / ray.direction[a];
        t0 = std::max(t0, std::min(lo, hi));
        t1 = std::min(t1, std::max(lo, hi));
    }
    t1 = std::min(t1, end);
    LineIntegral out;
    if (!(t1 > t0)) return out;
    const uint32_t count = std::max<uint32_t>(1, uint32_t(std::ceil((t1 - t0) * substeps)));
    const double ds = (t1 - t0) / count;
    double previous = field.trilinear(add(ray.origin, ray.direction, t0));
    for (uint32_t s = 0; s < count; ++s) {
        out.integral += ds * field.trilinear(add(ray.origin, ray.direction, t0 + (s + 0.5) * ds));
        const double next = field.trilinear(add(ray.origin, ray.direction, t0 + (s + 1) * ds));
        out.totalVariation += std::fabs(next - previous);
        previous = next;
    }
    return out;
}

} // namespace billow::volume_ref
