// divergence, pressure_jacobi and subtract_gradient against the double-precision reference
// (tests/reference/smoke), for every boundary configuration, on a 37 x 23 grid with random inputs
// and obstacles. Tolerances follow the round-off model in support/kernel_harness.hpp.
#include <algorithm>
#include <cmath>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

class ProjectionKernels : public KernelReferenceTest {};

TEST_P(ProjectionKernels, DivergenceIsTheNetFlux) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f = uploadRandom(s, g, 31);
    s.stepPass(SmokePass::Divergence, 0.05f);
    smoke_ref::divergence(g, f);
    // Four products of an area (<= 1) and a velocity (<= 1), summed, times 1/h: ~8 operations.
    expectMatches("divergence", s.download(SmokeField::Divergence), f.divergence, 8.0 * kEps * 4.0 / g.h);
}

// With obstacles, and without (then the sweeps take the faces between cells as open and keep no
// weights: the kernel's second variant). 1 sweep, and 11 = one dispatch of BILLOW_JACOBI_SWEEPS
// (8) shared-memory sweeps plus one of 3.
TEST_P(ProjectionKernels, DampedJacobiPressureSweeps) {
    for (bool obstacles : {true, false})
    for (uint32_t sweeps : {1u, 11u}) {
        SCOPED_TRACE(testing::Message() << sweeps << " sweeps, " << (obstacles ? "with" : "without") << " obstacles");
        SmokeSettings settings = baseSettings();
        settings.pressureIterations = sweeps;
        SmokeSolver& s = solver(settings);
        if (!obstacles) s.clearObstacles();
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 32 + sweeps);
        const float dt = 0.05f;
        s.stepPass(SmokePass::PressureSolve, dt);

        // Relaxation 0.8: documented in PressureSolverType::Jacobi.
        const double rhsScale = g.h * g.h / dt;
        smoke_ref::State expected = f;
        double tolerance = 0.0;
        for (uint32_t k = 0; k < sweeps; ++k) {
            // A sweep rounds (sum_f w_f |p_f| + |rhs|) / W and |p| at ~8 eps each. Errors already
            // present are not amplified (the update is a convex combination of p and a weighted
            // mean), so the bound adds up over the sweeps.
            double worst = 0.0;
            for (int j = 0; j < g.ny; ++j)
                for (int i = 0; i < g.nx; ++i) {
                    const double w[4] = {f.openX[g.u(i, j)], f.openX[g.u(i + 1, j)], f.openY[g.v(i, j)], f.openY[g.v(i, j + 1)]};
                    const double weight = w[0] + w[1] + w[2] + w[3];
                    if (weight == 0.0) continue;
                    const double terms = (weight * maxAbs(expected.pressure) + rhsScale * std::abs(f.divergence[g.cell(i, j)])) / weight;
                    worst = std::max(worst, maxAbs(expected.pressure) + terms);
                }
            tolerance += 8.0 * kEps * worst;
            smoke_ref::pressureJacobi(g, expected, rhsScale, 0.8, 1);
        }
        expectMatches("pressure", s.download(SmokeField::Pressure), expected.pressure, tolerance);
    }
}

TEST_P(ProjectionKernels, SubtractGradientAndPrescribedFaces) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f = uploadRandom(s, g, 33);
    const float dt = 0.05f;
    s.stepPass(SmokePass::SubtractGradient, dt);
    smoke_ref::subtractGradient(g, f, dt);
    // u - dt/h (p1 - p0) with |u| <= 1, |p| <= 1: ~4 operations on terms up to 1 + 2 dt/h.
    const double tolerance = 8.0 * kEps * (1.0 + 2.0 * dt / g.h);
    const std::vector<float> u = s.download(SmokeField::VelocityX), v = s.download(SmokeField::VelocityY);
    expectMatches("u", u, f.u, tolerance);
    expectMatches("v", v, f.v, tolerance);
    // Closed faces carry exactly their prescribed velocity (the reference's value is a float).
    for (size_t k = 0; k < u.size(); ++k)
        if (f.openX[k] == 0.0) {
            ASSERT_EQ(double(u[k]), f.u[k]) << "closed x-face " << k;
        }
    for (size_t k = 0; k < v.size(); ++k)
        if (f.openY[k] == 0.0) {
            ASSERT_EQ(double(v[k]), f.v[k]) << "closed y-face " << k;
        }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ProjectionKernels, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace billow::test
