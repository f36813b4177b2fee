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
#include "reference/water/water_reference.hpp"
#include "water/water_test_scenes.hpp"

namespace billow::test {
namespace {

using water_ref::kFloatUlp;

class WaterTriangle : public GpuTest {};

std::vector<double> toDouble(const std::vector<float>& v) { return {v.begin(), v.end()}; }

void expectWithin(const char* what, const std::vector<float>& gpu, const std::vector<double>& ref,
                  const std::vector<double>& bound) {
    ASSERT_EQ(gpu.size(), ref.size()) << what;
    size_t failures = 0;
    for (size_t k = 0; k < gpu.size(); ++k) {
        const double error = std::abs(double(gpu[k]) - ref[k]);
        if (!(error <= bound[k]) && ++failures <= 5)
            ADD_FAILURE() << what << "[" << k << "]: gpu " << gpu[k] << " reference " << ref[k] << " error " << error
                          << " > bound " << bound[k];
    }
    EXPECT_EQ(failures, 0u) << what;
}

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
    expectWithin("velocity", solver.download(WaterField::Velocity), st.velocity, bounds.velocity);
    std::vector<double> terrainBound(st.terrain.size());
    for (size_t c = 0; c < terrainBound.size(); ++c) terrainBound[c] = 4.0 * kFloatUlp * (std::abs(st.terrain[c]) + 1.0);
    expectWithin("terrain", solver.download(WaterField::Terrain), st.terrain, terrainBound);
    for (float d : gpuDepth) ASSERT_GE(d, 0.0f);
}

WaterBoundary boundaryOf(WaterBoundaryType type) {
    WaterBoundary b;
    b.type = type;
    b.flow = 0.3f;
    b.amplitude = 0.5f;
    b.period = 2.3f;
    b.phase = 0.4f;
    b.drop = 0.25f;
    return b;
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
    // The depth pass measured the largest depth: the stability limit follows it.
    const std::vector<float> depth = solver.download(WaterField::Depth);
    const double deepest = *std::max_element(depth.begin(), depth.end());
    solver.step(0.5f * static_cast<float>(solver.stableTimeStep()));
    EXPECT_GT(solver.stableTimeStep(), 0.0);
    EXPECT_LT(solver.stableTimeStep(), std::numeric_limits<double>::infinity());
    std::printf("DepthPipes: deepest %.4f m, stable substep %.5f s\n", deepest, solver.stableTimeStep());
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

template <class F>
std::string fieldOf(F&& f) {
    try {
        f();
    } catch (const InvalidArgument& e) {
        return e.field();
    }
    return "(no error)";
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
    const ProbePoint probe{};
    EXPECT_EQ(fieldOf([&] { solver.setProbes(std::span(&probe, 1)); }), "setProbes: WaterSettings::lattice");
    EXPECT_EQ(fieldOf([&] { solver.setParticles(ParticleBuffers{}); }), "setParticles: WaterSettings::lattice");
    const FloatingBody body{};
    EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&body, 1)); }), "setBodies: WaterSettings::lattice");
    solver.setProbes({});  // removing none is fine
    solver.setBodies({});
    EXPECT_EQ(solver.step(0.01f), 1u);  // still usable
}

} // namespace
} // namespace billow::test
