// What the 2D and 3D invariant tests of a fluid at rest and of a closed puff share: the settings
// (buoyancy from temperature, the projection converged to a relative residual of 1e-6) and the
// bounds at rest (Invariants.StratifiedFluidAtRestStaysAtRest derives them).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <vector>

#include "billow/billow.hpp"

namespace billow::test {

// SmokeSettings or SmokeSettings3D: buoyancy 1/300 per K, MultigridPCG to 1e-6 (at most 200
// iterations), so the velocity a step leaves is divergence-free to that tolerance.
template <class Settings>
void convergedBuoyantSettings(Settings& s) {
    s.thermalExpansion = 1.0f / 300.0f;
    s.pressureSolver = PressureSolverType::MultigridPCG;
    s.pressureIterations = 200;
    s.pressureTolerance = 1e-6f;
}

struct RestBounds {
    double speed;        // m/s
    double temperature;  // K
};

// After `steps` steps of dt in a box stratified by `gradient` K/m over `height` m above `ambient`,
// with the solve's relative tolerance `tolerance` and buoyancy `thermalExpansion` per K (g = 9.81).
inline RestBounds restBounds(int steps, double dt, double thermalExpansion, double gradient, double height, double ambient,
                             double tolerance) {
    constexpr double eps = 1.0 / (1 << 24);
    const double dTmax = gradient * height;
    const double du = dt * 9.81 * thermalExpansion * dTmax;
    const double speed = steps * 10.0 * (tolerance + 8.0 * eps) * du;
    const double ulp = std::ldexp(1.0, std::ilogb(ambient + dTmax) - 23);
    return {speed, steps * (gradient * speed * dt + 2.0 * ulp)};
}

// The fluid at rest after the steps: every velocity component within bound.speed, and the
// temperature of every cell that is not wholly solid within bound.temperature of where it began.
inline void expectAtRest(const char* name, std::initializer_list<std::vector<float>> velocity,
                         const std::vector<float>& temperature, const std::vector<float>& temperatureBefore,
                         const std::vector<float>& solid, const RestBounds& bound) {
    double speed = 0.0, drift = 0.0;
    for (const std::vector<float>& component : velocity)
        for (float x : component) speed = std::max(speed, double(std::abs(x)));
    for (size_t i = 0; i < temperature.size(); ++i)
        if (solid[i] < 1.0f) drift = std::max(drift, std::abs(double(temperature[i]) - temperatureBefore[i]));
    std::printf("%s: |u| %.3g m/s (bound %.3g), |T - T0| %.3g K (bound %.3g)\n", name, speed, bound.speed, drift,
                bound.temperature);
    EXPECT_LE(speed, bound.speed);
    EXPECT_LE(drift, bound.temperature);
}

// A field's total (in double) after `steps` steps of dt, over `before`: SmokeSolver with a SmokeField,
// or SmokeSolver3D with a SmokeField3D.
template <class Solver, class FieldId>
double totalRatioAfterSteps(Solver& solver, FieldId field, double before, int steps, float dt) {
    for (int step = 0; step < steps; ++step) solver.step(dt);
    double total = 0.0;
    for (float x : solver.download(field)) total += x;
    return total / before;
}

} // namespace billow::test
