#include "reference/smoke3d/colliders3d.hpp"

#include <algorithm>
#include <cmath>

#include "reference/smoke3d/projection.hpp"

namespace billow::smoke3d_ref {

using collider_ref::colliderCoverage;
using collider_ref::colliderDistance;
using collider_ref::colliderVelocity;
using collider_ref::Point3;

ColliderRaster3D rasteriseColliders(const Grid& g, const Values& staticSolid, std::span<const Collider> colliders,
                                    double margin) {
    ColliderRaster3D out;
    const size_t n = colliders.size();
    std::vector<Values> coverage(n, Values(g.cellCount(), 0.0));
    forEach(g.n, [&](Index c) {
        const Point p = g.cellCentre(c);
        for (size_t k = 0; k < n; ++k)
            coverage[k][g.cell(c)] = colliderCoverage(colliderDistance(colliders[k], {p[0], p[1], p[2]}), g.h);
    });
    out.solid = staticSolid;
    for (size_t c = 0; c < g.cellCount(); ++c)
        for (size_t k = 0; k < n; ++k) out.solid[c] = std::max(out.solid[c], coverage[k][c]);
    State fractions;
    fractions.solid = out.solid;
    faceFractions(g, fractions);
    out.open = fractions.open;
    out.solidVelocity = staticSolidVelocity(g);

    for (int axis = 0; axis < 3; ++axis) {
        out.choices[axis].assign(g.faceCount(axis), {});
        forEach(g.faceDims(axis), [&](Index f) {
            const size_t face = g.face(axis, f);
            const int na = g.n[axis];
            if ((f[axis] == 0 || f[axis] == na) && !g.periodic(axis)) {
                out.choices[axis][face] = {out.solidVelocity[axis][face]};
                return;
            }
            Index below = f, above = f;
            below[axis] = f[axis] == 0 ? na - 1 : f[axis] - 1;
            above[axis] = f[axis] == na ? 0 : f[axis];
            const size_t a = g.cell(below), b = g.cell(above);
            // Seen from the cell below the face is its upper face, from the cell above its lower one.
            Point pa = g.faceCentre(axis, f), pb = pa;
            pa[axis] = (below[axis] + 1) * g.h;
            pb[axis] = above[axis] * g.h;
            auto normalVelocity = [&](size_t k, const Point& p) {
                const Point3 v = colliderVelocity(colliders[k], {p[0], p[1], p[2]});
                return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
            };
            const double staticClosure = std::max(staticSolid[a], staticSolid[b]);
            double best = -1.0;
            size_t winner = n;
            for (size_t k = 0; k < n; ++k) {
                const double closure = std::max(coverage[k][a], coverage[k][b]);
                if (closure > best) best = closure, winner = k;
            }
            double value = 0.0;
            if (winner < n && best > staticClosure)
                value = normalVelocity(winner, coverage[winner][b] > coverage[winner][a] ? pb : pa);
            out.solidVelocity[axis][face] = value;
            std::vector<double>& choices = out.choices[axis][face];
            choices = {value};
            for (size_t k = 0; k < n; ++k) {
                const double closure = std::max(coverage[k][a], coverage[k][b]);
                if (closure >= best - margin && closure > staticClosure - margin && closure > 0.0) {
                    choices.push_back(normalVelocity(k, pa));
                    choices.push_back(normalVelocity(k, pb));
                }
            }
            if (winner == n || best <= staticClosure + margin) choices.push_back(0.0);
        });
    }
    return out;
}

} // namespace billow::smoke3d_ref
