// Moving colliders in the 3D smoke solver (SmokeSolver3D::setColliders): the rasterisation (solid
// fractions, open fractions, face solid velocities) against the double-precision reference
// (tests/reference/smoke3d/colliders3d.hpp) for every shape with an arbitrary rotation and angular
// velocity, overlapping each other and the static obstacles, for every boundary configuration, on
// 19 x 13 x 11; a projection that lets nothing through the moving surfaces; a sphere dragged
// through still fluid (the flow it pushes against potential flow, the wake it leaves); bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>

#include "reference/colliders/collider_shapes.hpp"
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
    s.stepPass(SmokePass3D::Colliders, kDt);

    // Distances from ~40 float operations on coordinates up to the extent (plus the centres).
    const double coverageError = 64.0 * kEps * (kExtent3 + 1.0) / g.h;
    const smoke3d_ref::Values staticSolid(s.solidMask().begin(), s.solidMask().end());
    const smoke3d_ref::ColliderRaster3D r = smoke3d_ref::rasteriseColliders(g, staticSolid, scene, 2.0 * coverageError);
    expectMatches("solid", s.download(SmokeField3D::Solid), r.solid, coverageError);
    const SmokeField3D open[3] = {SmokeField3D::OpenX, SmokeField3D::OpenY, SmokeField3D::OpenZ};
    const SmokeField3D solidVelocity[3] = {SmokeField3D::SolidVelocityX, SmokeField3D::SolidVelocityY, SmokeField3D::SolidVelocityZ};
    const SmokeField3D velocity[3] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ};
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
    s.upload(SmokeField3D::Pressure, std::vector<float>(s.fieldSize(SmokeField3D::Pressure), 0.0f));
    s.stepPass(SmokePass3D::SubtractGradient, kDt);
    s.setColliders(separateScene());
    s.stepPass(SmokePass3D::Colliders, kDt);
    s.stepPass(SmokePass3D::Divergence, kDt);
    const std::vector<float> before = s.download(SmokeField3D::Divergence);
    s.stepPass(SmokePass3D::PressureSolve, kDt);
    s.stepPass(SmokePass3D::SubtractGradient, kDt);

    const smoke3d_ref::Grid g(settings);
    smoke3d_ref::State f = smoke3d_ref::downloadState(s);
    std::array<smoke3d_ref::Values, 3> solidVelocity;
    const SmokeField3D solidFields[3] = {SmokeField3D::SolidVelocityX, SmokeField3D::SolidVelocityY, SmokeField3D::SolidVelocityZ};
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

// A sphere of radius R = 0.2 m dragged at U = 1 m/s along +x through still fluid, its set handed
// over every step as an engine would (position advanced by U dt). The tank: 25 x 23 x 21 cells of
// 0.05 m (1.25 m x 1.15 m x 1.05 m), walls all round but an outflow on the right (high x): odd cell
// counts with an outflow on a high side, 25 -> 13 -> 7 cells along x on the multigrid levels, the
// case whose coarse levels were once inconsistent (pressure3d/mg_coarsen.comp): 12 V-cycles then left a
// divergence of 0.018 1/s (of 20 before the projection) instead of 3e-5. The sphere's axis runs
// through the cell centres of row j = 11, k = 10, so the x-faces of that row lie on it.
class DraggedSphere : public GpuTest {
protected:
    static constexpr uint32_t kNx = 25, kNy = 23, kNz = 21;
    static constexpr float kH = 0.05f, kRadius = 0.2f, kSpeed = 1.0f, kStep = 0.01f;
    static constexpr float kStartX = 0.45f, kY = 0.575f, kZ = 0.525f;
    static constexpr int kAxisJ = 11, kAxisK = 10;

    static SmokeSettings3D tank() {
        SmokeSettings3D s;
        s.nx = kNx;
        s.ny = kNy;
        s.nz = kNz;
        s.cellSize = kH;
        s.gravity = {0.0f, 0.0f, 0.0f};
        s.boundaries[size_t(Side::Right)].type = BoundaryType::Outflow;
        // Converged to float round-off: every cycle runs (no tolerance to stop at).
        s.pressureSolver = PressureSolverType::Multigrid;
        s.pressureIterations = 12;
        s.trackPressureResidual = true;
        return s;
    }
    static Collider sphereAfter(int steps) {
        Collider c = shape(ColliderShape::Sphere, {kStartX + kSpeed * kStep * float(steps), kY, kZ}, {0, 0, 0, 1},
                           {kSpeed, 0.0f, 0.0f}, {0, 0, 0});
        c.radius = kRadius;
        return c;
    }
    static size_t xFace(int i, int j, int k) { return size_t(i) + (kNx + 1) * (size_t(j) + kNy * size_t(k)); }
};

// The first step from rest is a projection alone (nothing to advect yet): the velocity it leaves
// is the discrete potential flow of the moving sphere in the tank.
TEST_F(DraggedSphere, FirstStepIsThePotentialFlowOfTheMovingSphere) {
    const SmokeSettings3D settings = tank();
    SmokeSolver3D s(context(), settings);
    const Collider sphere = sphereAfter(0);
    s.setColliders(std::span(&sphere, 1));
    std::vector<float> before;
    for (uint32_t p = 0; p < uint32_t(SmokePass3D::Count); ++p) {
        s.stepPass(SmokePass3D(p), kStep);
        if (SmokePass3D(p) == SmokePass3D::Divergence) before = s.download(SmokeField3D::Divergence);
    }
    const smoke3d_ref::Grid g(settings);
    smoke3d_ref::State f = smoke3d_ref::downloadState(s);

    // Every face the sphere (partly) closes carries exactly the sphere's surface velocity's normal
    // component at the face centre (U along x, 0 across: no rounding can enter a float sum with 0
    // or a product with 1), and a face it closes entirely moves with it exactly.
    std::array<smoke3d_ref::Values, 3> solidVelocity;
    const SmokeField3D solidFields[3] = {SmokeField3D::SolidVelocityX, SmokeField3D::SolidVelocityY, SmokeField3D::SolidVelocityZ};
    size_t touched = 0, closed = 0;
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> sv = s.download(solidFields[a]);
        solidVelocity[a].assign(sv.begin(), sv.end());
        const smoke3d_ref::Index dims = g.faceDims(a);
        for (int k = 0; k < dims[2]; ++k)
            for (int j = 0; j < dims[1]; ++j)
                for (int i = 0; i < dims[0]; ++i) {
                    const smoke3d_ref::Index face{i, j, k};
                    if (face[a] == 0 || face[a] == g.n[a]) continue;  // the sides' faces: their own rules
                    const size_t at = g.face(a, face);
                    if (f.open[a][at] >= 1.0) continue;
                    const smoke3d_ref::Point c = g.faceCentre(a, face);
                    const collider_ref::Point3 v = collider_ref::colliderVelocity(sphere, {c[0], c[1], c[2]});
                    const double normal = a == 0 ? v.x : a == 1 ? v.y : v.z;
                    ++touched;
                    ASSERT_EQ(solidVelocity[a][at], normal) << "axis " << a << " face " << i << " " << j << " " << k;
                    if (f.open[a][at] == 0.0) {
                        ++closed;
                        ASSERT_EQ(f.vel[a][at], normal) << "axis " << a << " face " << i << " " << j << " " << k;
                    }
                }
    }
    EXPECT_GT(closed, 500u);  // a sphere of 4 cells' radius closes ~3 * 4/3 pi 4^3 faces
    EXPECT_GT(touched, closed);

    // The divergence, in double from the GPU's fields (closed parts moving with the solid). After
    // V-cycles to float's floor the pressure's residual is at most 20 eps (max|b| + 12 max|p|)
    // (b = h^2/dt div, seven terms each rounded to ~eps of its operands: test_poisson_solver_3d.cpp),
    // which the gradient subtraction turns into dt/h^2 times as much divergence. On top: the GPU's
    // divergence field (the right-hand side) rounds each of its six fluxes and their sum, 8 eps
    // (6 max|u|) / h, and each face velocity u - dt/h (p1 - p0) rounds to 3 eps (|u| + 2 dt/h
    // max|p|), six of which enter a cell's divergence over h.
    smoke3d_ref::divergence(g, f, nullptr, &solidVelocity);
    double start = 0.0, maxP = 0.0, maxU = 0.0, worst = 0.0;
    for (float d : before) start = std::max(start, double(std::abs(d)));
    for (double p : f.pressure) maxP = std::max(maxP, std::abs(p));
    for (int a = 0; a < 3; ++a) maxU = std::max(maxU, maxAbs(f.vel[a]));
    for (double d : f.divergence) worst = std::max(worst, std::abs(d));
    const double h = g.h, dt = kStep, maxB = h * h / dt * start;
    const double bound = dt / (h * h) * 20.0 * kEps * (maxB + 12.0 * maxP) + 8.0 * kEps * 6.0 * maxU / h +
                         6.0 * 3.0 * kEps * (maxU + 2.0 * dt / h * maxP) / h;
    const PressureResidual residual = s.pressureResidual();
    std::printf("dragged sphere: divergence %.3g 1/s before the projection, %.3g after (bound %.3g); residual %.3g "
                "after %u cycles\n",
                start, worst, bound, residual.relative, residual.iterations);
    EXPECT_GT(start, 1.0);
    EXPECT_LE(worst, bound);

    // Ahead, on the axis (x-faces of row j = 11, k = 10 beyond the sphere's front at x = 0.65 m,
    // face 13), the fluid moves with the sphere, falling off as potential flow's U (R/r)^3, r from
    // the centre. The tolerance is what the grid can resolve: the rasterised surface lies within
    // h/2 of the true one (its coverage ramps over one cell), so the discrete flow is that of a
    // sphere of radius between R - h/2 and R + h/2, and the tank's walls add a uniform return flow
    // of at most U pi R^2 / (A - pi R^2) (A the tank's cross-section; the potential flow's return
    // flux beyond the walls squeezed inside).
    const std::vector<float> u = s.download(SmokeField3D::VelocityX);
    const double area = double(kNy) * kNz * h * h, disc = M_PI * double(kRadius) * kRadius;
    const double confinement = kSpeed * disc / (area - disc);
    for (int i = 14; i <= 18; ++i) {
        const double r = i * h - kStartX, ahead = u[xFace(i, kAxisJ, kAxisK)];
        const double potential = kSpeed * std::pow(kRadius / r, 3.0);
        const double low = kSpeed * std::pow((kRadius - h / 2) / r, 3.0) - confinement,
                     high = kSpeed * std::pow((kRadius + h / 2) / r, 3.0);
        std::printf("  ahead, r = %.2f m: u = %.3f U (potential flow %.3f U)\n", r, ahead / kSpeed, potential / kSpeed);
        EXPECT_GT(ahead, low) << "r = " << r;
        EXPECT_LT(ahead, high) << "r = " << r;
    }
    // Beside it (the x-faces through the centre, x = 0.45 m, face 9, above the sphere) the fluid
    // flows back, -U/2 (R/r)^3 in potential flow, within the same allowances.
    for (int j = 16; j <= 19; ++j) {
        const double r = (j + 0.5) * h - kY, beside = u[xFace(9, j, kAxisK)];
        const double potential = -0.5 * kSpeed * std::pow(kRadius / r, 3.0);
        const double low = -0.5 * kSpeed * std::pow((kRadius + h / 2) / r, 3.0) - confinement,
                     high = -0.5 * kSpeed * std::pow((kRadius - h / 2) / r, 3.0);
        std::printf("  beside, r = %.2f m: u = %.3f U (potential flow %.3f U)\n", r, beside / kSpeed,
                    potential / kSpeed);
        EXPECT_LT(beside, 0.0) << "r = " << r;
        EXPECT_GT(beside, low) << "r = " << r;
        EXPECT_LT(beside, high) << "r = " << r;
    }
}

// Dragged on for 0.1 m (half a radius, 10 steps) it leaves a wake: the fluid behind follows it,
// faster than the potential flow of the first step does (which is fore-aft symmetric: no wake),
// since the fluid it set moving carries its momentum along.
TEST_F(DraggedSphere, LeavesAWakeMovingWithIt) {
    SmokeSettings3D settings = tank();
    settings.pressureTolerance = 1e-5f;  // warm-started: a few cycles a step
    SmokeSolver3D s(context(), settings);
    // The mean u on the axis over one radius behind the sphere's rear after `steps` steps.
    auto wakeAfter = [&](int steps) {
        const std::vector<float> u = s.download(SmokeField3D::VelocityX);
        const float rear = sphereAfter(steps - 1).centre[0] - kRadius;
        double sum = 0.0;
        int faces = 0;
        for (int i = 0; i <= int(kNx); ++i) {
            const float behind = rear - float(i) * kH;
            if (behind > 0.5f * kH && behind <= kRadius + 0.5f * kH) {
                sum += u[xFace(i, kAxisJ, kAxisK)];
                ++faces;
            }
        }
        return sum / faces;
    };
    constexpr int kSteps = 10;
    double first = 0.0;
    for (int k = 0; k < kSteps; ++k) {
        const Collider sphere = sphereAfter(k);
        s.setColliders(std::span(&sphere, 1));
        s.step(kStep);
        if (k == 0) first = wakeAfter(1);
    }
    for (SmokeField3D field : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Pressure, SmokeField3D::Divergence})
        for (float v : s.download(field)) ASSERT_TRUE(std::isfinite(v)) << fieldName(field);
    const double wake = wakeAfter(kSteps);
    const std::vector<float> u = s.download(SmokeField3D::VelocityX);
    const float front = sphereAfter(kSteps - 1).centre[0] + kRadius;
    const double ahead = u[xFace(int(std::ceil(front / kH)) + 1, kAxisJ, kAxisK)];
    std::printf("dragged sphere: mean u on the axis over a radius behind it %.3f U after 1 step (potential flow), "
                "%.3f U after %d; %.3f U ahead\n",
                first / kSpeed, wake / kSpeed, kSteps, ahead / kSpeed);
    EXPECT_GT(first, 0.1 * kSpeed);
    EXPECT_GT(wake, 1.25 * first) << "the fluid behind follows the sphere";
    EXPECT_GT(ahead, 0.1 * kSpeed) << "the fluid ahead is pushed";
}

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
    solver.stepPass(SmokePass3D::Colliders, kDt);
    const std::vector<float> solid = solver.download(SmokeField3D::Solid);
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
    solver.stepPass(SmokePass3D::Colliders, kDt);
    EXPECT_EQ(solver.download(SmokeField3D::Solid), solid);
    solver.setColliders(std::span(&c, 1));
}

} // namespace
} // namespace billow::test
