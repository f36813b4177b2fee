#include "reference/smoke/colliders.hpp"

#include <algorithm>
#include <cmath>

#include "reference/smoke/projection.hpp"

namespace billow::smoke_ref {

using collider_ref::colliderCoverage;
using collider_ref::colliderDistance;
using collider_ref::colliderVelocity;
using collider_ref::Point3;

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
