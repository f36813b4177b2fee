// The Arnold-Beltrami-Childress flow on a periodic cube, the smooth 3D flow of the energy tests
// (test_reflection3d.cpp) and of docs/accuracy.md's table: with k = 2 pi / L and amplitude a,
//   u = a (sin kz + cos ky),  v = a (sin kx + cos kz),  w = a (sin ky + cos kx).
// Its curl is k u (a Beltrami field), so (u . grad) u = grad(|u|^2 / 2) - u x curl u is a pure
// gradient: a steady solution of the Euler equations whose exact energy stays E0 without
// viscosity. Each component is independent of its own axis, so sampled at the MAC faces it is
// exactly divergence-free discretely, and all three components and axes take part.
//
// The splitting loss (taylor_green.hpp's argument): one step adds the gradient part
// g = dt grad q, q = |u|^2 / 2, which the projection removes with its energy. Means over the box:
// |u|^2 = 3 a^2 and |grad q|^2 = 3 a^4 k^2 / 2, so the relative loss rate is (a k)^2 dt / 2.
#pragma once

#include <cmath>
#include <numbers>
#include <vector>

#include "billow/smoke3d_solver.hpp"

namespace billow::test {

struct AbcFlow {
    uint32_t n = 16;       // cells per side
    float length = 1.0f;   // m
    float amplitude = 0.5f;  // a, m/s (speeds up to 2a per component)

    double k() const { return 2.0 * std::numbers::pi / length; }
    float h() const { return length / float(n); }
    double splittingLossRate(double dt) const { return 0.5 * (amplitude * k()) * (amplitude * k()) * dt; }
    // The fraction of the energy that rate takes over `time` seconds (compounded per step).
    double splittingLoss(double dt, double time) const { return 1.0 - std::exp(-splittingLossRate(dt) * time); }

    SmokeSettings3D settings() const {
        SmokeSettings3D s;
        s.nx = s.ny = s.nz = n;
        s.cellSize = h();
        for (BoundarySide3D& side : s.boundaries) side.type = BoundaryType::Periodic;
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureIterations = 20;
        s.pressureTolerance = 1e-6f;
        return s;
    }
    // Component `axis` at face (i, j, k) of that axis (the face's own coordinate on its axis, the
    // cell centres' on the others).
    float component(int axis, uint32_t i, uint32_t j, uint32_t kk) const {
        const double hh = h(), x = (i + (axis == 0 ? 0.0 : 0.5)) * hh, y = (j + (axis == 1 ? 0.0 : 0.5)) * hh,
                     z = (kk + (axis == 2 ? 0.0 : 0.5)) * hh, q = k(), a = amplitude;
        if (axis == 0) return float(a * (std::sin(q * z) + std::cos(q * y)));
        if (axis == 1) return float(a * (std::sin(q * x) + std::cos(q * z)));
        return float(a * (std::sin(q * y) + std::cos(q * x)));
    }
    static SmokeField3D field(int axis) { return axis == 0 ? SmokeField3D::VelocityX : axis == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }
    // Face counts of an axis: one more layer along it.
    void counts(int axis, uint32_t c[3]) const {
        for (int b = 0; b < 3; ++b) c[b] = n + (b == axis ? 1 : 0);
    }
    void upload(SmokeSolver3D& solver) const {
        for (int axis = 0; axis < 3; ++axis) {
            uint32_t c[3];
            counts(axis, c);
            std::vector<float> values(solver.fieldSize(field(axis)));
            for (uint32_t kk = 0; kk < c[2]; ++kk)
                for (uint32_t j = 0; j < c[1]; ++j)
                    for (uint32_t i = 0; i < c[0]; ++i) values[i + c[0] * (j + c[1] * kk)] = component(axis, i, j, kk);
            solver.upload(field(axis), values);
        }
    }
    // Kinetic energy per unit density: sum of u^2 / 2 h^3 over the faces (duplicate periodic
    // layers counted once).
    double energy(SmokeSolver3D& solver) const {
        double sum = 0.0;
        for (int axis = 0; axis < 3; ++axis) {
            uint32_t c[3];
            counts(axis, c);
            const std::vector<float> values = solver.download(field(axis));
            for (uint32_t kk = 0; kk < n; ++kk)
                for (uint32_t j = 0; j < n; ++j)
                    for (uint32_t i = 0; i < n; ++i) {
                        const double u = values[i + c[0] * (j + c[1] * kk)];
                        sum += u * u;
                    }
        }
        const double hh = h();
        return 0.5 * sum * hh * hh * hh;
    }
    double retained(std::shared_ptr<Context> context, SmokeSettings3D settings, float dt, uint32_t steps) const {
        SmokeSolver3D solver(std::move(context), settings);
        upload(solver);
        const double e0 = energy(solver);
        solver.step(dt, steps);
        return energy(solver) / e0;
    }
};

} // namespace billow::test
