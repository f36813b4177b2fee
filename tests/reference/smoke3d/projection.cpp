#include "reference/smoke3d/projection.hpp"

#include <algorithm>

namespace billow::smoke3d_ref {

namespace {
double boundaryFraction(const Boundary& side, double inner, double wrapped) {
    if (side.type == BoundaryType::Periodic) return std::min(inner, wrapped);
    if (side.type == BoundaryType::Outflow) return inner;
    return 0.0;
}

// The open fractions and neighbour pressures of cell c's six faces (low then high, per axis).
struct CellEquation {
    double w[6], neighbour[6];
};

CellEquation equationOf(const Grid& g, const State& s, const Values& p, Index c) {
    CellEquation e{};
    for (int a = 0; a < 3; ++a)
        for (int high = 0; high < 2; ++high) {
            Index f = c, nb = c;
            f[a] += high;
            nb[a] += high ? 1 : -1;
            e.w[2 * a + high] = s.open[a][g.face(a, f)];
            e.neighbour[2 * a + high] = g.pressureAt(p, nb);
        }
    return e;
}

double relaxed(const Grid& g, const State& s, const Values& p, Index c, double rhsScale, double relaxation) {
    const CellEquation e = equationOf(g, s, p, c);
    double weight = 0.0, weighted = 0.0;
    for (int f = 0; f < 6; ++f) {
        weight += e.w[f];
        weighted += e.w[f] * e.neighbour[f];
    }
    if (weight == 0.0) return 0.0;  // no open face: no equation
    const size_t k = g.cell(c);
    const double solved = (weighted - rhsScale * s.divergence[k]) / weight;
    return p[k] + relaxation * (solved - p[k]);
}
} // namespace

void faceFractions(const Grid& g, State& s) {
    auto fluid = [&](Index c) { return fluidFraction(g, s, c); };
    for (int a = 0; a < 3; ++a) {
        s.open[a].assign(g.faceCount(a), 0.0);
        forEach(g.faceDims(a), [&](Index f) {
            Index below = f, wrapped = f;
            --below[a];
            double open;
            if (f[a] == 0) {
                wrapped[a] = g.n[a] - 1;
                open = boundaryFraction(g.side(a, false), fluid(f), fluid(wrapped));
            } else if (f[a] == g.n[a]) {
                wrapped[a] = 0;
                open = boundaryFraction(g.side(a, true), fluid(below), fluid(wrapped));
            } else {
                open = std::min(fluid(below), fluid(f));
            }
            s.open[a][g.face(a, f)] = open;
        });
    }
}

std::array<Values, 3> staticSolidVelocity(const Grid& g) {
    std::array<Values, 3> solid;
    for (int a = 0; a < 3; ++a) {
        solid[a].assign(g.faceCount(a), 0.0);
        forEach(g.faceDims(a), [&](Index f) {
            for (int high = 0; high < 2; ++high) {
                const Boundary& side = g.side(a, high);
                if (f[a] == (high ? g.n[a] : 0) && side.type == BoundaryType::Inflow)
                    solid[a][g.face(a, f)] = high ? -side.inflowSpeed : side.inflowSpeed;
            }
        });
    }
    return solid;
}

void divergence(const Grid& g, State& s, const Values* source, const std::array<Values, 3>* solidVelocity) {
    const std::array<Values, 3> staticSolid = solidVelocity ? std::array<Values, 3>{} : staticSolidVelocity(g);
    const std::array<Values, 3>& solid = solidVelocity ? *solidVelocity : staticSolid;
    s.divergence.assign(g.cellCount(), 0.0);
    forEach(g.n, [&](Index c) {
        double net = 0.0;
        for (int a = 0; a < 3; ++a)
            for (int high = 0; high < 2; ++high) {
                Index f = c;
                f[a] += high;
                const size_t k = g.face(a, f);
                const double flux = s.open[a][k] * s.vel[a][k] + (1.0 - s.open[a][k]) * solid[a][k];
                net += high ? flux : -flux;
            }
        const size_t k = g.cell(c);
        s.divergence[k] = net / g.h - (source ? (*source)[k] : 0.0);
    });
}

void pressureJacobi(const Grid& g, State& s, double rhsScale, double relaxation, int sweeps) {
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        const Values previous = s.pressure;
        forEach(g.n, [&](Index c) { s.pressure[g.cell(c)] = relaxed(g, s, previous, c, rhsScale, relaxation); });
    }
}

double pressureStencil(const Grid& g, const State& s, const Values& p, Index c) {
    const CellEquation e = equationOf(g, s, p, c);
    double sum = 0.0;
    for (int f = 0; f < 6; ++f) sum += e.w[f] * (e.neighbour[f] - p[g.cell(c)]);
    return sum;
}

void subtractGradient(const Grid& g, State& s, double dt, const std::array<Values, 3>* solidVelocity) {
    const std::array<Values, 3> staticSolid = solidVelocity ? std::array<Values, 3>{} : staticSolidVelocity(g);
    const std::array<Values, 3>& solid = solidVelocity ? *solidVelocity : staticSolid;
    for (int a = 0; a < 3; ++a)
        forEach(g.faceDims(a), [&](Index f) {
            const size_t k = g.face(a, f);
            if (s.open[a][k] > 0.0) {
                Index below = f;
                --below[a];
                s.vel[a][k] -= dt / g.h * (g.pressureAt(s.pressure, f) - g.pressureAt(s.pressure, below));
            } else {
                s.vel[a][k] = solid[a][k];
            }
        });
    copyPeriodicFaces(g, s.vel);
}

Velocity reflect(const Grid& g, State& s, double dt) {
    State projected = s;
    subtractGradient(g, projected, dt, &s.solidVelocity);
    for (int a = 0; a < 3; ++a)
        for (size_t k = 0; k < s.vel[a].size(); ++k) s.vel[a][k] = 2.0 * projected.vel[a][k] - s.vel[a][k];
    return projected.vel;
}

} // namespace billow::smoke3d_ref
