// The water kernels against the double-precision CPU reference (tests/reference/water), on a
// 37 x 23 grid (not a multiple of the 32 x 8 workgroup) with random terrain, depths (a third of
// the cells dry), flows large enough that outflow scaling acts on many cells, random dye, and
// brushes; once per boundary type, plus overrides, viscosity + friction, and the DepthPipes model;
// the Momentum model (random face velocities) once per boundary type as well.
// Tolerances are the float-rounding bounds the reference carries with each value.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "support/gpu_test.hpp"
#include "water/water_checks.hpp"
#include "reference/water/water_reference.hpp"

namespace billow::test {
namespace {

using water_ref::kFloatUlp;

class WaterKernels : public GpuTest {};

WaterSettings baseSettings() {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.pipeDepth = 1.5f;
    return s;
}

// Uploads a random violent state and returns it (as the floats the GPU holds). `stillMomentum`:
// in the Momentum model, start from rest (face velocities and flows 0).
water_ref::State uploadRandomState(WaterSolver& solver, uint32_t seed, bool stillMomentum = false) {
    const WaterSettings& s = solver.settings();
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<float> terrain(cells), depth(cells), dye(cells);
    for (size_t c = 0; c < cells; ++c) {
        terrain[c] = 2.0f * unit(rng) - 1.0f;
        depth[c] = unit(rng) < 0.33f ? 0.0f : 2.0f * unit(rng);
        dye[c] = unit(rng);
    }
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);  // DepthPipes: sets the stability limit
    water_ref::State st;
    std::vector<float> flowX(size_t(s.nx + 1) * s.ny), flowY(size_t(s.nx) * (s.ny + 1));
    if (s.model == WaterModel::Momentum) {
        // Face velocities of 4.8 to 6 m/s, pointing out of the cells with even i (x-faces) and
        // even j (y-faces): a cell with both even has all four faces draining it, which at
        // Courant number 0.7 carries more than it holds in a substep (sum of |u| dt / h above 1),
        // so outflow scaling acts on the momentum model's flows too. The applied flows, which
        // the advection reads, are about those the velocities carry (h * upwind depth * u, +-20%).
        std::vector<float> u(flowX.size()), v(flowY.size());
        auto speed = [&](int face) { return (face % 2 == 0 ? -6.0f : 6.0f) * (0.8f + 0.2f * unit(rng)); };
        auto upwind = [&](int i, int j, int di, int dj, float vel) {
            const int n = di ? int(s.nx) : int(s.ny), k = di ? i : j;
            const bool low = (vel > 0.0f && k > 0) || k == n;
            return depth[size_t(low ? (i - di) + (j - dj) * int(s.nx) : i + j * int(s.nx))];
        };
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i <= int(s.nx); ++i) {
                const size_t f = size_t(i + j * int(s.nx + 1));
                u[f] = speed(i);
                flowX[f] = s.cellSize * upwind(i, j, 1, 0, u[f]) * u[f] * (0.8f + 0.4f * unit(rng));
            }
        for (int j = 0; j <= int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i) {
                const size_t f = size_t(i + j * int(s.nx));
                v[f] = speed(j);
                flowY[f] = s.cellSize * upwind(i, j, 0, 1, v[f]) * v[f] * (0.8f + 0.4f * unit(rng));
            }
        if (stillMomentum) {
            std::fill(u.begin(), u.end(), 0.0f);
            std::fill(v.begin(), v.end(), 0.0f);
            std::fill(flowX.begin(), flowX.end(), 0.0f);
            std::fill(flowY.begin(), flowY.end(), 0.0f);
        }
        solver.upload(WaterField::FaceVelocityX, u);
        solver.upload(WaterField::FaceVelocityY, v);
        st.faceVelocityX = toDouble(u);
        st.faceVelocityY = toDouble(v);
    } else {
        // Flows up to twice what a 1 m deep cell can give in the substep: scaling acts often.
        const float dt = static_cast<float>(solver.stableTimeStep());
        const float flowScale = 2.0f * s.cellSize * s.cellSize / dt;
        for (float& q : flowX) q = flowScale * (2.0f * unit(rng) - 1.0f);
        for (float& q : flowY) q = flowScale * (2.0f * unit(rng) - 1.0f);
    }
    solver.upload(WaterField::FlowX, flowX);
    solver.upload(WaterField::FlowY, flowY);
    solver.upload(WaterField::Dye, dye);
    st.terrain = toDouble(terrain);
    st.depth = toDouble(depth);
    st.flowX = toDouble(flowX);
    st.flowY = toDouble(flowY);
    st.dye = toDouble(dye);
    st.velocity.assign(2 * cells, 0.0);
    return st;
}

void checkOneFrame(WaterSolver& solver, uint32_t seed) {
    const WaterSettings& s = solver.settings();
    // A first frame moves the clock (the wave makers' phase) away from 0. In the Momentum model it
    // starts from rest: the fastest face it measures then stays below the velocities uploaded
    // next, which set the substep (so outflow scaling acts where four of them drain a cell).
    uploadRandomState(solver, seed + 100, true);
    solver.step(0.37f * static_cast<float>(solver.stableTimeStep()));
    water_ref::State st = uploadRandomState(solver, seed);
    const double startTime = solver.time();
    const std::vector<WaterBrush> brushes = {
        {4.0f, 3.0f, 2.5f, -0.8f, 0.0f, 0.0f},    // a sink
        {12.0f, 7.0f, 3.0f, 0.5f, -0.6f, 0.0f},   // a spring digging a hole
        {9.0f, 9.0f, 1.7f, 0.0f, 0.4f, 0.9f},     // raises terrain, adds foam
    };
    for (const WaterBrush& b : brushes) solver.addBrush(b);

    const float dt = 0.9f * static_cast<float>(solver.stableTimeStep());
    ASSERT_EQ(solver.step(dt), 1u);
    const float subDt = static_cast<float>(double(dt) / 1);

    water_ref::applyBrushes(s, st, brushes);
    water_ref::Bounds bounds;
    water_ref::substep(s, st, subDt, startTime, bounds);
    // The random state is violent enough that outflow scaling (the non-negativity safety net) acts.
    EXPECT_GT(bounds.scaledCells, 0u);
    std::printf("outflow scaling acted in %zu of %zu cells\n", bounds.scaledCells, st.depth.size());
    // Brushes change depth by float-rounded amounts before the substep: a few ulps more.
    for (size_t c = 0; c < st.depth.size(); ++c) bounds.depth[c] += 4.0 * kFloatUlp * (st.depth[c] + 1.0);

    const std::vector<float> gpuDepth = solver.download(WaterField::Depth);
    if (s.model == WaterModel::Momentum) {
        expectWithin("faceVelocityX", solver.download(WaterField::FaceVelocityX), st.faceVelocityX,
                     bounds.faceVelocityX);
        expectWithin("faceVelocityY", solver.download(WaterField::FaceVelocityY), st.faceVelocityY,
                     bounds.faceVelocityY);
    }
    expectWithin("flowX", solver.download(WaterField::FlowX), st.flowX, bounds.flowX);
    expectWithin("flowY", solver.download(WaterField::FlowY), st.flowY, bounds.flowY);
    expectWithin("depth", gpuDepth, st.depth, bounds.depth);
    const std::vector<float> gpuVelocity = solver.download(WaterField::Velocity);
    expectWithin("velocity", gpuVelocity, st.velocity, bounds.velocity);
    std::vector<double> terrainBound(st.terrain.size());
    for (size_t c = 0; c < terrainBound.size(); ++c) terrainBound[c] = 4.0 * kFloatUlp * (std::abs(st.terrain[c]) + 1.0);
    expectWithin("terrain", solver.download(WaterField::Terrain), st.terrain, terrainBound);
    for (float d : gpuDepth) ASSERT_GE(d, 0.0f);

    // Dye: advected by the GPU's own velocity and depth, so the bound covers only the kernel's
    // rounding: back-traced positions carry a few ulps of (grid extent + displacement) cells, and a
    // position error moves the bilinear sample by at most the largest dye difference per cell.
    st.velocity = toDouble(gpuVelocity);
    st.depth = toDouble(gpuDepth);
    double maxSpeed = 0.0, maxDye = 0.0;
    for (double v : st.velocity) maxSpeed = std::max(maxSpeed, std::abs(v));
    for (double d : st.dye) maxDye = std::max(maxDye, d);
    water_ref::advectDye(s, st, dt);
    const double positionError = 16.0 * kFloatUlp * (s.nx + s.ny + 2.0 * dt / s.cellSize * maxSpeed);
    const std::vector<double> dyeBound(st.dye.size(), 2.0 * positionError * maxDye + 8.0 * kFloatUlp * maxDye);
    expectWithin("dye", solver.download(WaterField::Dye), st.dye, dyeBound);
}

TEST_F(WaterKernels, Walls) {
    WaterSolver solver(context(), baseSettings());
    checkOneFrame(solver, 1);
}

TEST_F(WaterKernels, InflowOnEverySide) {
    WaterSettings s = baseSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::Inflow));
    s.boundaries[1].flow = -0.2f;  // a given flow may also leave
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 2);
}

TEST_F(WaterKernels, OutflowOnEverySide) {
    WaterSettings s = baseSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::Outflow));
    s.boundaries[2].drop = 0.0f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 3);
}

TEST_F(WaterKernels, WaveMakerOnEverySide) {
    WaterSettings s = baseSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::WaveMaker));
    s.boundaries[3].period = 0.7f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 4);
}

// Wave makers whose sine is taken thousands of radians from 0 (and in every quadrant): the
// kernel's sine (common/precise_sine.glsl) reduces its argument itself, so the flow matches the
// double-precision reference on every device, not only on those whose built-in sin is precise
// (Vulkan allows 2^-11 absolute, and nothing beyond [-pi, pi]).
TEST_F(WaterKernels, WaveMakersFarFromZero) {
    WaterSettings s = baseSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::WaveMaker));
    s.boundaries[0].phase = 4321.7f;
    s.boundaries[1].phase = -2718.3f;
    s.boundaries[2].phase = 31415.9f;
    s.boundaries[3].phase = 1.5f;
    s.boundaries[3].period = 0.7f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 15);
}

TEST_F(WaterKernels, MixedSidesWithFaceOverrides) {
    WaterSettings s = baseSettings();
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[1] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[2] = boundaryOf(WaterBoundaryType::WaveMaker);
    s.overrides.push_back({Side::Top, 5, 4, boundaryOf(WaterBoundaryType::Inflow)});      // a river mouth
    s.overrides.push_back({Side::Right, 0, 3, WaterBoundary{}});                          // walled corner
    s.overrides.push_back({Side::Top, 7, 1, boundaryOf(WaterBoundaryType::Outflow)});     // later wins
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 5);
}

TEST_F(WaterKernels, FrictionAndViscosity) {
    WaterSettings s = baseSettings();
    s.friction = 0.3f;
    s.viscosity = 0.05f;
    s.boundaries[1] = boundaryOf(WaterBoundaryType::Outflow);
    s.dyeDecay = 0.5f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 6);
}

TEST_F(WaterKernels, DepthPipes) {
    WaterSettings s = baseSettings();
    s.model = WaterModel::DepthPipes;
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[3] = boundaryOf(WaterBoundaryType::WaveMaker);
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 7);
}

// The momentum model: random face velocities, every boundary type, friction and viscosity.
WaterSettings momentumSettings() {
    WaterSettings s = baseSettings();
    s.model = WaterModel::Momentum;
    s.courant = 0.7f;
    return s;
}

TEST_F(WaterKernels, MomentumWalls) {
    WaterSolver solver(context(), momentumSettings());
    checkOneFrame(solver, 11);
}

TEST_F(WaterKernels, MomentumInflowAndOutflow) {
    WaterSettings s = momentumSettings();
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[0].flow = 2.5f;  // enough that the clamp to the critical speed acts in shallow cells
    s.boundaries[1] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[2] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[2].flow = -0.4f;
    s.boundaries[3] = boundaryOf(WaterBoundaryType::Outflow);
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 12);
}

TEST_F(WaterKernels, MomentumWaveMakersAndOverrides) {
    WaterSettings s = momentumSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::WaveMaker));
    s.boundaries[3].period = 0.7f;
    s.overrides.push_back({Side::Top, 5, 4, boundaryOf(WaterBoundaryType::Inflow)});
    s.overrides.push_back({Side::Right, 0, 3, WaterBoundary{}});
    s.overrides.push_back({Side::Left, 7, 2, boundaryOf(WaterBoundaryType::Outflow)});
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 13);
}

TEST_F(WaterKernels, MomentumFrictionAndViscosity) {
    WaterSettings s = momentumSettings();
    s.friction = 0.3f;
    s.viscosity = 0.05f;
    s.dyeDecay = 0.5f;
    s.boundaries[1] = boundaryOf(WaterBoundaryType::Outflow);
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 14);
}

} // namespace
} // namespace billow::test
