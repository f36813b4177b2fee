// The water solver on the Triangle lattice (WaterLattice::Triangle) on lavapipe: one substep
// against the double-precision reference (tests/reference/water/water_reference_triangle.cpp) on
// 37 x 23 vertices (not a multiple of the 32 x 8 workgroup) with random terrain, depths (a third
// dry), flows on all three edge arrays large enough that outflow scaling acts, and brushes; once
// per boundary type, with overrides, friction + viscosity and DepthPipes. Then the invariants: a
// lake at rest stays exactly at rest, a violent closed box keeps its water to round-off and never
// goes negative, rain adds the brush's water; and the refusals.
// Tolerances are the float-rounding bounds the reference carries with each value.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "support/gpu_test.hpp"
#include "water/water_checks.hpp"
#include "reference/water/water_reference.hpp"
#include "water/water_test_scenes.hpp"

namespace billow::test {
namespace {

using water_ref::kFloatUlp;

class WaterTriangle : public GpuTest {};

WaterSettings triangleSettings() {
    WaterSettings s;
    s.lattice = WaterLattice::Triangle;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.pipeDepth = 1.5f;
    return s;
}

// Uploads a random violent state and returns it (as the floats the GPU holds).
water_ref::State uploadRandomState(WaterSolver& solver, uint32_t seed) {
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
    // Flows up to twice what a 1 m deep column can give in the substep through one edge: with six
    // edges, scaling acts often.
    const float dt = static_cast<float>(solver.stableTimeStep());
    const float flowScale = 2.0f * s.cellSize * s.cellSize / dt;
    std::vector<float> flowX(solver.fieldSize(WaterField::FlowX)), flowY(solver.fieldSize(WaterField::FlowY)),
        flowZ(solver.fieldSize(WaterField::FlowZ));
    for (auto* flows : {&flowX, &flowY, &flowZ})
        for (float& q : *flows) q = flowScale * (2.0f * unit(rng) - 1.0f);
    solver.upload(WaterField::FlowX, flowX);
    solver.upload(WaterField::FlowY, flowY);
    solver.upload(WaterField::FlowZ, flowZ);
    solver.upload(WaterField::Dye, dye);
    water_ref::State st;
    st.terrain = toDouble(terrain);
    st.depth = toDouble(depth);
    st.flowX = toDouble(flowX);
    st.flowY = toDouble(flowY);
    st.flowZ = toDouble(flowZ);
    st.dye = toDouble(dye);
    st.velocity.assign(2 * cells, 0.0);
    return st;
}

void checkOneFrame(WaterSolver& solver, uint32_t seed) {
    const WaterSettings& s = solver.settings();
    // A first frame moves the clock (the wave makers' phase) away from 0.
    uploadRandomState(solver, seed + 100);
    solver.step(0.37f * static_cast<float>(solver.stableTimeStep()));
    water_ref::State st = uploadRandomState(solver, seed);
    const double startTime = solver.time();
    const std::vector<WaterBrush> brushes = {
        {4.0f, 3.0f, 2.5f, -0.8f, 0.0f, 0.0f},   // a sink
        {12.0f, 7.0f, 3.0f, 0.5f, -0.6f, 0.0f},  // a spring digging a hole
        {9.0f, 6.0f, 1.7f, 0.0f, 0.4f, 0.9f},    // raises terrain, adds foam
    };
    for (const WaterBrush& b : brushes) solver.addBrush(b);

    const float dt = 0.9f * static_cast<float>(solver.stableTimeStep());
    ASSERT_EQ(solver.step(dt), 1u);

    water_ref::applyBrushes(s, st, brushes);
    water_ref::Bounds bounds;
    water_ref::substepTriangle(s, st, dt, startTime, bounds);
    EXPECT_GT(bounds.scaledCells, 0u);  // the state is violent enough that outflow scaling acts
    std::printf("outflow scaling acted in %zu of %zu vertices\n", bounds.scaledCells, st.depth.size());
    // Brushes change depth by float-rounded amounts (and float vertex positions) before the
    // substep: a few ulps more.
    for (size_t c = 0; c < st.depth.size(); ++c) bounds.depth[c] += 4.0 * kFloatUlp * (st.depth[c] + 1.0);

    const std::vector<float> gpuDepth = solver.download(WaterField::Depth);
    expectWithin("flowX", solver.download(WaterField::FlowX), st.flowX, bounds.flowX);
    expectWithin("flowY", solver.download(WaterField::FlowY), st.flowY, bounds.flowY);
    expectWithin("flowZ", solver.download(WaterField::FlowZ), st.flowZ, bounds.flowZ);
    expectWithin("depth", gpuDepth, st.depth, bounds.depth);
    const std::vector<float> gpuVelocity = solver.download(WaterField::Velocity);
    expectWithin("velocity", gpuVelocity, st.velocity, bounds.velocity);
    std::vector<double> terrainBound(st.terrain.size());
    for (size_t c = 0; c < terrainBound.size(); ++c) terrainBound[c] = 4.0 * kFloatUlp * (std::abs(st.terrain[c]) + 1.0);
    expectWithin("terrain", solver.download(WaterField::Terrain), st.terrain, terrainBound);
    for (float d : gpuDepth) ASSERT_GE(d, 0.0f);

    // Dye: advected by the GPU's own velocity and depth, so the bound covers only the kernel's
    // rounding: back-traced positions carry a few ulps of (domain extent + displacement), and a
    // position error e moves a barycentric weight by at most e / (h sqrt(3)/2) (the triangle's
    // height), so the sample by at most twice that times the largest dye (two weights change).
    st.velocity = toDouble(gpuVelocity);
    st.depth = toDouble(gpuDepth);
    double maxSpeed = 0.0, maxDye = 0.0;
    for (double v : st.velocity) maxSpeed = std::max(maxSpeed, std::abs(v));
    for (double d : st.dye) maxDye = std::max(maxDye, d);
    water_ref::advectDye(s, st, dt);
    const double positionError = 16.0 * kFloatUlp * (s.cellSize * (s.nx + s.ny) + 2.0 * dt * maxSpeed);
    const double weightError = positionError / (s.cellSize * std::sqrt(3.0) / 2.0);
    const std::vector<double> dyeBound(st.dye.size(), 2.0 * weightError * maxDye + 8.0 * kFloatUlp * maxDye);
    expectWithin("dye", solver.download(WaterField::Dye), st.dye, dyeBound);
}

TEST_F(WaterTriangle, Walls) {
    WaterSolver solver(context(), triangleSettings());
    checkOneFrame(solver, 1);
}

TEST_F(WaterTriangle, InflowOnEverySide) {
    WaterSettings s = triangleSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::Inflow));
    s.boundaries[1].flow = -0.2f;  // a given flow may also leave
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 2);
}

TEST_F(WaterTriangle, OutflowOnEverySide) {
    WaterSettings s = triangleSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::Outflow));
    s.boundaries[2].drop = 0.0f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 3);
}

TEST_F(WaterTriangle, WaveMakerOnEverySide) {
    WaterSettings s = triangleSettings();
    s.boundaries.fill(boundaryOf(WaterBoundaryType::WaveMaker));
    s.boundaries[3].period = 0.7f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 4);
}

TEST_F(WaterTriangle, MixedSidesWithOverridesFrictionAndViscosity) {
    WaterSettings s = triangleSettings();
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[1] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[2] = boundaryOf(WaterBoundaryType::WaveMaker);
    s.overrides.push_back({Side::Top, 5, 4, boundaryOf(WaterBoundaryType::Inflow)});   // a river mouth
    s.overrides.push_back({Side::Right, 0, 3, WaterBoundary{}});                       // walled corner
    s.overrides.push_back({Side::Left, 7, 2, boundaryOf(WaterBoundaryType::Outflow)});  // a drain
    s.friction = 0.3f;
    s.viscosity = 0.05f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 5);
}

TEST_F(WaterTriangle, DepthPipes) {
    WaterSettings s = triangleSettings();
    s.model = WaterModel::DepthPipes;
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[3] = boundaryOf(WaterBoundaryType::WaveMaker);
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 7);
}

// An even number of rows (the top row then odd, shifted right: its upper edges end one column
// further) and an even row length, with every side open.
TEST_F(WaterTriangle, EvenRowsAndColumnsOpenSides) {
    WaterSettings s = triangleSettings();
    s.nx = 36;
    s.ny = 24;
    s.boundaries[0] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[1] = boundaryOf(WaterBoundaryType::WaveMaker);
    s.boundaries[2] = boundaryOf(WaterBoundaryType::Outflow);
    s.boundaries[3] = boundaryOf(WaterBoundaryType::Inflow);
    s.boundaries[3].flow = -0.25f;
    WaterSolver solver(context(), s);
    checkOneFrame(solver, 8);
}

// DepthPipes' stability limit follows the largest depth the triangle depth pass measures: a lake
// at rest keeps its depths, and once the uploaded bound has aged out (4 frames) the limit is
// courant * h / sqrt(g * Hmax) of the GPU's measurement alone.
TEST_F(WaterTriangle, DepthPipesLimitFollowsTheMeasuredDepth) {
    WaterSettings s = triangleSettings();
    s.model = WaterModel::DepthPipes;
    WaterSolver solver(context(), s);
    const std::vector<float> terrain = lakeAtRestTerrain(s);
    const std::vector<float> depth = fillToLevel(terrain, 0.25f);
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    for (int f = 0; f < 6; ++f) solver.step(0.05f);
    const double deepest = *std::max_element(depth.begin(), depth.end());
    const double expected = s.courant * s.cellSize / std::sqrt(double(s.gravity) * deepest);
    std::printf("DepthPipes: deepest %.6f m, stable substep %.6f s (expected %.6f s)\n", deepest,
                solver.stableTimeStep(), expected);
    // The float maximum is the float depth itself; the limit is computed in double from it.
    EXPECT_NEAR(solver.stableTimeStep(), expected, 1e-12);
}

// Terrain with bumps and an island above the level, rounded to multiples of 2^-12 m so that
// level - terrain and terrain + depth are exact in float: every edge sees equal surfaces, so the
// scheme must move no water at all (well-balanced). 2,000 substeps.
TEST_F(WaterTriangle, LakeAtRestStaysExactlyAtRest) {
    WaterSettings s = triangleSettings();
    s.pipeDepth = 1.0f;
    WaterSolver solver(context(), s);
    const std::vector<float> terrain = lakeAtRestTerrain(s);
    const std::vector<float> depth = fillToLevel(terrain, 0.25f);
    ASSERT_GT(std::count(depth.begin(), depth.end(), 0.0f), 10);  // islands exist
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    const float frame = static_cast<float>(49.5 * solver.stableTimeStep());
    for (int f = 0; f < 40; ++f) ASSERT_EQ(solver.step(frame), 50u);
    const std::vector<float> after = solver.download(WaterField::Depth);
    double worst = 0.0;
    for (size_t c = 0; c < depth.size(); ++c) worst = std::max(worst, double(std::abs(after[c] - depth[c])));
    EXPECT_EQ(worst, 0.0);
    for (WaterField f : {WaterField::FlowX, WaterField::FlowY, WaterField::FlowZ})
        for (float q : solver.download(f)) ASSERT_EQ(q, 0.0f) << waterFieldName(f);
}

// 6,000 substeps of a violent state in a closed box (walls): each edge moves the same scaled flow
// out of one column and into the other, so the total changes only by the depth updates' float
// rounding (a few ulps of each column per substep, random in sign): ~ulp * sqrt(substeps * cells)
// relative, ~1e-5 at most. No depth goes negative (outflow scaling).
TEST_F(WaterTriangle, ClosedBoxConservesWaterAndStaysNonNegative) {
    WaterSettings s = triangleSettings();
    s.nx = 19;
    s.ny = 13;
    WaterSolver solver(context(), s);
    const float frame = static_cast<float>(99.5 * solver.stableTimeStep());  // 100 substeps a frame
    const ClosedBoxRun run = runViolentClosedBox(solver, 60, frame);
    EXPECT_EQ(run.substeps, 6000u);
    EXPECT_LE(run.relativeDrift, 1e-5);
}

// Rain on still, flat ground: one brush adds w * water at each vertex, w = max(0, 1 - d / r) with
// d measured from the vertex's position; the walls keep it all, so the volume after the frame is
// the brush's volume on the lattice (within float rounding of the sum), and the depths match the
// reference's brush + substep.
TEST_F(WaterTriangle, RainAddsTheBrushWater) {
    WaterSettings s = triangleSettings();
    WaterSolver solver(context(), s);
    const WaterBrush rain{9.3f, 5.1f, 4.0f, 0.2f, 0.0f, 0.0f};
    solver.addBrush(rain);
    const float dt = 0.5f * static_cast<float>(solver.stableTimeStep());
    ASSERT_EQ(solver.step(dt), 1u);
    water_ref::State st;
    const size_t cells = size_t(s.nx) * s.ny;
    st.terrain.assign(cells, 0.0);
    st.depth.assign(cells, 0.0);
    st.dye.assign(cells, 0.0);
    st.velocity.assign(2 * cells, 0.0);
    st.flowX.assign(solver.fieldSize(WaterField::FlowX), 0.0);
    st.flowY.assign(solver.fieldSize(WaterField::FlowY), 0.0);
    st.flowZ.assign(solver.fieldSize(WaterField::FlowZ), 0.0);
    water_ref::applyBrushes(s, st, {rain});
    double expectedVolume = 0.0;
    for (double d : st.depth) expectedVolume += d;
    ASSERT_GT(expectedVolume, 0.0);
    expectedVolume *= 0.5 * std::sqrt(3.0) * s.cellSize * s.cellSize;
    water_ref::Bounds bounds;
    water_ref::substepTriangle(s, st, dt, 0.0, bounds);
    for (size_t c = 0; c < cells; ++c) bounds.depth[c] += 4.0 * kFloatUlp * (st.depth[c] + 1.0);
    expectWithin("depth", solver.download(WaterField::Depth), st.depth, bounds.depth);
    const double volume = solver.totalVolume();
    std::printf("rain: volume %.9g m^3, brush volume %.9g m^3\n", volume, expectedVolume);
    EXPECT_NEAR(volume, expectedVolume, 1e-5 * expectedVolume);
}

// Probes on the lattice: depth, terrain, surface and velocity linear over the lattice triangle
// holding each point (the reference finds it from the nearest vertex), points outside clamped
// onto the domain ((nx + 1/2) h by ny h sqrt(3)/2) and flagged. Bound: the kernel's weights carry
// a few ulps of the position (in units of the triangle's height) and the sums a few ulps of the
// values: 64 ulps of (the largest magnitude of the field) covers both.
TEST_F(WaterTriangle, ProbesSampleTheLatticeTriangles) {
    WaterSettings s = triangleSettings();
    WaterSolver solver(context(), s);
    uploadRandomState(solver, 21);
    const double width = (s.nx + 0.5) * s.cellSize, height = s.ny * s.cellSize * std::sqrt(3.0) / 2.0;
    std::mt19937 rng(22);
    std::uniform_real_distribution<float> u(-0.1f, 1.1f);  // some outside the domain
    std::vector<ProbePoint> points(200);
    for (ProbePoint& p : points) p = {float(u(rng) * width), float(u(rng) * height), 0.0f};
    points[0] = {0.0f, 0.0f, 0.0f};                                   // a corner
    points[1] = {float(width), 0.0f, 0.0f};                           // another (width is exact in float)
    points[2] = {float(10.5 * s.cellSize), float(0.5 * s.cellSize * std::sqrt(3.0) / 2.0), 0.0f};  // a vertex
    solver.setProbes(points);
    solver.step(0.5f * static_cast<float>(solver.stableTimeStep()));
    solver.step(0.5f * static_cast<float>(solver.stableTimeStep()));  // results come a frame later
    const std::vector<float> depth = solver.download(WaterField::Depth), terrain = solver.download(WaterField::Terrain),
                             velocity = solver.download(WaterField::Velocity);
    const std::optional<ProbeResults> results = solver.probeResults();
    ASSERT_TRUE(results.has_value());
    ASSERT_EQ(results->samples.size(), points.size());
    auto largest = [](const std::vector<float>& v) {
        double m = 0.0;
        for (float x : v) m = std::max(m, double(std::abs(x)));
        return m;
    };
    const double depthBound = 64.0 * kFloatUlp * largest(depth), terrainBound = 64.0 * kFloatUlp * largest(terrain),
                 speedBound = 64.0 * kFloatUlp * largest(velocity);
    size_t outside = 0;
    for (size_t k = 0; k < points.size(); ++k) {
        const double x = std::clamp(double(points[k][0]), 0.0, width), y = std::clamp(double(points[k][1]), 0.0, height);
        const bool isOutside = x != double(points[k][0]) || y != double(points[k][1]);
        outside += isOutside;
        const ProbeSample& got = results->samples[k];
        EXPECT_EQ((got.flags & kProbeOutside) != 0, isOutside) << "probe " << k;
        const double d = water_ref::sampleTriangle(s, toDouble(depth), 1, 0, x, y);
        const double g = water_ref::sampleTriangle(s, toDouble(terrain), 1, 0, x, y);
        EXPECT_NEAR(got.depth, d, depthBound) << "probe " << k;
        EXPECT_NEAR(got.terrain, g, terrainBound) << "probe " << k;
        EXPECT_NEAR(got.surfaceHeight, g + d, depthBound + terrainBound) << "probe " << k;
        for (int a = 0; a < 2; ++a)
            EXPECT_NEAR(got.velocity[a], water_ref::sampleTriangle(s, toDouble(velocity), 2, a, x, y), speedBound)
                << "probe " << k << " axis " << a;
    }
    EXPECT_GT(outside, 10u);
    // At a vertex the sample is the vertex's own value.
    EXPECT_NEAR(results->samples[2].depth, depth[10], depthBound);
}

TEST_F(WaterTriangle, BadInputNamesTheField) {
    WaterSettings s = triangleSettings();
    s.model = WaterModel::Momentum;  // over-determined on the hexagonal C-grid (docs/shallow-water.md)
    EXPECT_EQ(fieldOf([&] { s.validate(); }), "WaterSettings::model");
    EXPECT_EQ(fieldOf([&] { WaterSolver solver(context(), s); }), "WaterSettings::model");

    WaterSettings square = triangleSettings();
    square.lattice = WaterLattice::Square;
    WaterSolver squareSolver(context(), square);
    EXPECT_EQ(squareSolver.fieldSize(WaterField::FlowZ), 0u);
    EXPECT_EQ(fieldOf([&] { squareSolver.upload(WaterField::FlowZ, std::vector<float>(10)); }), "upload(FlowZ)");
    EXPECT_EQ(fieldOf([&] { squareSolver.updateSettings(triangleSettings()); }), "WaterSettings::lattice");

    WaterSolver solver(context(), triangleSettings());
    EXPECT_EQ(solver.fieldSize(WaterField::FlowZ), size_t(38) * 24);
    EXPECT_EQ(solver.step(0.01f), 1u);  // still usable
}

} // namespace
} // namespace billow::test
