// Moving colliders in the 3D smoke solver (SmokeSolver3D::setColliders): the rasterisation (solid
// fractions, open fractions, face solid velocities) against the double-precision reference
// (tests/reference/smoke3d/colliders3d.hpp) for every shape with an arbitrary rotation and angular
// velocity, overlapping each other and the static obstacles, for every boundary configuration, on
// 19 x 13 x 11; a projection that lets nothing through the moving surfaces; bad input.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "reference/smoke3d/colliders3d.hpp"
#include "reference/smoke3d/projection.hpp"
#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

constexpr float kDt = 0.05f;

// A rotation by `angle` about the axis (x, y, z) (normalised here).
std::array<float, 4> rotationAbout(float x, float y, float z, float angle) {
    const float n = std::sqrt(x * x + y * y + z * z), s = std::sin(0.5f * angle) / n;
    return {x * s, y * s, z * s, std::cos(0.5f * angle)};
}

Collider shape(ColliderShape kind, std::array<float, 3> centre, std::array<float, 4> orientation,
               std::array<float, 3> velocity, std::array<float, 3> spin) {
    Collider c;
    c.shape = kind;
    c.centre = centre;
    c.orientation = orientation;
    c.velocity = velocity;
    c.angularVelocity = spin;
    return c;
}

// Overlapping shapes, rotated about tilted axes and spinning, one across the right side, in the
// 1.9 m x 1.3 m x 1.1 m domain.
std::vector<Collider> overlappingScene() {
    Collider sphere = shape(ColliderShape::Sphere, {0.52f, 0.61f, 0.47f}, {0, 0, 0, 1}, {0.7f, -0.3f, 0.2f}, {1.3f, -0.4f, 0.8f});
    sphere.radius = 0.33f;
    Collider box = shape(ColliderShape::Box, {1.13f, 0.72f, 0.58f}, rotationAbout(1, 2, 3, 0.7f), {-0.4f, 0.5f, 0.3f},
                         {-2.1f, 0.6f, 1.1f});
    box.halfExtents = {0.36f, 0.18f, 0.24f};
    Collider capsule = shape(ColliderShape::Capsule, {1.41f, 0.43f, 0.61f}, rotationAbout(-2, 1, 0.5f, 1.1f),
                             {0.3f, 0.8f, -0.5f}, {0.7f, 0.2f, -1.5f});
    capsule.radius = 0.16f;
    capsule.halfLength = 0.3f;
    Collider edge = shape(ColliderShape::Sphere, {1.83f, 1.02f, 0.35f}, {0, 0, 0, 1}, {-0.9f, 0.2f, 0.1f}, {0, 0, 0});
    edge.radius = 0.27f;
    return {sphere, box, capsule, edge};
}

// Separate shapes away from the sides (compatible equations on closed domains too).
std::vector<Collider> separateScene() {
    Collider sphere = shape(ColliderShape::Sphere, {0.45f, 0.62f, 0.52f}, {0, 0, 0, 1}, {0.7f, -0.3f, 0.2f}, {1.3f, -0.4f, 0.8f});
    sphere.radius = 0.27f;
    Collider box = shape(ColliderShape::Box, {1.27f, 0.66f, 0.55f}, rotationAbout(1, 2, 3, 0.7f), {-0.4f, 0.5f, 0.3f},
                         {-2.1f, 0.6f, 1.1f});
    box.halfExtents = {0.28f, 0.14f, 0.2f};
    return {sphere, box};
}

class Colliders3D : public KernelReferenceTest3D {};

TEST_P(Colliders3D, RasterisationMatchesTheReference) {
    SmokeSolver3D& s = solver(baseSettings());
    const smoke3d_ref::Grid g(s.settings());
    const smoke3d_ref::State f = uploadRandom(s, 51);
    const std::vector<Collider> scene = overlappingScene();
    s.setColliders(scene);
    s.stepPass(Pass3D::Colliders, kDt);

    // Distances from ~40 float operations on coordinates up to the extent (plus the centres).
    const double coverageError = 64.0 * kEps * (kExtent3 + 1.0) / g.h;
    const smoke3d_ref::Values staticSolid(s.solidMask().begin(), s.solidMask().end());
    const smoke3d_ref::ColliderRaster3D r = smoke3d_ref::rasteriseColliders(g, staticSolid, scene, 2.0 * coverageError);
    expectMatches("solid", s.download(Field3D::Solid), r.solid, coverageError);
    const Field3D open[3] = {Field3D::OpenX, Field3D::OpenY, Field3D::OpenZ};
    const Field3D solidVelocity[3] = {Field3D::SolidVelocityX, Field3D::SolidVelocityY, Field3D::SolidVelocityZ};
    const Field3D velocity[3] = {Field3D::VelocityX, Field3D::VelocityY, Field3D::VelocityZ};
    // Speeds up to |v| + |omega| |r| ~ 3 m/s from ~10 operations.
    const double velocityError = 16.0 * kEps * 4.0;
    size_t moving = 0;
    for (int a = 0; a < 3; ++a) {
        SCOPED_TRACE(testing::Message() << "axis " << a);
        const std::vector<float> gpuOpen = s.download(open[a]), gpuSolid = s.download(solidVelocity[a]),
                                 gpuVelocity = s.download(velocity[a]);
        expectMatches("open", gpuOpen, r.open[a], coverageError);
        size_t failures = 0, first = 0;
        for (size_t k = 0; k < gpuSolid.size(); ++k) {
            const auto& choices = r.choices[a][k];
            if (std::none_of(choices.begin(), choices.end(), [&](double c) { return std::abs(gpuSolid[k] - c) <= velocityError; }) &&
                failures++ == 0)
                first = k;
            moving += std::abs(gpuSolid[k]) > 0.1f;
            // A face closed entirely takes its solid velocity at once; the others keep the fluid's.
            ASSERT_EQ(gpuVelocity[k], gpuOpen[k] == 0.0f ? gpuSolid[k] : float(f.vel[a][k])) << "face " << k;
        }
        EXPECT_EQ(failures, 0u) << "solid velocity: first at [" << first << "]: gpu " << gpuSolid[first]
                                << ", reference " << r.choices[a][first][0];
    }
    EXPECT_GT(moving, 300u);
    s.setColliders({});
}

TEST_P(Colliders3D, ProjectionLetsNothingThroughTheMovingSurfaces) {
    SmokeSettings3D settings = baseSettings();
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 80;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver3D& s = solver(settings);
    s.clearObstacles();
    uploadRandom(s, 52);
    // The sides' faces get their prescribed velocities (a zero pressure leaves the others alone).
    s.upload(Field3D::Pressure, std::vector<float>(s.fieldSize(Field3D::Pressure), 0.0f));
    s.stepPass(Pass3D::SubtractGradient, kDt);
    s.setColliders(separateScene());
    s.stepPass(Pass3D::Colliders, kDt);
    s.stepPass(Pass3D::Divergence, kDt);
    const std::vector<float> before = s.download(Field3D::Divergence);
    s.stepPass(Pass3D::PressureSolve, kDt);
    s.stepPass(Pass3D::SubtractGradient, kDt);

    const smoke3d_ref::Grid g(settings);
    smoke3d_ref::State f = smoke3d_ref::downloadState(s);
    std::array<smoke3d_ref::Values, 3> solidVelocity;
    const Field3D solidFields[3] = {Field3D::SolidVelocityX, Field3D::SolidVelocityY, Field3D::SolidVelocityZ};
    size_t moving = 0;
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> sv = s.download(solidFields[a]);
        solidVelocity[a].assign(sv.begin(), sv.end());
        for (size_t k = 0; k < sv.size(); ++k) {
            moving += std::abs(sv[k]) > 0.1f;
            // Faces closed entirely move exactly with the solid.
            if (f.open[a][k] == 0.0) {
                ASSERT_EQ(f.vel[a][k], solidVelocity[a][k]) << "axis " << a << " face " << k;
            }
        }
    }
    EXPECT_GT(moving, 100u);
    // The divergence with the solid's flux over the closed parts, in double from the GPU's fields:
    // the solve's relative tolerance (up to ~7 times more in the true residual than in CG's
    // updated one) plus the float rounding of u - dt/h (p1 - p0) over six faces, over h.
    smoke3d_ref::divergence(g, f, nullptr, &solidVelocity);
    double start = 0.0, pressure = 0.0;
    for (float x : before) start = std::max(start, double(std::abs(x)));
    for (double p : f.pressure) pressure = std::max(pressure, std::abs(p));
    const double bound = 10.0 * 1e-6 * start + 24.0 * kEps * (3.0 + 2.0 * kDt / g.h * pressure) / g.h;
    double worst = 0.0;
    for (double d : f.divergence) worst = std::max(worst, std::abs(d));
    EXPECT_LE(worst, bound) << "divergence before: " << start;
    EXPECT_TRUE(s.pressureResidual().reachedTolerance);
    s.setColliders({});
}

INSTANTIATE_TEST_SUITE_P(Boundaries, Colliders3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

class Collider3DErrors : public GpuTest {};

TEST_F(Collider3DErrors, BadCollidersAreRefusedByName) {
    SmokeSettings3D settings;
    settings.nx = kNx3;
    settings.ny = kNy3;
    settings.nz = kNz3;
    settings.cellSize = kCell3;
    SmokeSolver3D solver(context(), settings);
    Collider good;
    good.centre = {0.9f, 0.6f, 0.5f};
    good.radius = 0.3f;
    solver.setColliders(std::span(&good, 1));
    solver.stepPass(Pass3D::Colliders, kDt);
    const std::vector<float> solid = solver.download(Field3D::Solid);
    auto expectRefused = [&](const Collider& bad, const std::string& field) {
        const std::vector<Collider> set = {good, bad};
        try {
            solver.setColliders(set);
            ADD_FAILURE() << "expected InvalidArgument naming " << field;
        } catch (const InvalidArgument& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    };
    Collider c = good;
    c.centre[2] = std::nanf("");
    expectRefused(c, "setColliders: colliders[1].centre");
    c = good;
    c.radius = 0.0f;
    expectRefused(c, "setColliders: colliders[1].radius");
    c = good;
    c.orientation = {0.1f, 0.2f, 0.3f, 0.4f};
    expectRefused(c, "setColliders: colliders[1].orientation");
    c = good;
    c.shape = ColliderShape::Box;
    c.halfExtents = {0.1f, -0.1f, 0.1f};
    expectRefused(c, "setColliders: colliders[1].halfExtents");
    c = good;
    c.angularVelocity[0] = std::numeric_limits<float>::infinity();
    expectRefused(c, "setColliders: colliders[1].angularVelocity");
    try {
        solver.setColliders(std::vector<Collider>(kMaxColliders + 1, good));
        ADD_FAILURE() << "expected InvalidArgument for too many colliders";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "setColliders: colliders.size()") << e.what();
    }
    // 3D takes any rotation; a refused set leaves the previous one in place.
    c = good;
    c.orientation = rotationAbout(1, 0, 0, 0.5f);
    c.angularVelocity = {1.0f, 0.0f, 0.0f};
    solver.stepPass(Pass3D::Colliders, kDt);
    EXPECT_EQ(solver.download(Field3D::Solid), solid);
    solver.setColliders(std::span(&c, 1));
}

} // namespace
} // namespace billow::test
