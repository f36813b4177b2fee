// advect_velocity, advect_scalars, advect_dye (semi-Lagrangian) and diffuse_velocity /
// diffuse_dye against the double-precision reference (tests/reference), for every boundary
// configuration, on a 37 x 23 grid with random inputs and obstacles. Tolerances follow the
// round-off model in test_kernels_harness.hpp.
#include <algorithm>
#include <cmath>

#include "test_kernels_harness.hpp"

namespace eddy::test {
namespace {

class TransportKernels : public KernelReferenceTest {};

TEST_P(TransportKernels, SemiLagrangianAdvectionOfEveryField) {
    SmokeSettings settings = baseSettings();
    SmokeSolver& s = solver(settings);
    const ref::RefGrid g = ref::RefGrid::fromSettings(settings);
    ref::RefFields f = uploadRandom(s, g, 21);
    const float dt = 0.15f;  // back-traces of up to ~5 cells: the clamps and wraps are reached
    s.stepPass(Pass::Advect, dt);

    ref::RefFields expected = f;
    ref::advectAll(g, expected, dt, settings.ambientTemperature);

    // A sample is taken at a back-traced position the GPU computes in float: ~10 roundings of
    // coordinates up to the extent X (3.7 m plus the trace), and the midpoint's position error
    // moves the final one by dt/h times the velocity's change per cell (2 * velocityBound()).
    // That position error, in the sampled grid's cells, times the field's change per cell (its
    // range, for random data), plus the interpolation's own rounding (8 eps of its magnitude).
    const double ub = velocityBound();
    const double extent = 3.7 + dt * ub;
    const double position = 10.0 * kEps * extent * (1.0 + dt / g.h * 2.0 * ub);
    auto tolerance = [&](double cell, double range, double magnitude) {
        return position / cell * range + 8.0 * kEps * magnitude;
    };
    expectMatches("u", s.download(Field::VelocityX), expected.u, tolerance(g.h, 2.0 * ub, ub));
    expectMatches("v", s.download(Field::VelocityY), expected.v, tolerance(g.h, 2.0 * ub, ub));
    expectMatches("density", s.download(Field::Density), expected.density, tolerance(g.h, 1.0, 1.0));
    // Temperatures span ambient +- 20 K (inflows 280 and 310 K inside it), magnitude ~313 K.
    expectMatches("temperature", s.download(Field::Temperature), expected.temperature, tolerance(g.h, 40.0, 313.2));
    expectMatches("dye", s.download(Field::Dye), expected.dye, tolerance(std::min(g.dyeHx(), g.dyeHy()), 1.0, 1.0));
}

TEST_P(TransportKernels, JacobiDiffusionOfVelocityAndDye) {
    for (uint32_t sweeps : {1u, 3u}) {
        SCOPED_TRACE(testing::Message() << sweeps << " sweeps");
        SmokeSettings settings = baseSettings();
        settings.viscosity = 0.05f;
        settings.dyeDiffusion = 0.02f;
        settings.diffusionIterations = sweeps;
        SmokeSolver& s = solver(settings);
        const ref::RefGrid g = ref::RefGrid::fromSettings(settings);
        ref::RefFields f = uploadRandom(s, g, 22 + sweeps);
        const float dt = 0.05f;
        s.stepPass(Pass::Diffuse, dt);

        ref::RefFields expected = f;
        const double ddt = dt;
        ref::diffuseVelocity(g, expected, settings.viscosity * ddt / (g.h * g.h), int(sweeps));
        ref::diffuseDye(g, expected, settings.dyeDiffusion * ddt / (g.dyeHx() * g.dyeHx()),
                        settings.dyeDiffusion * ddt / (g.dyeHy() * g.dyeHy()), int(sweeps));
        // A sweep is a weighted mean of the right-hand side and four neighbours (~12 operations,
        // the coefficients' own host rounding included) on values bounded by velocityBound() (dye:
        // 1); it does not amplify earlier errors, so they add up over the sweeps.
        const double perSweep = 12.0 * kEps;
        expectMatches("u", s.download(Field::VelocityX), expected.u, perSweep * sweeps * velocityBound());
        expectMatches("v", s.download(Field::VelocityY), expected.v, perSweep * sweeps * velocityBound());
        expectMatches("dye", s.download(Field::Dye), expected.dye, perSweep * sweeps);
    }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, TransportKernels, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace eddy::test
