// The pressure equation's stencil and solvers (declared in projection.hpp).
#include <algorithm>

#include "reference/smoke/projection.hpp"

namespace billow::smoke_ref {

namespace {
// Cell (i, j)'s equation: its open fractions w_f and neighbour pressures p_f (left, right, bottom, top).
struct CellEquation {
    double w[4], neighbour[4];
    double weight() const { return w[0] + w[1] + w[2] + w[3]; }
    double weightedNeighbours() const {
        return w[0] * neighbour[0] + w[1] * neighbour[1] + w[2] * neighbour[2] + w[3] * neighbour[3];
    }
};

CellEquation equationOf(const Grid& g, const State& s, const Values& p, int i, int j) {
    return {{s.openX[g.u(i, j)], s.openX[g.u(i + 1, j)], s.openY[g.v(i, j)], s.openY[g.v(i, j + 1)]},
            {g.pressureAt(p, i - 1, j), g.pressureAt(p, i + 1, j), g.pressureAt(p, i, j - 1), g.pressureAt(p, i, j + 1)}};
}

// Cell (i, j) moved by `relaxation` towards the value solving its equation with the neighbours of `p`.
double relaxed(const Grid& g, const State& s, const Values& p, int i, int j, double rhsScale, double relaxation) {
    const CellEquation e = equationOf(g, s, p, i, j);
    const double weight = e.weight();
    if (weight == 0.0) return 0.0;  // no open face: no equation
    const size_t c = g.cell(i, j);
    const double solved = (e.weightedNeighbours() - rhsScale * s.divergence[c]) / weight;
    return p[c] + relaxation * (solved - p[c]);
}
} // namespace

double pressureStencil(const Grid& g, const State& s, const Values& p, int i, int j) {
    const CellEquation e = equationOf(g, s, p, i, j);
    double sum = 0.0;
    for (int k = 0; k < 4; ++k) sum += e.w[k] * (e.neighbour[k] - p[g.cell(i, j)]);
    return sum;
}

void pressureJacobi(const Grid& g, State& s, double rhsScale, double relaxation, int sweeps) {
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        const Values previous = s.pressure;
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) s.pressure[g.cell(i, j)] = relaxed(g, s, previous, i, j, rhsScale, relaxation);
    }
}

void pressureSor(const Grid& g, State& s, double rhsScale, double omega, int iterations) {
    const bool oddPeriodicX = g.periodicX() && g.nx % 2 == 1, oddPeriodicY = g.periodicY() && g.ny % 2 == 1;
    // Update order: the group (0 the rest, 1 the last column, 2 the last row, 3 the corner), then the colour.
    auto order = [&](int i, int j) {
        const int group = (oddPeriodicX && i == g.nx - 1 ? 1 : 0) + (oddPeriodicY && j == g.ny - 1 ? 2 : 0);
        return 2 * group + (i + j) % 2;
    };
    for (int iteration = 0; iteration < iterations; ++iteration)
        for (int pass = 0; pass < 8; ++pass)
            for (int j = 0; j < g.ny; ++j)
                for (int i = 0; i < g.nx; ++i)
                    if (order(i, j) == pass) s.pressure[g.cell(i, j)] = relaxed(g, s, s.pressure, i, j, rhsScale, omega);
}

void solvePressure(const Grid& g, State& s, double rhsScale) {
    // Plain CG on -L p = -rhs (L symmetric negative semi-definite), over cells with an open face.
    const size_t n = g.cellCount();
    std::vector<bool> open(n, false);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            open[g.cell(i, j)] = s.openX[g.u(i, j)] + s.openX[g.u(i + 1, j)] + s.openY[g.v(i, j)] + s.openY[g.v(i, j + 1)] > 0.0;
    const bool singular =
        std::none_of(g.sides.begin(), g.sides.end(), [](const Boundary& b) { return b.type == BoundaryType::Outflow; });
    auto removeMean = [&](Values& x) {
        if (!singular) return;
        double sum = 0.0, count = 0.0;
        for (size_t c = 0; c < n; ++c)
            if (open[c]) { sum += x[c]; count += 1.0; }
        for (size_t c = 0; c < n; ++c)
            if (open[c]) x[c] -= sum / count;
    };
    auto apply = [&](const Values& x) {  // -L x
        Values y(n, 0.0);
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (open[g.cell(i, j)]) y[g.cell(i, j)] = -pressureStencil(g, s, x, i, j);
        return y;
    };
    auto dot = [&](const Values& a, const Values& b) {
        double sum = 0.0;
        for (size_t c = 0; c < n; ++c) sum += a[c] * b[c];
        return sum;
    };
    Values p(n, 0.0), r(n, 0.0);
    for (size_t c = 0; c < n; ++c) r[c] = open[c] ? -rhsScale * s.divergence[c] : 0.0;
    removeMean(r);
    const double target = 1e-26 * std::max(dot(r, r), 1e-300);
    Values d = r;
    double rho = dot(r, r);
    for (size_t k = 0; k < 20 * n && rho > target; ++k) {
        const Values q = apply(d);
        const double alpha = rho / dot(d, q);
        for (size_t c = 0; c < n; ++c) {
            p[c] += alpha * d[c];
            r[c] -= alpha * q[c];
        }
        removeMean(r);
        const double next = dot(r, r);
        for (size_t c = 0; c < n; ++c) d[c] = r[c] + next / rho * d[c];
        rho = next;
    }
    removeMean(p);
    s.pressure = p;
}

} // namespace billow::smoke_ref
