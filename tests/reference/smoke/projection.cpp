#include "reference/smoke/projection.hpp"

#include <algorithm>

namespace billow::smoke_ref {

namespace {
double fluidFraction(const Grid& g, const State& s, int i, int j) { return std::clamp(1.0 - s.solid[g.cell(i, j)], 0.0, 1.0); }

// The solid velocity of face k of `solidVelocity` (empty: no colliders).
double solidAt(const Values& solidVelocity, size_t k) { return solidVelocity.empty() ? 0.0 : solidVelocity[k]; }

double boundaryFraction(const Boundary& side, double inner, double wrapped) {
    if (side.type == BoundaryType::Periodic) return std::min(inner, wrapped);
    if (side.type == BoundaryType::Outflow) return inner;
    return 0.0;
}
} // namespace

void faceFractions(const Grid& g, State& s) {
    s.openX.assign(g.uCount(), 0.0);
    s.openY.assign(g.vCount(), 0.0);
    auto fluid = [&](int i, int j) { return fluidFraction(g, s, i, j); };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            double open;
            if (i == 0) open = boundaryFraction(g.sides[kLeft], fluid(0, j), fluid(g.nx - 1, j));
            else if (i == g.nx) open = boundaryFraction(g.sides[kRight], fluid(g.nx - 1, j), fluid(0, j));
            else open = std::min(fluid(i - 1, j), fluid(i, j));
            s.openX[g.u(i, j)] = open;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double open;
            if (j == 0) open = boundaryFraction(g.sides[kBottom], fluid(i, 0), fluid(i, g.ny - 1));
            else if (j == g.ny) open = boundaryFraction(g.sides[kTop], fluid(i, g.ny - 1), fluid(i, 0));
            else open = std::min(fluid(i, j - 1), fluid(i, j));
            s.openY[g.v(i, j)] = open;
        }
}

void divergence(const Grid& g, State& s) {
    s.divergence.assign(g.cellCount(), 0.0);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const double fluid = fluidFraction(g, s, i, j);
            auto area = [&](double open, bool onSide, int side) {
                return onSide && g.sides[side].type == BoundaryType::Inflow ? fluid : open;
            };
            // Through the open part with the fluid's velocity, through the closed part with the solid's.
            auto fluxX = [&](size_t k, bool onSide, int side) {
                return area(s.openX[k], onSide, side) * s.u[k] + (1.0 - s.openX[k]) * solidAt(s.solidVelocityX, k);
            };
            auto fluxY = [&](size_t k, bool onSide, int side) {
                return area(s.openY[k], onSide, side) * s.v[k] + (1.0 - s.openY[k]) * solidAt(s.solidVelocityY, k);
            };
            const double left = fluxX(g.u(i, j), i == 0, kLeft);
            const double right = fluxX(g.u(i + 1, j), i == g.nx - 1, kRight);
            const double bottom = fluxY(g.v(i, j), j == 0, kBottom);
            const double top = fluxY(g.v(i, j + 1), j == g.ny - 1, kTop);
            s.divergence[g.cell(i, j)] = (right - left + top - bottom) / g.h;
        }
}

void subtractGradient(const Grid& g, State& s, double dt) {
    auto prescribed = [&](int side, double into) {
        return g.sides[side].type == BoundaryType::Inflow ? into * g.sides[side].inflowSpeed : 0.0;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            const size_t k = g.u(i, j);
            if (s.openX[k] > 0.0) s.u[k] -= dt / g.h * (g.pressureAt(s.pressure, i, j) - g.pressureAt(s.pressure, i - 1, j));
            else if ((i > 0 && i < g.nx) || g.periodicX()) s.u[k] = solidAt(s.solidVelocityX, k);
            else s.u[k] = i == 0 ? prescribed(kLeft, 1.0) : prescribed(kRight, -1.0);
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t k = g.v(i, j);
            if (s.openY[k] > 0.0) s.v[k] -= dt / g.h * (g.pressureAt(s.pressure, i, j) - g.pressureAt(s.pressure, i, j - 1));
            else if ((j > 0 && j < g.ny) || g.periodicY()) s.v[k] = solidAt(s.solidVelocityY, k);
            else s.v[k] = j == 0 ? prescribed(kBottom, 1.0) : prescribed(kTop, -1.0);
        }
    copyPeriodicFaces(g, s.u, s.v);
}

FaceField reflect(const Grid& g, State& s, double dt) {
    State projected = s;
    subtractGradient(g, projected, dt);
    for (size_t k = 0; k < s.u.size(); ++k) s.u[k] = 2.0 * projected.u[k] - s.u[k];
    for (size_t k = 0; k < s.v.size(); ++k) s.v[k] = 2.0 * projected.v[k] - s.v[k];
    return {projected.u, projected.v};
}

} // namespace billow::smoke_ref
