// Reference of the geometry and projection kernels: face_fractions, divergence, pressure_jacobi,
// subtract_gradient.
#include <algorithm>

#include "reference_kernels.hpp"

namespace eddy::ref {

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

} // namespace eddy::ref
