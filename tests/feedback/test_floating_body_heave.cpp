// The heave of floating bodies (docs/floating-bodies.md, "Heave"): a box and a sphere released
// half a draft above their equilibrium in a still basin bob with a period no shorter than the
// undamped period without the water's inertia, T0 = 2 pi sqrt(m / (rho g A_wp)), and close to the
// period with the heave added mass, on every water model.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRho = 1000.0, kG = 9.81f;  // the settings' defaults (g as the float the GPU uses)

struct Heave {
    double period = 0.0;     // s: between the first and the second downward crossing of the equilibrium
    double halfPeriod = 0.0; // s: between the first downward and the first upward crossing
    double damping = 0.0;    // the damping ratio zeta from the first two swings' decrement
    int crossings = 0;       // crossings of the equilibrium within the record
};

// The crossings of the equilibrium height `rest` in the centre heights `z` (one per frame of dt),
// each placed by linear interpolation between the frames around it, and the swings between them.
Heave measure(const std::vector<double>& z, double dt, double rest) {
    std::vector<double> at;  // crossing times, s, alternately down and up (the record starts above)
    for (size_t k = 1; k < z.size(); ++k)
        if ((z[k - 1] - rest) * (z[k] - rest) < 0.0 || (z[k] == rest && z[k - 1] != rest))
            at.push_back((double(k - 1) + (rest - z[k - 1]) / (z[k] - z[k - 1])) * dt + dt);
    Heave h;
    h.crossings = static_cast<int>(at.size());
    if (at.size() >= 2) h.halfPeriod = at[1] - at[0];
    if (at.size() >= 3) h.period = at[2] - at[0];
    // The first swing below the equilibrium and the next above: their ratio r is exp(-pi zeta /
    // sqrt(1 - zeta^2)) per half period for a damped linear oscillator.
    if (at.size() >= 3) {
        double low = rest, high = rest;
        for (size_t k = 0; k < z.size(); ++k) {
            const double t = (double(k) + 1.0) * dt;
            if (t > at[0] && t < at[1]) low = std::min(low, z[k]);
            if (t > at[1] && t < at[2]) high = std::max(high, z[k]);
        }
        const double decrement = std::log((rest - low) / (high - rest));
        h.damping = decrement / std::sqrt(kPi * kPi + decrement * decrement);
    }
    return h;
}

// An 8 m square basin, 1 m deep, h = 0.125 m, walls all round. The body first rests in its
// centre as a Kinematic body at its floating equilibrium (centre height `rest`) while friction
// settles the depression it pushes into the water; then, without friction, it is released from
// rest half a draft higher, and its centre height is recorded for `seconds`, before the waves it
// radiates come back from the walls (8 m there and back at sqrt(g H) = 3.1 m/s: 2.5 s).
Heave bob(WaterModel model, FloatingBody body, double rest, double draft, double seconds) {
    WaterSettings s;
    s.nx = s.ny = 64;
    s.cellSize = 0.125f;
    s.model = model;
    s.friction = 0.9f;
    WaterSolver solver(sharedContext(), s);
    solver.upload(WaterField::Depth, std::vector<float>(size_t(s.nx) * s.ny, 1.0f));
    const double dt = 1.0 / 60.0;
    body.centre[2] = float(rest);
    body.motion = FloatingBodyMotion::Kinematic;
    solver.setBodies(std::span(&body, 1));
    for (int f = 0; f < 240; ++f) solver.step(float(dt));
    s.friction = 0.0f;
    solver.updateSettings(s);
    body.centre[2] = float(rest + 0.5 * draft);
    body.motion = FloatingBodyMotion::Simulated;
    solver.setBodies(std::span(&body, 1));
    std::vector<double> z;
    for (int f = 0; f < int(seconds / dt); ++f) {
        solver.step(float(dt));
        z.push_back(solver.bodies().value().bodies.at(0).centre[2]);
    }
    return measure(z, dt, rest);
}

const char* modelName(WaterModel m) {
    return m == WaterModel::VirtualPipes ? "VirtualPipes" : m == WaterModel::DepthPipes ? "DepthPipes" : "Momentum";
}

// The one-sided heave added mass of a disc of the waterplane's area (the solver's model).
double addedMass(double waterplane) { return kRho * 4.0 / 3.0 * std::pow(waterplane / kPi, 1.5); }

// The bounds (docs/floating-bodies.md, "Heave"):
//  - T >= T0 = 2 pi sqrt(m / (rho g A_wp)): the water's inertia only lengthens the period;
//  - T >= Ta = 2 pi sqrt((m + m_a) / (rho g A_wp)), m_a the solver's added mass: the shallow-water
//    coupling adds inertia of its own (the water under the body, which the contact drags along)
//    and radiation damping, and both lengthen the period further;
//  - T <= Tmax = 2 pi sqrt((m + m_a + rho A_wp (H - draft)) / (rho g A_wp)) / sqrt(1 - zeta^2):
//    the most the coupling can drag along is the water column under the body, and the damping
//    zeta measured from the first two swings lengthens a damped oscillator's period by
//    1 / sqrt(1 - zeta^2);
//  - zeta <= 0.5 and three crossings in 2.5 s: it bobs, it is not over-damped.
void checkPeriod(WaterModel model, const char* what, const FloatingBody& body, double rest, double draft, double waterplane) {
    const double m = body.mass, stiffness = kRho * kG * waterplane;
    const double T0 = 2.0 * kPi * std::sqrt(m / stiffness);
    const double ma = addedMass(waterplane);
    const double Ta = 2.0 * kPi * std::sqrt((m + ma) / stiffness);
    const Heave h = bob(model, body, rest, draft, 2.5);
    const double column = kRho * waterplane * (1.0 - draft);
    const double Tmax = 2.0 * kPi * std::sqrt((m + ma + column) / stiffness) / std::sqrt(1.0 - h.damping * h.damping);
    std::printf("%s %s: period %.4f s = %.3f T0 = %.3f Ta (T0 %.4f s, Ta %.4f s with m_a %.1f kg, Tmax %.4f s); "
                "damping ratio %.3f\n",
                modelName(model), what, h.period, h.period / T0, h.period / Ta, T0, Ta, ma, Tmax, h.damping);
    ASSERT_GE(h.crossings, 3);
    EXPECT_GE(h.period, T0);
    EXPECT_GE(h.period, Ta);
    EXPECT_LE(h.period, Tmax);
    EXPECT_LE(h.damping, 0.5);
}

class FloatingBodyHeave : public GpuTest, public testing::WithParamInterface<WaterModel> {};

TEST_P(FloatingBodyHeave, BoxBobsNoFasterThanWithoutTheWatersInertia) {
    FloatingBody box;
    box.shape = ColliderShape::Box;
    box.halfExtents = {0.5f, 0.5f, 0.5f};
    box.mass = 300.0f;
    const double draft = 0.3;  // m / (rho A)
    // The water it pushes aside raises the 64 m^2 basin's level by A draft / 64.
    const double level = 1.0 + draft / 64.0;
    box.centre = {4.0f, 4.0f, 0.0f};
    checkPeriod(GetParam(), "box", box, level - draft + 0.5, draft, 1.0);
}

TEST_P(FloatingBodyHeave, SphereBobsNoFasterThanWithoutTheWatersInertia) {
    FloatingBody sphere;
    sphere.shape = ColliderShape::Sphere;
    sphere.radius = 0.5f;
    sphere.mass = 150.0f;
    // The cap of volume m / rho: pi k^2 (3 R - k) / 3 = 0.15 m^3, solved by bisection.
    const double R = 0.5, volume = 0.15;
    double low = 0.0, high = 2.0 * R;
    for (int i = 0; i < 60; ++i) {
        const double k = 0.5 * (low + high);
        (kPi * k * k * (3.0 * R - k) / 3.0 < volume ? low : high) = k;
    }
    const double draft = low, waterplane = kPi * (R * R - (R - draft) * (R - draft));
    const double level = 1.0 + volume / 64.0;
    sphere.centre = {4.0f, 4.0f, 0.0f};
    checkPeriod(GetParam(), "sphere", sphere, level - draft + R, draft, waterplane);
}

INSTANTIATE_TEST_SUITE_P(Models, FloatingBodyHeave,
                         testing::Values(WaterModel::VirtualPipes, WaterModel::DepthPipes, WaterModel::Momentum),
                         [](const testing::TestParamInfo<WaterModel>& info) { return std::string(modelName(info.param)); });

} // namespace
} // namespace billow::test
