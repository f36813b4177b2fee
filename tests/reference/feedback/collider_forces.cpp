#include "reference/feedback/collider_forces.hpp"

#include <algorithm>
#include <cmath>

#include "reference/colliders/collider_shapes.hpp"

namespace billow::feedback_ref {

namespace {

using Vec = std::array<double, 3>;

Vec cross(const Vec& a, const Vec& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double norm(const Vec& a) { return std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

struct Cells {
    const Grid& g;
    size_t index(int i, int j, int k) const { return size_t(i) + size_t(g.nx) * (size_t(j) + size_t(g.ny) * size_t(k)); }
    Vec centre(int i, int j, int k, const Collider& c) const {
        return {(i + 0.5) * g.h, (j + 0.5) * g.h, g.twoD ? double(c.centre[2]) : (k + 0.5) * g.h};
    }
};

} // namespace

Force colliderForce(const Grid& g, const Fields& f, const Collider& collider, double density, double viscosity) {
    const Cells cells{g};
    const int n[3] = {g.nx, g.ny, g.nz};
    const size_t count = size_t(g.nx) * g.ny * g.nz;
    std::vector<double> coverage(count);
    for (int k = 0; k < g.nz; ++k)
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const Vec x = cells.centre(i, j, k, collider);
                coverage[cells.index(i, j, k)] =
                    collider_ref::colliderCoverage(collider_ref::colliderDistance(collider, {x[0], x[1], x[2]}), g.h);
            }
    const int axes = g.twoD ? 2 : 3;
    const double area = g.twoD ? g.h : g.h * g.h;
    // S per cell, face by face: each face between a and b adds A c_f e to S_a and takes it from S_b;
    // the faces on the sides have the inner cell on both sides.
    std::vector<Vec> surface(count, Vec{0.0, 0.0, 0.0});
    for (int axis = 0; axis < axes; ++axis)
        for (int k = 0; k < g.nz; ++k)
            for (int j = 0; j < g.ny; ++j)
                for (int i = 0; i < g.nx; ++i)
                    for (int side = 0; side < 2; ++side) {
                        // The face on the low side of cell (i, j, k) along `axis` (side 0), or on
                        // the high side of the last cell (side 1).
                        int c[3] = {i, j, k};
                        if (side == 1 && c[axis] != n[axis] - 1) continue;
                        int a[3] = {i, j, k}, b[3] = {i, j, k};
                        if (side == 0) a[axis] = c[axis] - 1;
                        else b[axis] = c[axis] + 1;
                        const bool aInside = a[axis] >= 0, bInside = b[axis] < n[axis];
                        const size_t inner = cells.index(i, j, k);
                        const size_t ia = aInside ? cells.index(a[0], a[1], a[2]) : inner;
                        const size_t ib = bInside ? cells.index(b[0], b[1], b[2]) : inner;
                        const double closed = std::max(coverage[ia], coverage[ib]) * area;
                        if (aInside) surface[ia][axis] += closed;
                        if (bInside) surface[ib][axis] -= closed;
                    }
    Force out;
    const double cellVolume = g.twoD ? g.h * g.h : g.h * g.h * g.h;
    const Vec centre = {collider.centre[0], collider.centre[1], collider.centre[2]};
    for (int k = 0; k < g.nz; ++k)
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const size_t c = cells.index(i, j, k);
                out.volume += coverage[c] * cellVolume;
                const Vec& s = surface[c];
                const double magnitude = norm(s);
                if (magnitude == 0.0) continue;
                Vec pressureForce, friction{0.0, 0.0, 0.0};
                for (int a = 0; a < 3; ++a) pressureForce[a] = density * f.p[c] * s[a];
                const Vec x = cells.centre(i, j, k, collider);
                if (viscosity > 0.0) {
                    const size_t nxF = size_t(g.nx) + 1, nyF = size_t(g.ny) + 1;
                    const double uc = 0.5 * (f.u[i + nxF * (j + size_t(g.ny) * k)] + f.u[i + 1 + nxF * (j + size_t(g.ny) * k)]);
                    const double vc = 0.5 * (f.v[i + size_t(g.nx) * (j + nyF * k)] + f.v[i + size_t(g.nx) * (j + 1 + nyF * k)]);
                    const double wc = g.twoD ? 0.0 : 0.5 * (f.w[c] + f.w[c + size_t(g.nx) * g.ny]);
                    const collider_ref::Point3 sv = collider_ref::colliderVelocity(collider, {x[0], x[1], x[2]});
                    Vec slip = {uc - sv.x, vc - sv.y, wc - (g.twoD ? 0.0 : sv.z)};
                    const Vec normal = {s[0] / magnitude, s[1] / magnitude, s[2] / magnitude};
                    const double along = slip[0] * normal[0] + slip[1] * normal[1] + slip[2] * normal[2];
                    for (int a = 0; a < 3; ++a)
                        friction[a] = density * viscosity * (2.0 / g.h) * magnitude * (slip[a] - along * normal[a]);
                }
                const Vec arm = {x[0] - centre[0], x[1] - centre[1], x[2] - centre[2]};
                Vec total;
                for (int a = 0; a < 3; ++a) {
                    total[a] = pressureForce[a] + friction[a];
                    out.pressureForce[a] += pressureForce[a];
                    out.viscousForce[a] += friction[a];
                    out.force[a] += total[a];
                }
                const Vec torque = cross(arm, total);
                for (int a = 0; a < 3; ++a) out.torque[a] += torque[a];
                out.magnitude += (norm(pressureForce) + norm(friction)) * (1.0 + norm(arm));
            }
    return out;
}

} // namespace billow::feedback_ref
