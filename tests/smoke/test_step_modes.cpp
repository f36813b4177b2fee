// Prescribed velocity (VelocityMode::Prescribed) and batched steps (step(dt, count)) in the 2D
// solver: the engine's velocity is never written and carries the scalars and dye as the reference
// does; N steps in one submission are bit for bit N single steps.
#include <cstring>
#include <random>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

class PrescribedVelocity : public KernelReferenceTest {};

// Every velocity-changing setting is on (viscosity, damping, speed clamp, buoyancy, confinement,
// reflection, a splat with velocity); none may touch the engine's velocity, and density,
// temperature and dye must move as the reference's semi-Lagrangian advection by it moves them.
TEST_P(PrescribedVelocity, CarriesTheScalarsAndDyeAndNeverWritesTheVelocity) {
    SmokeSettings settings = baseSettings();
    settings.velocityMode = VelocityMode::Prescribed;
    settings.viscosity = 0.01f;
    settings.velocityDamping = 1.0f;
    settings.maxSpeed = 0.5f;
    settings.densityWeight = 1.0f;
    settings.thermalExpansion = 0.01f;
    settings.vorticity = 0.5f;
    settings.advectionReflection = true;
    settings.pressureIterations = 3;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State expected = uploadRandom(s, g, 51);
    const VkBuffer bufferU = s.buffer(SmokeField::VelocityX), bufferV = s.buffer(SmokeField::VelocityY);
    const std::vector<float> u = s.download(SmokeField::VelocityX), v = s.download(SmokeField::VelocityY);
    Splat splat;
    splat.x = 1.8f;
    splat.y = 1.1f;
    splat.radius = 0.5f;
    splat.velocity = {3.0f, -2.0f};  // ignored; it adds no density, temperature or dye either
    s.addSplat(splat);
    const float dt = 0.1f;
    const int steps = 3;
    s.step(dt, steps);

    // Bit for bit, in the same buffers.
    EXPECT_EQ(s.buffer(SmokeField::VelocityX), bufferU);
    EXPECT_EQ(s.buffer(SmokeField::VelocityY), bufferV);
    const std::vector<float> uAfter = s.download(SmokeField::VelocityX), vAfter = s.download(SmokeField::VelocityY);
    EXPECT_EQ(std::memcmp(u.data(), uAfter.data(), u.size() * sizeof(float)), 0);
    EXPECT_EQ(std::memcmp(v.data(), vAfter.data(), v.size() * sizeof(float)), 0);

    const smoke_ref::State before = expected;
    for (int k = 0; k < steps; ++k) {
        const smoke_ref::Values densityBefore = expected.density;
        smoke_ref::advectScalars(g, expected, dt, settings.ambientTemperature);
        smoke_ref::advectDye(g, expected, dt);
        // The mass correction (SmokeSettings::massCorrection) acts by the prescribed velocity too.
        const double factor = smoke_ref::massCorrectionFactor(g, expected, densityBefore, expected.density, expected.u,
                                                              expected.v, dt);
        for (double& d : expected.density) d *= factor;
    }
    // test_kernels_transport's model per advection (position rounding in cells times the field's
    // range, plus the interpolation's rounding); advections pass earlier errors on unamplified
    // (convex weights), so three steps err by three times one.
    const double ub = velocityBound();
    const double position = 10.0 * kEps * (3.7 + dt * ub) * (1.0 + dt / g.h * 2.0 * ub);
    auto tolerance = [&](double cell, double range, double magnitude) {
        return steps * (position / cell * range + 8.0 * kEps * magnitude);
    };
    expectMatches("density", s.download(SmokeField::Density), expected.density, tolerance(g.h, 1.0, 1.0));
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature, tolerance(g.h, 40.0, 313.2));
    const double dyeCell = std::min(g.dyeHx(), g.dyeHy());
    expectMatches("dye", s.download(SmokeField::Dye), expected.dye, tolerance(dyeCell, 1.0, 1.0));
    double moved = 0.0;
    for (size_t k = 0; k < expected.dye.size(); ++k) moved = std::max(moved, std::abs(expected.dye[k] - before.dye[k]));
    EXPECT_GT(moved, 100.0 * tolerance(dyeCell, 1.0, 1.0)) << "the dye did not move";
}

INSTANTIATE_TEST_SUITE_P(Boundaries, PrescribedVelocity, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

class BatchedSteps : public GpuTest {};

std::vector<float> bits(SmokeSolver& s, SmokeField f) { return s.download(f); }

// A busy step (splats, buoyancy, confinement, MacCormack, reflection, viscosity, multigrid to a
// tolerance with residual reports: with reflection six reports in one submission wrap the four-slot
// ring), run as 3 steps in one submission and as 3 single steps: every field bit for bit equal.
TEST_F(BatchedSteps, AreBitIdenticalToSingleSteps) {
    for (bool reflection : {false, true}) {
        SCOPED_TRACE(reflection ? "with reflection" : "without reflection");
        SmokeSettings s;
        s.nx = 37;
        s.ny = 23;
        s.cellSize = 0.1f;
        s.dyeNx = 29;
        s.dyeNy = 41;
        s.densityWeight = 0.5f;
        s.thermalExpansion = 0.01f;
        s.vorticity = 0.3f;
        s.viscosity = 0.001f;
        s.velocityAdvection = s.scalarAdvection = s.dyeAdvection = AdvectionScheme::MacCormack;
        s.pressureSolver = PressureSolverType::Multigrid;
        s.pressureIterations = 4;
        s.pressureTolerance = 1e-4f;
        // Every V-cycle recorded every step: a step of a batch is sized from the reports finished
        // before the batch, a single step from the step before it (pressureIterationHeadroom).
        s.pressureIterationHeadroom = s.pressureIterations;
        s.trackPressureResidual = true;
        s.advectionReflection = reflection;
        s.boundaries[static_cast<int>(Side::Left)].type = BoundaryType::Inflow;
        s.boundaries[static_cast<int>(Side::Right)].type = BoundaryType::Outflow;
        SmokeSolver batched(context(), s), single(context(), s);
        for (SmokeSolver* solver : {&batched, &single}) {
            solver->addCircleObstacle(1.5f, 1.2f, 0.3f);
            Splat splat;
            splat.x = 1.0f;
            splat.y = 0.8f;
            splat.radius = 0.3f;
            splat.velocity = {1.0f, 2.0f};
            splat.density = 1.0f;
            splat.temperature = 30.0f;
            splat.dye = {1.0f, 0.5f, 0.2f, 1.0f};
            solver->addSplat(splat);
        }
        const float dt = 0.05f;
        batched.step(dt, 3);
        for (int k = 0; k < 3; ++k) single.step(dt);
        for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Density, SmokeField::Temperature, SmokeField::Dye,
                        SmokeField::Pressure, SmokeField::MidpointPressure}) {
            const std::vector<float> a = bits(batched, f), b = bits(single, f);
            ASSERT_EQ(a.size(), b.size());
            EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << fieldName(f);
        }
        EXPECT_EQ(batched.pressureResidual().iterations, single.pressureResidual().iterations);
    }
}

} // namespace
} // namespace billow::test
