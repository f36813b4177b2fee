// The forces and torques on the moving colliders (colliderForces(), billow/collider_forces.hpp;
// docs/collider-forces.md), 2D and 3D:
// - the kernel against the double-precision reference (tests/reference/feedback) on random
//   pressures and velocities and overlapping, rotated, spinning colliders, one across a side, on
//   grids that are not multiples of the workgroup (37 x 23, 19 x 13 x 11);
// - a fluid at rest under a uniform body force (uniform smoke with densityWeight): the projection
//   leaves the hydrostatic pressure, and a still disc (sphere) feels rho g V up, no lateral force,
//   no torque, within a discretisation error that halves with the cell size;
// - a disc (sphere) moving on the symmetry axis of a closed box: no lateral force, the drag (and
//   the skin friction) against its motion;
// - bad fluidDensity, the step tags, no report before any collider and an empty one after the set
//   emptied.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>

#include "reference/feedback/collider_forces.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

using feedback_ref::Fields;
using feedback_ref::Grid;

constexpr double kPi = std::numbers::pi;

Collider sphere(std::array<float, 3> centre, float radius, std::array<float, 3> velocity,
                std::array<float, 3> spin) {
    Collider c;
    c.shape = ColliderShape::Sphere;
    c.centre = centre;
    c.radius = radius;
    c.velocity = velocity;
    c.angularVelocity = spin;
    return c;
}

Collider box(std::array<float, 3> centre, std::array<float, 3> halfExtents, std::array<float, 4> orientation,
             std::array<float, 3> velocity, std::array<float, 3> spin) {
    Collider c;
    c.shape = ColliderShape::Box;
    c.centre = centre;
    c.halfExtents = halfExtents;
    c.orientation = orientation;
    c.velocity = velocity;
    c.angularVelocity = spin;
    return c;
}

Collider capsule(std::array<float, 3> centre, float halfLength, float radius, std::array<float, 4> orientation,
                 std::array<float, 3> velocity, std::array<float, 3> spin) {
    Collider c;
    c.shape = ColliderShape::Capsule;
    c.centre = centre;
    c.halfLength = halfLength;
    c.radius = radius;
    c.orientation = orientation;
    c.velocity = velocity;
    c.angularVelocity = spin;
    return c;
}

// The unit quaternion of a rotation by `radians` about the unit axis (x, y, z).
std::array<float, 4> rotation(float x, float y, float z, float radians) {
    const float s = std::sin(radians / 2.0f), n = std::sqrt(x * x + y * y + z * z);
    return {x / n * s, y / n * s, z / n * s, std::cos(radians / 2.0f)};
}

std::vector<float> randomField(size_t n, std::mt19937& rng, float scale) {
    std::uniform_real_distribution<float> value(-scale, scale);
    std::vector<float> out(n);
    for (float& x : out) x = value(rng);
    return out;
}

// The kernel's float sums against the reference's double ones: each cell's coverage comes from a
// float signed distance (coordinates below 4 m: an absolute error of a few 1e-7 m, over h = 0.1 m
// a few 1e-6 of a face's closed fraction), and the sums add a few hundred terms in float
// (relative 1e-7 each). 1e-4 of the sum of the terms' magnitudes bounds both with a margin of
// ten; the volume likewise, 1e-4 of itself plus a cell's 1e-6.
void expectMatches(const ColliderForce& gpu, const feedback_ref::Force& ref, double cellVolume, const std::string& what) {
    const double tolerance = 1e-4 * ref.magnitude + 1e-9;
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(gpu.force[a], ref.force[a], tolerance) << what << " force[" << a << "]";
        EXPECT_NEAR(gpu.torque[a], ref.torque[a], tolerance) << what << " torque[" << a << "]";
        EXPECT_NEAR(gpu.pressureForce[a], ref.pressureForce[a], tolerance) << what << " pressureForce[" << a << "]";
        EXPECT_NEAR(gpu.viscousForce[a], ref.viscousForce[a], tolerance) << what << " viscousForce[" << a << "]";
    }
    EXPECT_NEAR(gpu.volume, ref.volume, 1e-4 * ref.volume + 1e-6 * cellVolume) << what << " volume";
}

class ColliderForces : public GpuTest {};

// The 2D kernel on 37 x 23 cells of 0.1 m: the velocity prescribed (a step then leaves the
// uploaded velocity and pressure alone), random fields, four colliders (two overlapping, one
// across the right side, one wholly outside the domain), skin friction on.
TEST_F(ColliderForces, Kernel2DMatchesReference) {
    SmokeSettings settings;
    settings.nx = 37;
    settings.ny = 23;
    settings.cellSize = 0.1f;
    settings.velocityMode = VelocityMode::Prescribed;
    settings.viscosity = 0.37f;
    settings.fluidDensity = 1.3f;
    SmokeSolver solver(context(), settings);
    std::mt19937 rng(7);
    Fields fields{randomField(solver.fieldSize(SmokeField::Pressure), rng, 2.0f),
                  randomField(solver.fieldSize(SmokeField::VelocityX), rng, 1.5f),
                  randomField(solver.fieldSize(SmokeField::VelocityY), rng, 1.5f),
                  {}};
    solver.upload(SmokeField::Pressure, fields.p);
    solver.upload(SmokeField::VelocityX, fields.u);
    solver.upload(SmokeField::VelocityY, fields.v);
    const std::vector<Collider> colliders = {
        sphere({0.93f, 0.81f, 0.3f}, 0.43f, {0.7f, -0.3f, 0.0f}, {0.0f, 0.0f, 1.3f}),
        box({1.27f, 1.02f, -1.0f}, {0.52f, 0.27f, 0.05f}, rotationAboutZ(0.61f), {-0.4f, 0.5f, 0.0f}, {0.0f, 0.0f, -2.1f}),
        capsule({3.48f, 1.33f, 2.0f}, 0.41f, 0.21f, rotationAboutZ(-0.93f), {0.3f, 0.8f, 0.0f}, {0.0f, 0.0f, 0.7f}),
        sphere({-1.0f, 1.0f, 0.0f}, 0.2f, {0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}),
    };
    solver.setColliders(colliders);
    solver.step(0.01f);
    const auto report = solver.colliderForces();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, solver.stepsRecorded());
    ASSERT_EQ(report->colliders.size(), colliders.size());
    const Grid grid{37, 23, 1, true, 0.1};
    for (size_t k = 0; k < colliders.size(); ++k) {
        const auto ref = feedback_ref::colliderForce(grid, fields, colliders[k], 1.3, 0.37);
        expectMatches(report->colliders[k], ref, 0.01, "collider " + std::to_string(k));
        EXPECT_EQ(report->colliders[k].force[2], 0.0f);
    }
    // The one outside the domain touches no cell.
    EXPECT_EQ(report->colliders[3].volume, 0.0f);
    EXPECT_EQ(report->colliders[3].force[0], 0.0f);
}

// The 3D kernel on 19 x 13 x 11 cells of 0.1 m, likewise: rotated about oblique axes, spinning,
// one across the top side.
TEST_F(ColliderForces, Kernel3DMatchesReference) {
    SmokeSettings3D settings;
    settings.nx = 19;
    settings.ny = 13;
    settings.nz = 11;
    settings.cellSize = 0.1f;
    settings.velocityMode = VelocityMode::Prescribed;
    settings.viscosity = 0.21f;
    settings.fluidDensity = 0.9f;
    SmokeSolver3D solver(context(), settings);
    std::mt19937 rng(11);
    Fields fields{randomField(solver.fieldSize(SmokeField3D::Pressure), rng, 2.0f),
                  randomField(solver.fieldSize(SmokeField3D::VelocityX), rng, 1.5f),
                  randomField(solver.fieldSize(SmokeField3D::VelocityY), rng, 1.5f),
                  randomField(solver.fieldSize(SmokeField3D::VelocityZ), rng, 1.5f)};
    solver.upload(SmokeField3D::Pressure, fields.p);
    solver.upload(SmokeField3D::VelocityX, fields.u);
    solver.upload(SmokeField3D::VelocityY, fields.v);
    solver.upload(SmokeField3D::VelocityZ, fields.w);
    const std::vector<Collider> colliders = {
        sphere({0.63f, 0.58f, 0.51f}, 0.31f, {0.7f, -0.3f, 0.2f}, {0.4f, -1.1f, 1.3f}),
        box({0.97f, 0.62f, 0.47f}, {0.33f, 0.17f, 0.21f}, rotation(0.3f, 0.8f, -0.5f, 0.9f), {-0.4f, 0.5f, 0.1f},
            {1.2f, 0.3f, -2.1f}),
        capsule({1.41f, 1.22f, 0.55f}, 0.27f, 0.16f, rotation(-0.6f, 0.2f, 0.7f, 1.4f), {0.3f, 0.8f, -0.6f},
                {0.0f, 0.9f, 0.7f}),
    };
    solver.setColliders(colliders);
    solver.step(0.01f);
    const auto report = solver.colliderForces();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, solver.stepsRecorded());
    ASSERT_EQ(report->colliders.size(), colliders.size());
    const Grid grid{19, 13, 11, false, 0.1};
    for (size_t k = 0; k < colliders.size(); ++k) {
        const auto ref = feedback_ref::colliderForce(grid, fields, colliders[k], 0.9, 0.21);
        expectMatches(report->colliders[k], ref, 1e-3, "collider " + std::to_string(k));
    }
}

// Hydrostatic: the unit square (cube) closed by walls, uniform smoke of density 1 with
// densityWeight 1, so the body force is g_eff = g = 9.81 m/s^2 down everywhere; a still disc
// (sphere) of radius R = 0.25 m at the centre. The projection leaves the fluid at rest with
// grad p = g_eff, so the force is rho g V_h up, where V_h is the volume the faces along gravity
// see: each face is closed as far as its more covered cell, which along each column through the
// body adds about its peak coverage (one cell) to the coverage's sum. So F / (rho g pi R^2) - 1
// is at most about 2 h / (pi R) in 2D and F / (rho g 4/3 pi R^3) - 1 about 3 h / (4 R) in 3D: first
// order, halving with h. The torque and the lateral force vanish by the mirror symmetries of the
// grid about the body's centre (float rounding only).
struct Hydrostatic {
    ColliderForce force;
    double maxSpeed = 0.0;
};

Hydrostatic hydrostatic2D(const std::shared_ptr<Context>& context, uint32_t n) {
    SmokeSettings settings;
    settings.nx = settings.ny = n;
    settings.cellSize = 1.0f / float(n);
    settings.densityWeight = 1.0f;
    settings.gravity = {0.0f, -9.81f};
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 60;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver solver(context, settings);
    solver.upload(SmokeField::Density, std::vector<float>(solver.fieldSize(SmokeField::Density), 1.0f));
    const std::vector<Collider> disc = {sphere({0.5f, 0.5f, 0.0f}, 0.25f, {}, {})};
    solver.setColliders(disc);
    solver.step(0.02f, 3);
    Hydrostatic out;
    out.force = solver.colliderForces().value().colliders.at(0);
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY})
        for (float x : solver.download(f)) out.maxSpeed = std::max(out.maxSpeed, double(std::abs(x)));
    return out;
}

Hydrostatic hydrostatic3D(const std::shared_ptr<Context>& context, uint32_t n) {
    SmokeSettings3D settings;
    settings.nx = settings.ny = settings.nz = n;
    settings.cellSize = 1.0f / float(n);
    settings.densityWeight = 1.0f;
    settings.gravity = {0.0f, -9.81f, 0.0f};
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 60;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver3D solver(context, settings);
    solver.upload(SmokeField3D::Density, std::vector<float>(solver.fieldSize(SmokeField3D::Density), 1.0f));
    const std::vector<Collider> ball = {sphere({0.5f, 0.5f, 0.5f}, 0.25f, {}, {})};
    solver.setColliders(ball);
    solver.step(0.02f, 3);
    Hydrostatic out;
    out.force = solver.colliderForces().value().colliders.at(0);
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ})
        for (float x : solver.download(f)) out.maxSpeed = std::max(out.maxSpeed, double(std::abs(x)));
    return out;
}

void expectHydrostatic(const Hydrostatic& r, double trueVolume, double bound, const char* what) {
    const double rho = 1.2, g = 9.81, R = 0.25;
    const double weight = rho * g * trueVolume;
    const ColliderForce& f = r.force;
    const double error = f.force[1] / weight - 1.0;
    std::printf("%s: F = (%.6g, %.6g, %.6g), rho g V = %.6g, relative error %.4f (bound %.4f); |torque| / (F R) = %.2e; "
                "volume %.6g (V %.6g); max |u| %.2e m/s\n",
                what, f.force[0], f.force[1], f.force[2], weight, error, bound,
                std::hypot(f.torque[0], f.torque[1], f.torque[2]) / (weight * R), f.volume, trueVolume, r.maxSpeed);
    EXPECT_GT(error, 0.0) << what << ": the faces see the body half a cell thicker, never thinner";
    EXPECT_LT(error, bound) << what;
    // No lateral force, no torque: float rounding of the sums against their scale.
    EXPECT_LT(std::abs(f.force[0]), 1e-4 * weight) << what;
    EXPECT_LT(std::abs(f.force[2]), 1e-4 * weight) << what;
    for (int a = 0; a < 3; ++a) EXPECT_LT(std::abs(f.torque[a]), 1e-4 * weight * R) << what << " torque " << a;
    // At rest: the buoyancy's velocity was projected away (to the solver's tolerance).
    EXPECT_LT(r.maxSpeed, 1e-3) << what;
    // The coverage's volume is second order: within a few per cent even on the coarse grid.
    EXPECT_NEAR(f.volume, trueVolume, 0.03 * trueVolume) << what;
    // The skin friction vanishes with no viscosity.
    for (int a = 0; a < 3; ++a) EXPECT_EQ(f.viscousForce[a], 0.0f) << what;
}

TEST_F(ColliderForces, HydrostaticDiscFeelsItsBuoyancyConvergingWithTheGrid) {
    const double R = 0.25, area = kPi * R * R;
    const Hydrostatic coarse = hydrostatic2D(context(), 32), fine = hydrostatic2D(context(), 64);
    // The bound: one cell's face per column through the disc (2R / h columns, h^2 each), plus a
    // column at each end: (2 R h + 2 h^2) / (pi R^2).
    const auto bound = [&](double h) { return (2.0 * R * h + 2.0 * h * h) / area; };
    expectHydrostatic(coarse, area, bound(1.0 / 32), "2D 32^2");
    expectHydrostatic(fine, area, bound(1.0 / 64), "2D 64^2");
    const double errorCoarse = coarse.force.force[1] / (1.2 * 9.81 * area) - 1.0;
    const double errorFine = fine.force.force[1] / (1.2 * 9.81 * area) - 1.0;
    // First order: halving h about halves the error.
    EXPECT_LT(errorFine, 0.6 * errorCoarse);
}

TEST_F(ColliderForces, HydrostaticSphereFeelsItsBuoyancyConvergingWithTheGrid) {
    const double R = 0.25, volume = 4.0 / 3.0 * kPi * R * R * R;
    const Hydrostatic coarse = hydrostatic3D(context(), 16), fine = hydrostatic3D(context(), 32);
    // The bound: one cell per column through the sphere (pi (R + h)^2 / h^2 columns, h^3 each).
    const auto bound = [&](double h) { return kPi * (R + h) * (R + h) * h / volume; };
    expectHydrostatic(coarse, volume, bound(1.0 / 16), "3D 16^3");
    expectHydrostatic(fine, volume, bound(1.0 / 32), "3D 32^3");
    const double errorCoarse = coarse.force.force[1] / (1.2 * 9.81 * volume) - 1.0;
    const double errorFine = fine.force.force[1] / (1.2 * 9.81 * volume) - 1.0;
    EXPECT_LT(errorFine, 0.6 * errorCoarse);
}

// A body moving at 1 m/s along +x on the mirror plane(s) of a closed box of still air (the grid
// is its own mirror image about them): the lateral force is float rounding only, below 1e-3 of the
// drag; the pressure drag and the skin friction (viscosity on) point along -x, against the motion
// relative to the fluid.
TEST_F(ColliderForces, SymmetricFlowGivesDragWithoutLift2D) {
    SmokeSettings settings;
    settings.nx = 64;
    settings.ny = 32;
    settings.cellSize = 1.0f / 32.0f;
    settings.gravity = {0.0f, 0.0f};
    settings.viscosity = 1e-3f;
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 60;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver solver(context(), settings);
    const std::vector<Collider> disc = {sphere({0.8f, 0.5f, 0.0f}, 0.15f, {1.0f, 0.0f, 0.0f}, {})};
    solver.setColliders(disc);
    solver.step(0.01f, 5);
    const ColliderForce f = solver.colliderForces().value().colliders.at(0);
    std::printf("2D moving disc: force (%.6g, %.6g), pressure x %.6g, viscous x %.6g, torque z %.3g\n", f.force[0],
                f.force[1], f.pressureForce[0], f.viscousForce[0], f.torque[2]);
    EXPECT_LT(f.force[0], 0.0f);
    EXPECT_LT(f.pressureForce[0], 0.0f);
    EXPECT_LT(f.viscousForce[0], 0.0f);
    EXPECT_LT(std::abs(f.force[1]), 1e-3f * std::abs(f.force[0]));
    EXPECT_LT(std::abs(f.torque[2]), 1e-3f * std::abs(f.force[0]) * 0.15f);
}

TEST_F(ColliderForces, SymmetricFlowGivesDragWithoutLift3D) {
    SmokeSettings3D settings;
    settings.nx = 32;
    settings.ny = 16;
    settings.nz = 16;
    settings.cellSize = 1.0f / 16.0f;
    settings.gravity = {0.0f, 0.0f, 0.0f};
    settings.viscosity = 1e-3f;
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 60;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver3D solver(context(), settings);
    const std::vector<Collider> ball = {sphere({0.8f, 0.5f, 0.5f}, 0.2f, {1.0f, 0.0f, 0.0f}, {})};
    solver.setColliders(ball);
    solver.step(0.01f, 5);
    const ColliderForce f = solver.colliderForces().value().colliders.at(0);
    std::printf("3D moving sphere: force (%.6g, %.6g, %.6g), pressure x %.6g, viscous x %.6g, |torque| %.3g\n",
                f.force[0], f.force[1], f.force[2], f.pressureForce[0], f.viscousForce[0],
                std::hypot(f.torque[0], f.torque[1], f.torque[2]));
    EXPECT_LT(f.force[0], 0.0f);
    EXPECT_LT(f.pressureForce[0], 0.0f);
    EXPECT_LT(f.viscousForce[0], 0.0f);
    EXPECT_LT(std::abs(f.force[1]), 1e-3f * std::abs(f.force[0]));
    EXPECT_LT(std::abs(f.force[2]), 1e-3f * std::abs(f.force[0]));
    EXPECT_LT(std::hypot(f.torque[0], f.torque[1], f.torque[2]), 1e-3f * std::abs(f.force[0]) * 0.2f);
}

TEST_F(ColliderForces, BadFluidDensityIsRefusedNamingTheField) {
    SmokeSettings good;
    good.nx = good.ny = 8;
    SmokeSolver solver(context(), good);
    // Below 1e-4 kg/m^3 (a near vacuum) or above 1e5 kg/m^3 (denser than any liquid) is no fluid.
    for (float bad : {0.0f, -1.2f, 1e-30f, 5e-5f, 2e5f, 3e38f, std::numeric_limits<float>::quiet_NaN(),
                      std::numeric_limits<float>::infinity()}) {
        SmokeSettings settings = good;
        settings.fluidDensity = bad;
        try {
            SmokeSolver refused(context(), settings);
            ADD_FAILURE() << "accepted fluidDensity " << bad;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("fluidDensity"), std::string::npos) << e.what();
        }
        EXPECT_THROW(solver.updateSettings(settings), InvalidArgument);
        EXPECT_EQ(solver.settings().fluidDensity, 1.2f);
        SmokeSettings3D settings3;
        settings3.nx = settings3.ny = settings3.nz = 8;
        settings3.fluidDensity = bad;
        try {
            SmokeSolver3D refused(context(), settings3);
            ADD_FAILURE() << "accepted fluidDensity " << bad;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("fluidDensity"), std::string::npos) << e.what();
        }
    }
}

// Still air with no smoke at all, the defaults' Boussinesq fluid: the pressure holds no ambient
// part, so a still sphere (disc) feels nothing, exactly, unless ambientBuoyancy adds the ambient
// hydrostatic pressure's resultant -rho g V_grid, with V_grid the reported coverage volume. That
// product is one float multiply per component (relative rounding 2^-24 twice: 1e-6 is loose), and
// V_grid is within the coverage's second-order error of the true volume (3 %, as above). Gravity
// is tilted so that every component is checked.
TEST_F(ColliderForces, AmbientBuoyancyAddsRhoGVOfTheDisplacedAirInStillAir) {
    const float R = 0.25f;
    for (bool ambient : {false, true}) {
        SmokeSettings3D settings;
        settings.nx = settings.ny = settings.nz = 16;
        settings.cellSize = 1.0f / 16.0f;
        settings.gravity = {1.0f, -9.0f, 2.0f};
        settings.fluidDensity = 1.25f;
        settings.ambientBuoyancy = ambient;
        SmokeSolver3D solver(context(), settings);
        const std::vector<Collider> ball = {sphere({0.5f, 0.5f, 0.5f}, R, {}, {})};
        solver.setColliders(ball);
        solver.step(0.02f, 2);
        const ColliderForce f = solver.colliderForces().value().colliders.at(0);
        const double trueVolume = 4.0 / 3.0 * kPi * R * R * R;
        EXPECT_NEAR(f.volume, trueVolume, 0.03 * trueVolume);
        for (int a = 0; a < 3; ++a) {
            const double expected = ambient ? -1.25 * double(settings.gravity[a]) * f.volume : 0.0;
            EXPECT_NEAR(f.pressureForce[a], expected, 1e-6 * 1.25 * 9.3 * f.volume) << "3D axis " << a << " ambient " << ambient;
            EXPECT_NEAR(f.force[a], expected, 1e-6 * 1.25 * 9.3 * f.volume) << "3D axis " << a << " ambient " << ambient;
            EXPECT_EQ(f.torque[a], 0.0f) << "3D axis " << a;
        }
    }
    for (bool ambient : {false, true}) {
        SmokeSettings settings;
        settings.nx = settings.ny = 32;
        settings.cellSize = 1.0f / 32.0f;
        settings.gravity = {1.5f, -9.81f};
        settings.ambientBuoyancy = ambient;
        SmokeSolver solver(context(), settings);
        const std::vector<Collider> disc = {sphere({0.5f, 0.5f, 0.0f}, R, {}, {})};
        solver.setColliders(disc);
        solver.step(0.02f, 2);
        const ColliderForce f = solver.colliderForces().value().colliders.at(0);
        EXPECT_NEAR(f.volume, kPi * R * R, 0.03 * kPi * R * R);
        const double expected[3] = {ambient ? -1.2 * 1.5 * f.volume : 0.0, ambient ? 1.2 * 9.81 * f.volume : 0.0, 0.0};
        for (int a = 0; a < 3; ++a) {
            EXPECT_NEAR(f.force[a], expected[a], 1e-6 * 1.2 * 9.93 * f.volume) << "2D axis " << a << " ambient " << ambient;
            EXPECT_EQ(f.torque[a], 0.0f) << "2D axis " << a;
        }
    }
}

// No report before any collider; then one per whole step tagged with it (recorded into the
// engine's command buffer or stepped); an empty one once the set emptied; a moved-from solver
// refuses the call.
TEST_F(ColliderForces, ReportsAreTaggedWithTheirStep) {
    SmokeSettings settings;
    settings.nx = 37;
    settings.ny = 23;
    settings.cellSize = 0.1f;
    SmokeSolver solver(context(), settings);
    solver.step(0.01f, 2);
    EXPECT_FALSE(solver.colliderForces().has_value());
    const std::vector<Collider> disc = {sphere({1.5f, 1.1f, 0.0f}, 0.3f, {0.5f, 0.0f, 0.0f}, {})};
    solver.setColliders(disc);
    EXPECT_FALSE(solver.colliderForces().has_value());
    solver.step(0.01f, 3);
    auto report = solver.colliderForces();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, 5u);
    EXPECT_EQ(solver.stepsRecorded(), 5u);
    ASSERT_EQ(report->colliders.size(), 1u);
    EXPECT_GT(report->colliders[0].volume, 0.0f);
    solver.setColliders({});
    solver.step(0.01f);
    report = solver.colliderForces();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, 6u);
    EXPECT_TRUE(report->colliders.empty());

    SmokeSettings3D settings3;
    settings3.nx = 19;
    settings3.ny = 13;
    settings3.nz = 11;
    settings3.cellSize = 0.1f;
    SmokeSolver3D solver3(context(), settings3);
    EXPECT_FALSE(solver3.colliderForces().has_value());
    const std::vector<Collider> ball = {sphere({0.9f, 0.6f, 0.5f}, 0.3f, {}, {})};
    solver3.setColliders(ball);
    solver3.step(0.01f, 2);
    report = solver3.colliderForces();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, 2u);
    ASSERT_EQ(report->colliders.size(), 1u);

    SmokeSolver moved = std::move(solver);
    EXPECT_THROW((void)solver.colliderForces(), Error);
    EXPECT_TRUE(moved.colliderForces().has_value());
}

} // namespace
} // namespace billow::test
