// Reference of the geometry and projection kernels: face_fractions, divergence, pressure_jacobi,
// subtract_gradient.
#include <algorithm>

#include "reference/smoke/reference_kernels.hpp"

namespace billow::ref {

void copyPeriodicFaces(const RefGrid& g, Values& u, Values& v) {
    if (g.periodicX())
        for (int j = 0; j < g.ny; ++j) u[g.u(g.nx, j)] = u[g.u(0, j)];
    if (g.periodicY())
        for (int i = 0; i < g.nx; ++i) v[g.v(i, g.ny)] = v[g.v(i, 0)];
}

namespace {
double fluidFraction(const RefGrid& g, const RefFields& f, int i, int j) {
    return std::clamp(1.0 - f.solid[g.cell(i, j)], 0.0, 1.0);
}

// A boundary face: periodic faces are shared by the cells on both sides, outflow faces are open
// as far as their cell is, walls, moving walls and inflows are closed to the solve.
double boundaryFraction(const RefSide& side, double inner, double wrapped) {
    if (side.type == BoundaryType::Periodic) return std::min(inner, wrapped);
    if (side.type == BoundaryType::Outflow) return inner;
    return 0.0;
}
} // namespace

void faceFractions(const RefGrid& g, RefFields& f) {
    f.openX.assign(g.uCount(), 0.0);
    f.openY.assign(g.vCount(), 0.0);
    auto fluid = [&](int i, int j) { return fluidFraction(g, f, i, j); };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            double open;
            if (i == 0) open = boundaryFraction(g.sides[0], fluid(0, j), fluid(g.nx - 1, j));
            else if (i == g.nx) open = boundaryFraction(g.sides[1], fluid(g.nx - 1, j), fluid(0, j));
            else open = std::min(fluid(i - 1, j), fluid(i, j));
            f.openX[g.u(i, j)] = open;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double open;
            if (j == 0) open = boundaryFraction(g.sides[2], fluid(i, 0), fluid(i, g.ny - 1));
            else if (j == g.ny) open = boundaryFraction(g.sides[3], fluid(i, g.ny - 1), fluid(i, 0));
            else open = std::min(fluid(i, j - 1), fluid(i, j));
            f.openY[g.v(i, j)] = open;
        }
}

void divergence(const RefGrid& g, RefFields& f) {
    f.divergence.assign(g.cellCount(), 0.0);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const double fluid = fluidFraction(g, f, i, j);
            // The flux area of a face: its open fraction, except that an inflow face (closed to the
            // solve) lets its prescribed velocity in over the fluid part of its cell.
            auto area = [&](double open, bool onBoundary, int side) {
                return onBoundary && g.sides[side].type == BoundaryType::Inflow ? fluid : open;
            };
            const double left = area(f.openX[g.u(i, j)], i == 0, 0) * f.u[g.u(i, j)];
            const double right = area(f.openX[g.u(i + 1, j)], i == g.nx - 1, 1) * f.u[g.u(i + 1, j)];
            const double bottom = area(f.openY[g.v(i, j)], j == 0, 2) * f.v[g.v(i, j)];
            const double top = area(f.openY[g.v(i, j + 1)], j == g.ny - 1, 3) * f.v[g.v(i, j + 1)];
            f.divergence[g.cell(i, j)] = (right - left + top - bottom) / g.h;
        }
}

double pressureStencil(const RefGrid& g, const RefFields& f, const Values& p, int i, int j) {
    const double w[4] = {f.openX[g.u(i, j)], f.openX[g.u(i + 1, j)], f.openY[g.v(i, j)], f.openY[g.v(i, j + 1)]};
    const double nb[4] = {g.pressureAt(p, i - 1, j), g.pressureAt(p, i + 1, j), g.pressureAt(p, i, j - 1),
                          g.pressureAt(p, i, j + 1)};
    double sum = 0.0;
    for (int k = 0; k < 4; ++k) sum += w[k] * (nb[k] - p[g.cell(i, j)]);
    return sum;
}

void solvePressure(const RefGrid& g, RefFields& f, double rhsScale) {
    // Plain CG on -L p = -rhs (L symmetric negative semi-definite), over cells with an open face.
    const size_t n = g.cellCount();
    std::vector<bool> open(n, false);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            open[g.cell(i, j)] = f.openX[g.u(i, j)] + f.openX[g.u(i + 1, j)] + f.openY[g.v(i, j)] + f.openY[g.v(i, j + 1)] > 0.0;
    bool singular = true;
    for (const RefSide& side : g.sides) singular = singular && side.type != BoundaryType::Outflow;
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
                if (open[g.cell(i, j)]) y[g.cell(i, j)] = -pressureStencil(g, f, x, i, j);
        return y;
    };
    auto dot = [&](const Values& a, const Values& b) {
        double s = 0.0;
        for (size_t c = 0; c < n; ++c) s += a[c] * b[c];
        return s;
    };
    Values p(n, 0.0), r(n, 0.0);
    for (size_t c = 0; c < n; ++c) r[c] = open[c] ? -rhsScale * f.divergence[c] : 0.0;
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
    f.pressure = p;
}

void pressureJacobi(const RefGrid& g, RefFields& f, double rhsScale, double relaxation, int sweeps) {
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        const Values p = f.pressure;
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const double w[4] = {f.openX[g.u(i, j)], f.openX[g.u(i + 1, j)], f.openY[g.v(i, j)],
                                     f.openY[g.v(i, j + 1)]};
                const double nb[4] = {g.pressureAt(p, i - 1, j), g.pressureAt(p, i + 1, j), g.pressureAt(p, i, j - 1),
                                      g.pressureAt(p, i, j + 1)};
                double weight = 0.0, sum = 0.0;
                for (int k = 0; k < 4; ++k) {
                    weight += w[k];
                    sum += w[k] * nb[k];
                }
                const size_t c = g.cell(i, j);
                if (weight == 0.0) {
                    f.pressure[c] = 0.0;  // no open face: no equation, pressure 0
                    continue;
                }
                // The value solving this cell's equation with the neighbours held fixed.
                const double solved = (sum - rhsScale * f.divergence[c]) / weight;
                f.pressure[c] = p[c] + relaxation * (solved - p[c]);
            }
    }
}

void subtractGradient(const RefGrid& g, RefFields& f, double dt) {
    // Closed boundary faces get the inflow speed (signed into the domain) on inflow sides, 0 on
    // every other closed face.
    auto inflowInto = [&](int side, double sign) {
        return g.sides[side].type == BoundaryType::Inflow ? sign * g.sides[side].inflowSpeed : 0.0;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            const size_t k = g.u(i, j);
            if (f.openX[k] > 0.0) f.u[k] -= dt / g.h * (g.pressureAt(f.pressure, i, j) - g.pressureAt(f.pressure, i - 1, j));
            else f.u[k] = i == 0 ? inflowInto(0, 1.0) : i == g.nx ? inflowInto(1, -1.0) : 0.0;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t k = g.v(i, j);
            if (f.openY[k] > 0.0) f.v[k] -= dt / g.h * (g.pressureAt(f.pressure, i, j) - g.pressureAt(f.pressure, i, j - 1));
            else f.v[k] = j == 0 ? inflowInto(2, 1.0) : j == g.ny ? inflowInto(3, -1.0) : 0.0;
        }
    copyPeriodicFaces(g, f.u, f.v);
}

} // namespace billow::ref
