// Moving colliders in the 2D smoke solver (SmokeSolver::setColliders): the rasterisation (solid
// fractions, open fractions, face solid velocities) against the double-precision reference
// (tests/reference/smoke/colliders.hpp) for every shape with rotation and angular velocity, every
// boundary configuration and the static obstacles, on 37 x 23; the divergence and the gradient
// subtraction with solid velocities; a full projection that lets nothing through the moving
// surfaces; a disc dragged through still fluid; no stale values where a collider passed; bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <span>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

constexpr float kDt = 0.05f;

Collider disc(float x, float y, float radius, std::array<float, 3> velocity, float spin) {
    Collider c;
    c.shape = ColliderShape::Sphere;
    c.centre = {x, y, 0.3f};
    c.radius = radius;
    c.velocity = velocity;
    c.angularVelocity = {0.0f, 0.0f, spin};
    return c;
}

Collider box(float x, float y, float hx, float hy, float angle, std::array<float, 3> velocity, float spin) {
    Collider c;
    c.shape = ColliderShape::Box;
    c.centre = {x, y, -1.0f};
    c.orientation = rotationAboutZ(angle);
    c.halfExtents = {hx, hy, 0.05f};
    c.velocity = velocity;
    c.angularVelocity = {0.0f, 0.0f, spin};
    return c;
}

Collider capsule(float x, float y, float halfLength, float radius, float angle, std::array<float, 3> velocity,
                 float spin) {
    Collider c;
    c.shape = ColliderShape::Capsule;
    c.centre = {x, y, 2.0f};
    c.orientation = rotationAboutZ(angle);
    c.halfLength = halfLength;
    c.radius = radius;
    c.velocity = velocity;
    c.angularVelocity = {0.0f, 0.0f, spin};
    return c;
}

// Overlapping shapes, rotated and spinning, one across the right side (colliders do not wrap
// over periodic sides), on the 3.7 m x 2.3 m domain of the kernel tests.
std::vector<Collider> overlappingScene() {
    return {disc(0.93f, 0.81f, 0.43f, {0.7f, -0.3f, 0.0f}, 1.3f),
            box(2.17f, 1.32f, 0.52f, 0.27f, 0.61f, {-0.4f, 0.5f, 0.2f}, -2.1f),
            capsule(2.58f, 0.93f, 0.41f, 0.21f, -0.93f, {0.3f, 0.8f, 0.0f}, 0.7f),
            disc(3.62f, 1.83f, 0.36f, {-0.9f, 0.2f, 0.0f}, 0.0f),
            box(1.45f, 1.72f, 0.33f, 0.33f, 0.0f, {0.0f, -0.6f, 0.0f}, 3.0f)};
}

// Separate shapes away from the sides: each closes its own surface, so the projection's
// equations are compatible on closed domains too.
std::vector<Collider> separateScene() {
    return {disc(0.83f, 0.91f, 0.41f, {0.7f, -0.3f, 0.0f}, 1.3f),
            box(2.07f, 1.42f, 0.45f, 0.22f, 0.61f, {-0.4f, 0.5f, 0.0f}, -2.1f),
            capsule(2.85f, 0.66f, 0.35f, 0.2f, -0.43f, {0.3f, 0.8f, 0.0f}, 0.7f)};
}

class CollidersOnGrid : public KernelReferenceTest {
protected:
    // How far a float rasterisation's distances may be from the exact ones, m: ~40 operations
    // (a quaternion rotation, the shape's distance) on coordinates up to the domain's extent.
    double distanceError(const smoke_ref::Grid& g) const { return 64.0 * kEps * (std::max(g.nx, g.ny) * g.h + 1.0); }
};

TEST_P(CollidersOnGrid, RasterisationMatchesTheReference) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f = uploadRandom(s, g, 41);
    const std::vector<Collider> scene = overlappingScene();
    s.setColliders(scene);
    s.stepPass(SmokePass::Colliders, kDt);

    const double coverageError = distanceError(g) / g.h;
    const smoke_ref::Values staticSolid(s.solidMask().begin(), s.solidMask().end());
    const smoke_ref::ColliderRaster r = smoke_ref::rasteriseColliders(g, staticSolid, scene, 2.0 * coverageError);
    expectMatches("solid", s.download(SmokeField::Solid), r.solid, coverageError);
    expectMatches("openX", s.download(SmokeField::OpenX), r.openX, coverageError);
    expectMatches("openY", s.download(SmokeField::OpenY), r.openY, coverageError);

    // Speeds up to |v| + |omega| |r| ~ 3 m/s from ~10 operations.
    const double velocityError = 16.0 * kEps * 4.0;
    auto expectOneOf = [&](const char* what, const std::vector<float>& gpu, const std::vector<std::vector<double>>& choices) {
        size_t failures = 0, first = 0;
        for (size_t k = 0; k < gpu.size(); ++k) {
            const bool near = std::any_of(choices[k].begin(), choices[k].end(),
                                          [&](double c) { return std::abs(gpu[k] - c) <= velocityError; });
            if (!near && failures++ == 0) first = k;
        }
        EXPECT_EQ(failures, 0u) << what << ": first at [" << first << "]: gpu " << gpu[first] << ", reference "
                                << choices[first][0];
    };
    const std::vector<float> solidU = s.download(SmokeField::SolidVelocityX), solidV = s.download(SmokeField::SolidVelocityY);
    expectOneOf("solidVelocityX", solidU, r.choicesX);
    expectOneOf("solidVelocityY", solidV, r.choicesY);
    // Some faces carry each collider's motion (the scene is not trivially zero).
    EXPECT_GT(std::count_if(solidU.begin(), solidU.end(), [](float x) { return std::abs(x) > 0.1f; }), 100);

    // A face closed entirely takes its solid velocity at once; the others keep the fluid's.
    const std::vector<float> u = s.download(SmokeField::VelocityX), v = s.download(SmokeField::VelocityY);
    const std::vector<float> openX = s.download(SmokeField::OpenX), openY = s.download(SmokeField::OpenY);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            const size_t k = g.u(i, j);
            const bool movable = (i > 0 && i < g.nx) || g.periodicX();
            ASSERT_EQ(u[k], movable && openX[k] == 0.0f ? solidU[k] : float(f.u[k])) << "x-face " << i << "," << j;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t k = g.v(i, j);
            const bool movable = (j > 0 && j < g.ny) || g.periodicY();
            ASSERT_EQ(v[k], movable && openY[k] == 0.0f ? solidV[k] : float(f.v[k])) << "y-face " << i << "," << j;
        }
    s.setColliders({});
}

TEST_P(CollidersOnGrid, DivergenceAndGradientCarryTheSolidVelocity) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    uploadRandom(s, g, 42);
    s.setColliders(overlappingScene());
    s.stepPass(SmokePass::Colliders, kDt);
    smoke_ref::State f = smoke_ref::downloadState(s);

    s.stepPass(SmokePass::Divergence, kDt);
    smoke_ref::divergence(g, f);
    // Eight products of terms up to ~3 m/s, summed, times 1/h.
    expectMatches("divergence", s.download(SmokeField::Divergence), f.divergence, 16.0 * kEps * 3.0 * 4.0 / g.h);

    s.stepPass(SmokePass::SubtractGradient, kDt);
    smoke_ref::subtractGradient(g, f, kDt);
    const double tolerance = 8.0 * kEps * (3.0 + 2.0 * kDt / g.h);
    const std::vector<float> u = s.download(SmokeField::VelocityX), v = s.download(SmokeField::VelocityY);
    expectMatches("u", u, f.u, tolerance);
    expectMatches("v", v, f.v, tolerance);
    // Closed faces carry exactly their prescribed or solid velocity.
    for (size_t k = 0; k < u.size(); ++k)
        if (f.openX[k] == 0.0) {
            ASSERT_EQ(double(u[k]), f.u[k]) << "closed x-face " << k;
        }
    for (size_t k = 0; k < v.size(); ++k)
        if (f.openY[k] == 0.0) {
            ASSERT_EQ(double(v[k]), f.v[k]) << "closed y-face " << k;
        }
    s.setColliders({});
}

TEST_P(CollidersOnGrid, ProjectionLetsNothingThroughTheMovingSurfaces) {
    SmokeSettings settings = baseSettings();
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 80;
    settings.pressureTolerance = 1e-6f;
    SmokeSolver& s = solver(settings);
    s.clearObstacles();
    const smoke_ref::Grid g(settings);
    uploadRandom(s, g, 43);
    // The sides' faces get their prescribed velocities (a zero pressure leaves the others alone).
    s.upload(SmokeField::Pressure, std::vector<float>(s.fieldSize(SmokeField::Pressure), 0.0f));
    s.stepPass(SmokePass::SubtractGradient, kDt);
    s.setColliders(separateScene());
    s.stepPass(SmokePass::Colliders, kDt);
    s.stepPass(SmokePass::Divergence, kDt);
    const std::vector<float> before = s.download(SmokeField::Divergence);
    s.stepPass(SmokePass::PressureSolve, kDt);
    s.stepPass(SmokePass::SubtractGradient, kDt);

    const smoke_ref::State f = smoke_ref::downloadState(s);
    // Faces closed entirely move exactly with the collider (or the side's rule).
    for (int j = 0; j < g.ny; ++j)
        for (int i = 1; i < g.nx; ++i)
            if (f.openX[g.u(i, j)] == 0.0) {
                ASSERT_EQ(f.u[g.u(i, j)], f.solidVelocityX[g.u(i, j)]);
            }
    for (int j = 1; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (f.openY[g.v(i, j)] == 0.0) {
                ASSERT_EQ(f.v[g.v(i, j)], f.solidVelocityY[g.v(i, j)]);
            }
    size_t moving = 0;
    for (double x : f.solidVelocityX) moving += std::abs(x) > 0.1;
    EXPECT_GT(moving, 50u);
    // The divergence with the solid's flux over the closed parts, in double from the GPU's fields:
    // what the solve left (its relative tolerance of the starting divergence, up to ~7 times more
    // in the true residual than in CG's updated one: docs/architecture.md) plus the float rounding
    // of the velocity update u - dt/h (p1 - p0) (|u| up to ~3 m/s), summed over four faces, over h.
    smoke_ref::State after = f;
    smoke_ref::divergence(g, after);
    double start = 0.0;
    for (float x : before) start = std::max(start, double(std::abs(x)));
    const double update = 3.0 + 2.0 * kDt / g.h * maxAbs(f.pressure);
    const double bound = 10.0 * 1e-6 * start + 16.0 * kEps * update / g.h;
    const size_t worst = size_t(std::max_element(after.divergence.begin(), after.divergence.end(),
                                                 [](double a, double b) { return std::abs(a) < std::abs(b); }) -
                                after.divergence.begin());
    EXPECT_LE(maxAbs(after.divergence), bound) << "divergence before: " << start << "; worst in cell " << worst % g.nx
                                               << ", " << worst / g.nx;
    const PressureResidual residual = s.pressureResidual();
    EXPECT_TRUE(residual.reachedTolerance) << "relative residual " << residual.relative << " after "
                                           << residual.iterations << " iterations";
    s.setColliders({});
}

INSTANTIATE_TEST_SUITE_P(Boundaries, CollidersOnGrid, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

// A 2 m x 1 m tank of still fluid between walls, 64 x 32 cells, and a disc of radius 0.1 m dragged
// along its middle at 0.5 m/s (0.32 cells per step), its set handed over every step as an engine
// would.
class DraggedDisc : public GpuTest {
protected:
    static constexpr float kH = 1.0f / 32.0f, kRadius = 0.1f, kSpeed = 0.5f, kStep = 0.02f, kStartX = 0.4f,
                           kY = 0.5f;
    static SmokeSettings tank() {
        SmokeSettings s;
        s.nx = 64;
        s.ny = 32;
        s.cellSize = kH;
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureIterations = 40;
        s.pressureTolerance = 1e-4f;
        return s;
    }
    static float centreAfter(int steps) { return kStartX + kSpeed * kStep * float(steps); }
    // Hands the disc at its position after `steps` steps, then steps.
    static void drag(SmokeSolver& solver, int firstStep, int steps) {
        for (int k = firstStep; k < firstStep + steps; ++k) {
            const Collider c = disc(centreAfter(k), kY, kRadius, {kSpeed, 0.0f, 0.0f}, 0.0f);
            solver.setColliders(std::span(&c, 1));
            solver.step(kStep);
        }
    }
};

TEST_F(DraggedDisc, PushesTheFluidAheadAndLeavesAWake) {
    SmokeSolver solver(context(), tank());
    constexpr int kSteps = 60;  // 0.6 m, six diameters
    drag(solver, 0, kSteps);
    const float cx = centreAfter(kSteps - 1);
    const std::vector<float> u = solver.download(SmokeField::VelocityX), curl = solver.download(SmokeField::Curl);
    const int nx = 64;
    // The two rows either side of the centreline.
    auto centreU = [&](float x) {
        const int i = int(std::lround(x / kH));
        return 0.5f * (u[size_t(i) + 15 * (nx + 1)] + u[size_t(i) + 16 * (nx + 1)]);
    };
    // Just ahead of the disc (1.5 cells beyond its front) the fluid is pushed along with it.
    const float ahead = centreU(cx + kRadius + 1.5f * kH);
    EXPECT_GT(ahead, 0.3f * kSpeed) << "u ahead of the disc";
    EXPECT_LT(ahead, 1.2f * kSpeed) << "u ahead of the disc";
    // Behind it the fluid follows: a wake moving with the disc, one to three radii behind its rear.
    float behind = 0.0f;
    for (float d = kRadius; d <= 3.0f * kRadius; d += kH) behind += centreU(cx - kRadius - d);
    behind /= std::floor(2.0f * kRadius / kH) + 1.0f;
    EXPECT_GT(behind, 0.1f * kSpeed) << "mean u in the wake";
    // ... with a vortex pair shed from the sides: the curl above the wake's centreline and below it
    // have opposite signs, each a sizeable fraction of U / r.
    double above = 0.0, below = 0.0;
    const int first = int((cx - 4.0f * kRadius) / kH), last = int((cx - kRadius) / kH);
    for (int i = first; i <= last; ++i) {
        for (int j = 17; j <= 22; ++j) above += curl[size_t(i) + size_t(j) * (nx + 1)];
        for (int j = 10; j <= 15; ++j) below += curl[size_t(i) + size_t(j) * (nx + 1)];
    }
    const double nodes = 6.0 * (last - first + 1);
    above /= nodes;
    below /= nodes;
    std::printf("u ahead %.3f, wake %.3f (disc %.3f m/s); curl above %.3f, below %.3f 1/s\n", ahead, behind, kSpeed,
                above, below);
    EXPECT_LT(above * below, 0.0) << "the shear layers above and below turn opposite ways";
    EXPECT_GT(std::min(std::abs(above), std::abs(below)), 0.1 * kSpeed / kRadius);
}

TEST_F(DraggedDisc, LeavesNoStaleValuesBehind) {
    SmokeSettings settings = tank();
    settings.ambientTemperature = 300.0f;
    // What the advection leaves around a moving collider (no overshoot, a small dip): the mass
    // correction would spread the dip's loss over the whole tank as a 2e-4 rise.
    settings.massCorrection = false;
    SmokeSolver solver(context(), settings);
    const Collider start = disc(centreAfter(0), kY, kRadius, {kSpeed, 0.0f, 0.0f}, 0.0f);
    solver.setColliders(std::span(&start, 1));
    solver.stepPass(SmokePass::Colliders, kStep);
    // Uniform smoke everywhere, a dye blob only where the disc stands (inside a solid, as a
    // collider that appears over dyed fluid would leave it).
    const size_t cells = solver.fieldSize(SmokeField::Density);
    const std::vector<float> solid0 = solver.download(SmokeField::Solid);
    solver.upload(SmokeField::Density, std::vector<float>(cells, 1.0f));
    solver.upload(SmokeField::Temperature, std::vector<float>(cells, 310.0f));
    std::vector<float> dye(cells * 4, 0.0f);
    for (size_t c = 0; c < cells; ++c)
        if (solid0[c] >= 1.0f) dye[c * 4] = 1.0f;
    solver.upload(SmokeField::Dye, dye);

    drag(solver, 0, 60);
    const std::vector<float> solid = solver.download(SmokeField::Solid), density = solver.download(SmokeField::Density),
                             temperature = solver.download(SmokeField::Temperature), dyeAfter = solver.download(SmokeField::Dye);
    const std::vector<float> u = solver.download(SmokeField::VelocityX), v = solver.download(SmokeField::VelocityY);
    // Every cell with fluid in it, those the disc has left included, holds the smoke as it was:
    // a solid cell holds the mean of its fluid neighbours, which the fluid samples beside it.
    size_t left = 0, worstAt = 0;
    float worstDensity = 0.0f, worstTemperature = 0.0f, dyeLeft = 0.0f, leftDensity = 0.0f;
    for (size_t c = 0; c < cells; ++c) {
        if (solid[c] >= 1.0f) continue;
        if (std::abs(density[c] - 1.0f) > worstDensity) worstAt = c;
        worstDensity = std::max(worstDensity, std::abs(density[c] - 1.0f));
        worstTemperature = std::max(worstTemperature, std::abs(temperature[c] - 310.0f));
        if (solid0[c] >= 1.0f) {
            ++left;
            dyeLeft = std::max(dyeLeft, dyeAfter[c * 4]);
            leftDensity = std::max(leftDensity, std::abs(density[c] - 1.0f));
        }
    }
    std::printf("cells the disc left: %zu, density error there %.3g, dye there %.3g; worst density error %.3g at cell "
                "%zu,%zu (solid %.3f), temperature %.3g K\n",
                left, leftDensity, dyeLeft, worstDensity, worstAt % 64, worstAt / 64, solid[worstAt], worstTemperature);
    EXPECT_GT(left, 20u);
    // The cells the disc left hold the smoke around them (measured 1.1e-4: a one-step-old
    // neighbour mean)...
    EXPECT_LE(leftDensity, 1e-3f);
    // ... and hardly any of the dye that stood inside it (measured 0.4%: the dye inside a collider
    // moves with it, as the dye inside a static obstacle stays put, and is not emitted behind it).
    EXPECT_LE(dyeLeft, 0.02f);
    // Elsewhere the fluid keeps its smoke, except for a dip at the front's partly covered cells,
    // whose back-trace reaches solid cells with no fluid side neighbour (they hold density 0 and the
    // ambient temperature by the solid-cell rule): measured 1.5% of the smoke's excess.
    for (size_t c = 0; c < cells; ++c)
        if (solid[c] < 1.0f) {
            ASSERT_LE(density[c], 1.0f + 1e-5f) << "no overshoot, cell " << c;
        }
    EXPECT_LE(worstDensity, 0.05f);
    EXPECT_LE(worstTemperature, 0.05f * 10.0f);
    for (float x : u) ASSERT_LE(std::abs(x), 3.0f * kSpeed);
    for (float x : v) ASSERT_LE(std::abs(x), 3.0f * kSpeed);
}

class ColliderErrors : public GpuTest {};

TEST_F(ColliderErrors, BadCollidersAreRefusedByName) {
    SmokeSettings settings;
    settings.nx = 37;
    settings.ny = 23;
    settings.cellSize = 0.1f;
    SmokeSolver solver(context(), settings);
    const Collider good = disc(1.0f, 1.0f, 0.3f, {0.0f, 0.0f, 0.0f}, 0.0f);
    solver.setColliders(std::span(&good, 1));
    solver.stepPass(SmokePass::Colliders, kDt);
    const std::vector<float> solid = solver.download(SmokeField::Solid);

    auto expectRefused = [&](Collider bad, const std::string& field) {
        const std::vector<Collider> set = {good, bad};
        try {
            solver.setColliders(set);
            ADD_FAILURE() << "expected InvalidArgument naming " << field;
        } catch (const InvalidArgument& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    };
    const float nan = std::nanf("");
    Collider c = good;
    c.centre[1] = nan;
    expectRefused(c, "setColliders: colliders[1].centre");
    c = good;
    c.radius = 0.0f;
    expectRefused(c, "setColliders: colliders[1].radius");
    c = capsule(1.0f, 1.0f, -0.1f, 0.2f, 0.0f, {0.0f, 0.0f, 0.0f}, 0.0f);
    expectRefused(c, "setColliders: colliders[1].halfLength");
    c = box(1.0f, 1.0f, 0.2f, 0.0f, 0.0f, {0.0f, 0.0f, 0.0f}, 0.0f);
    expectRefused(c, "setColliders: colliders[1].halfExtents");
    c = good;
    c.orientation = {0.0f, 0.0f, 0.5f, 0.5f};
    expectRefused(c, "setColliders: colliders[1].orientation");
    c = good;
    c.orientation = {0.6f, 0.0f, 0.0f, 0.8f};  // a unit quaternion, but about x
    expectRefused(c, "setColliders: colliders[1].orientation");
    c = good;
    c.angularVelocity = {0.0f, 1.0f, 0.0f};
    expectRefused(c, "setColliders: colliders[1].angularVelocity");
    c = good;
    c.velocity[0] = std::numeric_limits<float>::infinity();
    expectRefused(c, "setColliders: colliders[1].velocity");
    c = good;
    c.shape = static_cast<ColliderShape>(7);
    expectRefused(c, "setColliders: colliders[1].shape");
    try {
        solver.setColliders(std::vector<Collider>(kMaxColliders + 1, good));
        ADD_FAILURE() << "expected InvalidArgument for too many colliders";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "setColliders: colliders.size()") << e.what();
    }
    // A refused set leaves the previous one in place: the next step rasterises nothing new.
    solver.step(kDt);
    EXPECT_EQ(solver.download(SmokeField::Solid), solid);
    // Unit quaternions within the tolerance are taken (and normalised).
    c = good;
    c.orientation = {0.0f, 0.0f, 0.0f, 1.0005f};
    solver.setColliders(std::span(&c, 1));
    EXPECT_THROW(solver.upload(SmokeField::SolidVelocityX, std::vector<float>(solver.fieldSize(SmokeField::SolidVelocityX))),
                 InvalidArgument);
}

} // namespace
} // namespace billow::test
