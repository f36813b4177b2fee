// The 3D solver's Divergence (with the combustion's expansion source), PressureSolve (damped
// Jacobi sweeps of the 7-point equation) and SubtractGradient passes against the double-precision
// reference (tests/reference/smoke3d), for every boundary configuration, on a 19 x 13 x 11 grid
// with random inputs and obstacles. Tolerances follow the round-off model in
// support/kernel_harness3d.hpp.
#include <algorithm>
#include <cmath>

#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

class ProjectionKernels3D : public KernelReferenceTest3D {};

SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

TEST_P(ProjectionKernels3D, DivergenceIsTheNetFlux) {
    SmokeSolver3D& s = solver(baseSettings());
    const ref::Grid g(s.settings());
    ref::State f = uploadRandom(s, 31);
    s.stepPass(SmokePass3D::Divergence, 0.05f);
    ref::divergence(g, f);
    // Six fluxes w u + (1 - w) s (|u|, |s| <= 1.2: ~4 roundings each of magnitude 1.2), summed
    // (6 more), times 1/h: ~32 roundings of 1.2 / h.
    expectMatches("divergence", s.download(SmokeField3D::Divergence), f.divergence, 32.0 * kEps * 1.2 / g.h);
}

TEST_P(ProjectionKernels3D, DivergenceSubtractsTheExpansionOfBurningFuel) {
    SmokeSettings3D settings = baseSettings();
    settings.combustion.enabled = true;
    settings.combustion.ignitionTemperature = 296.0f;
    settings.combustion.expansion = 0.8f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 32);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Combustion, dt);
    s.stepPass(SmokePass3D::Divergence, dt);

    ref::combustion(g, f, settings.combustion, dt);
    const ref::Values source = f.expansionSource;
    ref::divergence(g, f, &source);
    // The flux as above, plus the source: burnt (6 eps of fuel <= 1) times expansion / dt, and
    // its own two roundings.
    const double sourceMagnitude = settings.combustion.expansion / dt;
    ref::State withoutSource = f;
    ref::divergence(g, withoutSource);
    expectActs("divergence", withoutSource.divergence, f.divergence, 32.0 * kEps * 1.2 / g.h + 10.0 * kEps * sourceMagnitude);
    expectMatches("divergence", s.download(SmokeField3D::Divergence), f.divergence,
                  32.0 * kEps * 1.2 / g.h + 10.0 * kEps * sourceMagnitude);
}

// With obstacles, and without (then the sweeps take the faces between cells as open and read the
// weights only on the grid's sides: the kernel's second variant).
TEST_P(ProjectionKernels3D, DampedJacobiPressureSweeps) {
    for (bool obstacles : {true, false})
    for (uint32_t sweeps : {1u, 4u}) {
        SCOPED_TRACE(testing::Message() << sweeps << " sweeps, " << (obstacles ? "with" : "without") << " obstacles");
        SmokeSettings3D settings = baseSettings();
        settings.pressureSolver = PressureSolverType::Jacobi;
        settings.pressureIterations = sweeps;
        SmokeSolver3D& s = solver(settings);
        if (!obstacles) s.clearObstacles();
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 33 + sweeps);
        const float dt = 0.05f;
        s.stepPass(SmokePass3D::PressureSolve, dt);

        // Relaxation 0.8: documented in PressureSolverType::Jacobi.
        const double rhsScale = g.h * g.h / dt;
        ref::State expected = f;
        double tolerance = 0.0;
        for (uint32_t sweep = 0; sweep < sweeps; ++sweep) {
            // A sweep rounds (sum_f w_f |p_f| + |rhs|) / W and |p| at ~12 eps each (six terms).
            // Errors already present are not amplified (the update is a convex combination of p
            // and a weighted mean), so the bound adds up over the sweeps.
            const double p = maxAbs(expected.pressure);
            double worst = 0.0;
            ref::forEach(g.n, [&](ref::Index c) {
                double weight = 0.0;
                for (int a = 0; a < 3; ++a) {
                    ref::Index hi = c;
                    ++hi[a];
                    weight += f.open[a][g.face(a, c)] + f.open[a][g.face(a, hi)];
                }
                if (weight == 0.0) return;
                worst = std::max(worst, p + (weight * p + rhsScale * std::abs(f.divergence[g.cell(c)])) / weight);
            });
            tolerance += 12.0 * kEps * worst;
            ref::pressureJacobi(g, expected, rhsScale, 0.8, 1);
        }
        expectMatches("pressure", s.download(SmokeField3D::Pressure), expected.pressure, tolerance);
        expectActs("pressure", f.pressure, expected.pressure, tolerance);
    }
}

TEST_P(ProjectionKernels3D, SubtractGradientAndPrescribedFaces) {
    SmokeSolver3D& s = solver(baseSettings());
    const ref::Grid g(s.settings());
    ref::State f = uploadRandom(s, 35);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::SubtractGradient, dt);
    const ref::State before = f;
    ref::subtractGradient(g, f, dt);
    // u - dt/h (p1 - p0) with |u| <= 1, |p| <= 1: ~4 operations on terms up to 1 + 2 dt/h.
    const double tolerance = 8.0 * kEps * (1.0 + 2.0 * dt / g.h);
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> gpu = s.download(velocityField(a));
        expectMatches(std::string("velocity ") + "xyz"[a], gpu, f.vel[a], tolerance);
        expectActs(std::string("velocity ") + "xyz"[a], before.vel[a], f.vel[a], tolerance);
        // Closed faces carry exactly their solid velocity (the reference's value is a float).
        for (size_t k = 0; k < gpu.size(); ++k)
            if (f.open[a][k] == 0.0) {
                ASSERT_EQ(double(gpu[k]), f.vel[a][k]) << "closed face " << k << " normal to " << a;
            }
    }
}

// A moving, spinning collider (once the Colliders pass rasterises it) closes faces in part or in
// whole and gives them its surface velocity: the divergence takes open u + (1 - open) s through
// each face and the gradient subtraction sets closed faces to exactly s. Checked with the open
// fractions and solid velocities the solver derived (their rasterisation is the colliders'
// business), on the same bounds as the static cases, |s| <= 1.2 m/s.
TEST_P(ProjectionKernels3D, CollidersSolidVelocityInDivergenceAndGradient) {
    SmokeSolver3D& s = solver(baseSettings());
    const ref::Grid g(s.settings());
    Collider ball;
    ball.shape = ColliderShape::Sphere;
    ball.centre = {0.9f, 0.6f, 0.5f};
    ball.radius = 0.27f;
    ball.velocity = {0.5f, -0.3f, 0.2f};
    ball.angularVelocity = {0.4f, 0.9f, -0.6f};  // surface speeds up to 0.62 + 0.30 m/s
    s.setColliders({&ball, 1});
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Colliders, dt);
    ref::State f = uploadRandom(s, 36);
    s.setColliders({});
    size_t moving = 0;
    const std::array<ref::Values, 3> still = ref::staticSolidVelocity(g);
    for (int a = 0; a < 3; ++a)
        for (size_t k = 0; k < still[a].size(); ++k) moving += f.solidVelocity[a][k] != still[a][k];
    if (moving == 0) GTEST_SKIP() << "the Colliders pass gave no face the collider's velocity (no rasterisation yet)";
    s.stepPass(SmokePass3D::Divergence, dt);
    ref::State expected = f;
    ref::divergence(g, expected, nullptr, &f.solidVelocity);
    expectMatches("divergence", s.download(SmokeField3D::Divergence), expected.divergence, 32.0 * kEps * 1.2 / g.h);

    s.stepPass(SmokePass3D::SubtractGradient, dt);
    expected = f;
    ref::subtractGradient(g, expected, dt, &f.solidVelocity);
    const double tolerance = 8.0 * kEps * (1.2 + 2.0 * dt / g.h);
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> gpu = s.download(velocityField(a));
        expectMatches(std::string("velocity ") + "xyz"[a], gpu, expected.vel[a], tolerance);
        for (size_t k = 0; k < gpu.size(); ++k)
            if (f.open[a][k] == 0.0) {
                ASSERT_EQ(double(gpu[k]), f.solidVelocity[a][k]) << "closed face " << k << " normal to " << a;
            }
    }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ProjectionKernels3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

} // namespace
} // namespace billow::test
