// The Taylor-Green vortex on a periodic square, the smooth flow of the energy tests
// (test_reflection.cpp) and of docs/accuracy.md's table: u = U sin(kx) cos(ky),
// v = -U cos(kx) sin(ky), k = 2 pi / L. It is a steady solution of the Euler equations (the
// pressure p = U^2 (cos 2kx + cos 2ky) / 4 balances (u . grad) u), so without viscosity its exact
// kinetic energy stays E0 for ever. Sampled at the MAC faces it is also exactly divergence-free
// discretely (both one-sided differences are 2 sin(kh/2)/h cos kx cos ky at a cell centre).
//
// Why advect-then-project loses energy in proportion to dt (the splitting loss): one step
// carries u by itself (energy kept, up to interpolation) to u - dt (u . grad) u = u + dt grad p,
// and the projection removes the gradient part g = dt grad p, with its energy |g|^2 / 2. Per unit
// time that is dt |grad p|^2 / 2 per unit area: relative to E = |u|^2 / 2 (means over the box:
// |u|^2 = U^2 / 2, |grad p|^2 = U^4 k^2 / 4), a relative loss rate of (U k)^2 dt / 2.
// Advection-reflection reflects instead of projecting at the midpoint, so the gradient part is
// O(dt^2) when it is finally removed: the loss becomes second order.
#pragma once

#include <cmath>
#include <numbers>
#include <vector>

#include "billow/smoke_solver.hpp"

namespace billow::test {

struct TaylorGreen {
    uint32_t n = 64;  // cells per side
    float length = 1.0f;  // m
    float speed = 1.0f;   // U, m/s

    double k() const { return 2.0 * std::numbers::pi / length; }
    float h() const { return length / float(n); }
    // The relative energy the splitting loses per second without reflection (header comment).
    double splittingLossRate(double dt) const { return 0.5 * (speed * k()) * (speed * k()) * dt; }
    // The fraction of the energy that rate takes over `time` seconds (each step loses a fraction of
    // what is left, so it compounds: 1 - exp(-rate time)).
    double splittingLoss(double dt, double time) const { return 1.0 - std::exp(-splittingLossRate(dt) * time); }

    SmokeSettings settings() const {
        SmokeSettings s;
        s.nx = s.ny = n;
        s.cellSize = h();
        for (BoundarySide& side : s.boundaries) side.type = BoundaryType::Periodic;
        // An accurate projection, so what is measured is the splitting and the advection.
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureIterations = 20;
        s.pressureTolerance = 1e-6f;
        return s;
    }
    void upload(SmokeSolver& solver) const {
        std::vector<float> u(solver.fieldSize(SmokeField::VelocityX)), v(solver.fieldSize(SmokeField::VelocityY));
        const double hh = h(), kk = k();
        for (uint32_t j = 0; j < n; ++j)
            for (uint32_t i = 0; i <= n; ++i) {
                u[i + j * (n + 1)] = float(speed * std::sin(kk * i * hh) * std::cos(kk * (j + 0.5) * hh));
            }
        for (uint32_t j = 0; j <= n; ++j)
            for (uint32_t i = 0; i < n; ++i)
                v[i + j * n] = float(-speed * std::cos(kk * (i + 0.5) * hh) * std::sin(kk * j * hh));
        solver.upload(SmokeField::VelocityX, u);
        solver.upload(SmokeField::VelocityY, v);
    }
    // Kinetic energy per unit density, J/kg * m^2: sum over faces of u^2 / 2 times the cell area
    // (the duplicate periodic faces counted once).
    double energy(SmokeSolver& solver) const {
        const std::vector<float> u = solver.download(SmokeField::VelocityX), v = solver.download(SmokeField::VelocityY);
        double sum = 0.0;
        for (uint32_t j = 0; j < n; ++j)
            for (uint32_t i = 0; i < n; ++i) sum += double(u[i + j * (n + 1)]) * u[i + j * (n + 1)];
        for (uint32_t j = 0; j < n; ++j)
            for (uint32_t i = 0; i < n; ++i) sum += double(v[i + j * n]) * v[i + j * n];
        return 0.5 * sum * double(h()) * h();
    }
    // The fraction of the initial energy left after `steps` steps of dt.
    double retained(std::shared_ptr<Context> context, SmokeSettings settings, float dt, uint32_t steps) const {
        SmokeSolver solver(std::move(context), settings);
        upload(solver);
        const double e0 = energy(solver);
        solver.step(dt, steps);
        return energy(solver) / e0;
    }
};

} // namespace billow::test
