// Prescribed velocity (VelocityMode::Prescribed) and batched steps (step(dt, count)) in the 3D
// solver: the engine's velocity is never written and carries density, temperature, fuel and colour
// as the reference does; N steps in one submission are bit for bit N single steps.
#include <cstring>

#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

class PrescribedVelocity3D : public KernelReferenceTest3D {};

// Every velocity-changing setting is on (viscosity, damping, speed clamp, buoyancy, confinement,
// reflection, an emitter pulling the velocity); none may touch the engine's velocity, and the cell
// fields must move as the reference's semi-Lagrangian advection by it moves them.
TEST_P(PrescribedVelocity3D, CarriesTheCellFieldsAndNeverWritesTheVelocity) {
    SmokeSettings3D settings = baseSettings();
    settings.velocityMode = VelocityMode::Prescribed;
    settings.viscosity = 0.01f;
    settings.velocityDamping = 1.0f;
    settings.maxSpeed = 0.5f;
    settings.densityWeight = 1.0f;
    settings.thermalExpansion = 0.01f;
    settings.vorticity = 0.5f;
    settings.advectionReflection = true;
    settings.pressureIterations = 3;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State expected = uploadRandom(s, 71);
    VkBuffer buffers[3];
    std::vector<float> before[3];
    for (int a = 0; a < 3; ++a) {
        buffers[a] = s.buffer(velocityField(a));
        before[a] = s.download(velocityField(a));
    }
    Emitter3D pull;  // pulls the velocity, adds nothing else
    pull.centre = {0.9f, 0.6f, 0.5f};
    pull.radius = 0.4f;
    pull.velocity = {2.0f, 3.0f, -1.0f};
    pull.velocityCoupling = 10.0f;
    s.setEmitters(std::span(&pull, 1));
    const float dt = 0.1f;
    const int steps = 3;
    s.step(dt, steps);
    s.setEmitters({});

    for (int a = 0; a < 3; ++a) {
        EXPECT_EQ(s.buffer(velocityField(a)), buffers[a]);
        const std::vector<float> after = s.download(velocityField(a));
        EXPECT_EQ(std::memcmp(before[a].data(), after.data(), after.size() * sizeof(float)), 0) << "axis " << a;
    }

    const ref::State start = expected;
    for (int k = 0; k < steps; ++k) {
        ref::advectAll(g, expected, settings, dt);
        expected.vel = start.vel;  // prescribed: the cell fields move, the velocity does not
    }
    // test_kernels3d_transport's model per advection (position rounding in cells times the field's
    // range, plus the interpolation's rounding), passed on unamplified: three steps err by three.
    const double ub = velocityBound();
    const double position = 12.0 * kEps * (kExtent3 + dt * ub) * (1.0 + dt / kCell3 * 2.0 * ub);
    auto tolerance = [&](double range, double magnitude) {
        return steps * (position / kCell3 * range + 10.0 * kEps * magnitude);
    };
    expectMatches("density", s.download(SmokeField3D::Density), expected.density, tolerance(1.0, 1.0));
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature, tolerance(40.0, 313.2));
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, tolerance(1.0, 1.0));
    expectMatches("colour", s.download(SmokeField3D::Colour), expected.colour, tolerance(1.0, 1.0));
    expectActs("colour", start.colour, expected.colour, tolerance(1.0, 1.0));
}

INSTANTIATE_TEST_SUITE_P(Boundaries, PrescribedVelocity3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

class BatchedSteps3D : public GpuTest {};

// A busy step (an emitter, buoyancy, confinement, MacCormack, reflection, viscosity, multigrid to a
// tolerance with residual reports: with reflection six reports in one submission wrap the
// four-slot ring), run as 3 steps in one submission and as 3 single steps: bit for bit equal.
TEST_F(BatchedSteps3D, AreBitIdenticalToSingleSteps) {
    for (bool reflection : {false, true}) {
        SCOPED_TRACE(reflection ? "with reflection" : "without reflection");
        SmokeSettings3D s;
        s.nx = 19;
        s.ny = 13;
        s.nz = 11;
        s.cellSize = 0.1f;
        s.colour = true;
        s.densityWeight = 0.5f;
        s.thermalExpansion = 0.01f;
        s.vorticity = 0.3f;
        s.viscosity = 0.001f;
        s.velocityAdvection = s.scalarAdvection = s.colourAdvection = AdvectionScheme::MacCormack;
        s.pressureSolver = PressureSolverType::Multigrid;
        s.pressureIterations = 4;
        s.pressureTolerance = 1e-4f;
        // Every V-cycle recorded every step: a step of a batch is sized from the reports finished
        // before the batch, a single step from the step before it (pressureIterationHeadroom).
        s.pressureIterationHeadroom = s.pressureIterations;
        s.trackPressureResidual = true;
        s.advectionReflection = reflection;
        s.boundaries[static_cast<int>(Side::Top)].type = BoundaryType::Outflow;
        Emitter3D plume;
        plume.centre = {0.9f, 0.2f, 0.5f};
        plume.radius = 0.2f;
        plume.velocity = {0.0f, 1.0f, 0.0f};
        plume.velocityCoupling = 5.0f;
        plume.density = 2.0f;
        plume.temperature = 200.0f;
        plume.colour = {1.0f, 0.5f, 0.2f, 1.0f};
        SmokeSolver3D batched(context(), s), single(context(), s);
        batched.setEmitters(std::span(&plume, 1));
        single.setEmitters(std::span(&plume, 1));
        const float dt = 0.05f;
        batched.step(dt, 3);
        for (int k = 0; k < 3; ++k) single.step(dt);
        for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density,
                          SmokeField3D::Temperature, SmokeField3D::Colour, SmokeField3D::Pressure, SmokeField3D::MidpointPressure}) {
            const std::vector<float> a = batched.download(f), b = single.download(f);
            ASSERT_EQ(a.size(), b.size());
            EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0) << fieldName(f);
        }
        EXPECT_EQ(batched.pressureResidual().iterations, single.pressureResidual().iterations);
    }
}

} // namespace
} // namespace billow::test
