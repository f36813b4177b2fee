// Erosion (billow::HydraulicErosionSettings, ThermalErosionSettings, WaterSettings::evaporation):
// the sediment transport of a substep and the frame's erosion pass against the double-precision
// reference (tests/reference/water/water_reference_erosion.*) on a 37 x 23 grid (not a multiple of
// the workgroup) with random inputs, then the physical invariants: soil + sediment conserved to
// round-off in a closed domain, still water and flat dry terrain erode nothing (to the bit),
// sediment deposits where a fast channel slows in a basin, thermal erosion comes to rest at the
// talus angle, hardness 1 never dissolves, evaporation follows exp(-rate t), and bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>
#include <string>

#include "support/gpu_test.hpp"
#include "water/water_checks.hpp"
#include "reference/water/water_reference.hpp"
#include "reference/water/water_reference_erosion.hpp"

namespace billow::test {
namespace {

using water_ref::kFloatUlp;

class WaterErosion : public GpuTest {};

WaterSettings gridSettings(WaterLattice lattice) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.pipeDepth = 1.5f;
    s.lattice = lattice;
    return s;
}

std::vector<float> randomField(std::mt19937& rng, size_t n, float low, float high) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> v(n);
    for (float& x : v) x = d(rng);
    return v;
}

double sum(const std::vector<float>& v) {
    double total = 0.0;
    for (float x : v) total += x;
    return total;
}

// One frame of one substep from a random violent state (a third of the cells dry, flows that
// outflow scaling must cut, random sediment and hardness) with hydraulic and thermal erosion on;
// the GPU's sediment, terrain and depth against the reference's transport (from the depth before
// the substep and the scaled flows the GPU applied) followed by its erosion pass (from the GPU's
// depth and velocity after the substep).
void checkErosionFrame(WaterSolver& solver, uint32_t seed) {
    const WaterSettings& s = solver.settings();
    std::mt19937 rng(seed);
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<float> terrain = randomField(rng, cells, -1.0f, 1.0f);
    std::vector<float> depth = randomField(rng, cells, 0.0f, 2.0f);
    for (float& d : depth)
        if (std::uniform_real_distribution<float>(0.0f, 1.0f)(rng) < 0.33f) d = 0.0f;
    const std::vector<float> sediment = randomField(rng, cells, 0.0f, 0.2f);
    const std::vector<float> hardness = randomField(rng, cells, 0.0f, 1.0f);
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    solver.upload(WaterField::Sediment, sediment);
    solver.upload(WaterField::Hardness, hardness);
    const float dt = 0.9f * static_cast<float>(solver.stableTimeStep());
    // Flows up to twice what a 1 m deep cell can give in the substep: outflow scaling acts often.
    const float flowScale = 2.0f * s.cellSize * s.cellSize / dt;
    for (WaterField f : {WaterField::FlowX, WaterField::FlowY, WaterField::FlowZ})
        if (solver.fieldSize(f) > 0) solver.upload(f, randomField(rng, solver.fieldSize(f), -flowScale, flowScale));
    ASSERT_EQ(solver.step(dt), 1u);

    std::array<std::vector<double>, 3> flows = {toDouble(solver.download(WaterField::FlowX)),
                                                toDouble(solver.download(WaterField::FlowY)),
                                                toDouble(solver.download(WaterField::FlowZ))};
    water_ref::ErosionState st;
    st.sediment = toDouble(sediment);
    water_ref::ErosionBounds bounds;
    bounds.sediment.assign(cells, 0.0);
    water_ref::transportSediment(s, dt, toDouble(depth), flows, st.sediment, bounds.sediment);
    double carried = 0.0;  // how much the transport moved: the test is not of a still field
    for (size_t c = 0; c < cells; ++c) carried += std::abs(st.sediment[c] - sediment[c]);
    std::printf("transport moved %.3g m of sediment over %zu cells\n", carried, cells);
    EXPECT_GT(carried, 0.1);

    const std::vector<float> gpuDepth = solver.download(WaterField::Depth);
    st.terrain = toDouble(terrain);
    st.depth = toDouble(gpuDepth);
    st.velocity = toDouble(solver.download(WaterField::Velocity));
    st.hardness = toDouble(hardness);
    water_ref::erode(s, dt, st, bounds);
    expectWithin("sediment", solver.download(WaterField::Sediment), st.sediment, bounds.sediment);
    expectWithin("terrain", solver.download(WaterField::Terrain), st.terrain, bounds.terrain);
    // Depth: the frame's evaporation only.
    expectWithin("depth", gpuDepth, st.depth, bounds.depth);
    size_t eroded = 0;
    for (size_t c = 0; c < cells; ++c) eroded += st.terrain[c] != terrain[c];
    EXPECT_GT(eroded, cells / 2);
}

WaterSettings erodingSettings(WaterLattice lattice) {
    WaterSettings s = gridSettings(lattice);
    s.boundaries[size_t(Side::Left)].type = WaterBoundaryType::Inflow;  // clean water in
    s.boundaries[size_t(Side::Left)].flow = 0.4f;
    s.boundaries[size_t(Side::Right)].type = WaterBoundaryType::Outflow;  // sediment out
    s.erosion.hydraulic.enabled = true;
    s.erosion.hydraulic.capacity = 0.3f;
    s.erosion.hydraulic.dissolveRate = 2.0f;
    s.erosion.hydraulic.depositRate = 3.0f;
    s.erosion.hydraulic.deepWaterLimit = 0.8f;  // depths up to 2 m: the ramp acts
    s.erosion.thermal.enabled = true;
    s.erosion.thermal.talusAngle = 40.0f;
    s.erosion.thermal.rate = 4.0f;
    return s;
}

TEST_F(WaterErosion, SquareFrameAgainstReference) {
    WaterSolver solver(context(), erodingSettings(WaterLattice::Square));
    checkErosionFrame(solver, 11);
}

TEST_F(WaterErosion, TriangleFrameAgainstReference) {
    WaterSolver solver(context(), erodingSettings(WaterLattice::Triangle));
    checkErosionFrame(solver, 12);
}

// Thermal erosion alone on a steep random terrain with random hardness, several frames so that the
// slides have been applied to changed terrain.
void checkThermal(WaterLattice lattice) {
    WaterSettings s = gridSettings(lattice);
    s.erosion.thermal.enabled = true;
    s.erosion.thermal.talusAngle = 30.0f;
    s.erosion.thermal.rate = 3.0f;
    WaterSolver solver(sharedContext(), s);
    std::mt19937 rng(5);
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<float> terrain = randomField(rng, cells, -2.0f, 2.0f);
    std::vector<float> hardness = randomField(rng, cells, 0.0f, 1.0f);
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Hardness, hardness);
    const float dt = 0.1f;
    for (int frame = 0; frame < 3; ++frame) {
        terrain = solver.download(WaterField::Terrain);
        solver.step(dt);
        water_ref::ErosionState st{toDouble(terrain), std::vector<double>(cells, 0.0), std::vector<double>(cells, 0.0),
                                   toDouble(hardness), std::vector<double>(2 * cells, 0.0)};
        water_ref::ErosionBounds bounds;
        water_ref::erode(s, dt, st, bounds);
        expectWithin("terrain", solver.download(WaterField::Terrain), st.terrain, bounds.terrain);
    }
}

TEST_F(WaterErosion, SquareThermalAgainstReference) { checkThermal(WaterLattice::Square); }
TEST_F(WaterErosion, TriangleThermalAgainstReference) { checkThermal(WaterLattice::Triangle); }

// The least-squares gradient is exact for a linear terrain on every cell, sides and corners
// included (the reference against the plane it was built from: it is what the kernel's slope is
// checked with above).
TEST_F(WaterErosion, ReferenceGradientIsExactForAPlane) {
    for (WaterLattice lattice : {WaterLattice::Square, WaterLattice::Triangle}) {
        const WaterSettings s = gridSettings(lattice);
        std::vector<double> plane(size_t(s.nx) * s.ny);
        const double gx = 0.3, gy = -0.7;
        const double rowHeight = lattice == WaterLattice::Triangle ? std::sqrt(3.0) / 2.0 : 1.0;
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i) {
                const double x = (i + 0.5 + (lattice == WaterLattice::Triangle ? 0.5 * (j % 2) : 0.0)) * s.cellSize;
                plane[size_t(i + j * int(s.nx))] = gx * x + gy * (j + 0.5) * rowHeight * s.cellSize;
            }
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i) {
                const std::array<double, 2> g = water_ref::terrainGradient(s, plane, i, j);
                ASSERT_NEAR(g[0], gx, 1e-12) << i << "," << j;
                ASSERT_NEAR(g[1], gy, 1e-12) << i << "," << j;
            }
    }
}

// A hill (0..1 m) in a closed box, rain on it every frame, both erosions on: the sum of terrain and
// sediment over the cells stays what it was. Bound: every frame each cell rounds its terrain and
// sediment once in the erosion pass and its sediment once per edge in each substep's transport,
// each rounding at most half an ulp of a value below 2 m (ulp 2^-23 at most): with N frames, n
// substeps a frame, C cells and e edges, |drift| <= N C (2 + n e) 2^-23 m, summed over cells.
void checkConservation(WaterLattice lattice, WaterModel model = WaterModel::VirtualPipes) {
    WaterSettings s = gridSettings(lattice);
    s.model = model;
    s.erosion.hydraulic.enabled = true;
    s.erosion.hydraulic.capacity = 0.5f;
    s.erosion.hydraulic.dissolveRate = 2.0f;
    s.erosion.thermal.enabled = true;
    s.erosion.thermal.talusAngle = 20.0f;
    WaterSolver solver(sharedContext(), s);
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<float> terrain(cells);
    for (int j = 0; j < int(s.ny); ++j)
        for (int i = 0; i < int(s.nx); ++i) {
            const double x = (i + 0.5) / s.nx - 0.5, y = (j + 0.5) / s.ny - 0.5;
            terrain[size_t(i + j * int(s.nx))] = float(std::exp(-(x * x + y * y) / 0.05) + 0.1 * std::sin(17.0 * x) * std::cos(11.0 * y) + 0.1);
        }
    solver.upload(WaterField::Terrain, terrain);
    const double before = sum(terrain);
    const float dt = 0.1f;
    const int frames = 60;
    uint32_t substeps = 0;
    for (int frame = 0; frame < frames; ++frame) {
        solver.addBrush({9.0f, 5.0f, 6.0f, 0.01f, 0.0f, 0.0f});  // rain on the hill
        substeps = std::max(substeps, solver.step(dt));
    }
    const std::vector<float> after = solver.download(WaterField::Terrain);
    const std::vector<float> sediment = solver.download(WaterField::Sediment);
    double changed = 0.0;  // how much soil the erosion moved
    for (size_t c = 0; c < cells; ++c) changed += std::abs(double(after[c]) - terrain[c]);
    const double drift = sum(after) + sum(sediment) - before;
    const double edges = lattice == WaterLattice::Triangle ? 6.0 : 4.0;
    const double bound = frames * double(cells) * (2.0 + substeps * edges) * std::ldexp(1.0, -23);
    std::printf("soil moved %.4g m (summed over cells), sediment %.4g m, drift %.3g m, bound %.3g m\n", changed,
                sum(sediment), drift, bound);
    EXPECT_LE(std::abs(drift), bound);
    // The bound is far below what moved: the test tells a conserving scheme from a lossy one.
    EXPECT_LT(bound, 0.01 * changed);
}

TEST_F(WaterErosion, SquareClosedDomainConservesSoil) { checkConservation(WaterLattice::Square); }
TEST_F(WaterErosion, TriangleClosedDomainConservesSoil) { checkConservation(WaterLattice::Triangle); }
// The Momentum model's flows go through the same outflow scaling: the sediment rides on them alike.
TEST_F(WaterErosion, SquareMomentumClosedDomainConservesSoil) {
    checkConservation(WaterLattice::Square, WaterModel::Momentum);
}

// A lake at rest over bumpy terrain: the surface is level to the bit (heights on a 1/1024 m grid,
// depth = level - terrain exactly), so every flow and velocity is 0, the capacity is 0 and with no
// sediment nothing dissolves or deposits; the bumps are gentler than the talus angle, so nothing
// slides either. The terrain must not change by a bit. Then flat dry terrain with both erosions on.
void checkStill(WaterLattice lattice) {
    WaterSettings s = gridSettings(lattice);
    s.erosion.hydraulic.enabled = true;
    s.erosion.hydraulic.capacity = 1.0f;
    s.erosion.thermal.enabled = true;
    s.erosion.thermal.talusAngle = 45.0f;  // drop 0.5 m per 0.5 m edge; the bumps differ by < 0.25 m
    const size_t cells = size_t(s.nx) * s.ny;
    {
        WaterSolver solver(sharedContext(), s);
        std::vector<float> terrain(cells), depth(cells);
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i) {
                const size_t c = size_t(i + j * int(s.nx));
                terrain[c] = std::round(1024.0f * 0.1f * (std::sin(0.9f * i) + std::cos(1.3f * j))) / 1024.0f;
                depth[c] = 1.0f - terrain[c];
            }
        solver.upload(WaterField::Terrain, terrain);
        solver.upload(WaterField::Depth, depth);
        for (int frame = 0; frame < 20; ++frame) solver.step(0.1f);
        EXPECT_EQ(solver.download(WaterField::Terrain), terrain);
        EXPECT_EQ(solver.download(WaterField::Depth), depth);
        const std::vector<float> sediment = solver.download(WaterField::Sediment);
        EXPECT_EQ(*std::max_element(sediment.begin(), sediment.end()), 0.0f);
    }
    {
        WaterSolver solver(sharedContext(), s);
        const std::vector<float> flat(cells, 1.5f);
        solver.upload(WaterField::Terrain, flat);
        for (int frame = 0; frame < 20; ++frame) solver.step(0.1f);
        EXPECT_EQ(solver.download(WaterField::Terrain), flat);
    }
}

TEST_F(WaterErosion, SquareStillWaterErodesNothing) { checkStill(WaterLattice::Square); }
TEST_F(WaterErosion, TriangleStillWaterErodesNothing) { checkStill(WaterLattice::Triangle); }

// A fast channel running down a slope into a deep basin (60 x 12 cells of 1 m; the channel falls
// from 3 m to 1 m over x < 30, the basin floor is at -2 m, filled to 0 m; clean water enters on
// the left at 0.5 m^2/s). Returns the terrain change per column (mean over the rows) after 30 s;
// `largest` is the largest change of any cell.
std::vector<double> channelIntoBasin(WaterLattice lattice, float hardness, double& drift, double& largest) {
    WaterSettings s;
    s.nx = 60;
    s.ny = 12;
    s.cellSize = 1.0f;
    s.lattice = lattice;
    s.boundaries[size_t(Side::Left)].type = WaterBoundaryType::Inflow;
    s.boundaries[size_t(Side::Left)].flow = 0.5f;
    s.erosion.hydraulic.enabled = true;  // the default rates and capacity
    WaterSolver solver(sharedContext(), s);
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<float> terrain(cells), depth(cells, 0.0f);
    for (int j = 0; j < int(s.ny); ++j)
        for (int i = 0; i < int(s.nx); ++i) {
            const size_t c = size_t(i + j * int(s.nx));
            terrain[c] = i < 30 ? 3.0f - 2.0f * float(i) / 30.0f : -2.0f;
            if (i >= 30) depth[c] = 2.0f;
        }
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    solver.upload(WaterField::Hardness, std::vector<float>(cells, hardness));
    for (int frame = 0; frame < 300; ++frame) solver.step(0.1f);
    const std::vector<float> after = solver.download(WaterField::Terrain);
    drift = sum(after) + sum(solver.download(WaterField::Sediment)) - sum(terrain);
    std::vector<double> column(s.nx, 0.0);
    largest = 0.0;
    for (int j = 0; j < int(s.ny); ++j)
        for (int i = 0; i < int(s.nx); ++i) {
            const size_t c = size_t(i + j * int(s.nx));
            column[size_t(i)] += (double(after[c]) - terrain[c]) / s.ny;
            largest = std::max(largest, std::abs(double(after[c]) - terrain[c]));
        }
    return column;
}

void checkDeposition(WaterLattice lattice) {
    double drift = 0.0, largest = 0.0;
    const std::vector<double> column = channelIntoBasin(lattice, 0.0f, drift, largest);
    double channel = 0.0, mouth = 0.0, basin = 0.0;
    for (int i = 5; i < 25; ++i) channel += column[size_t(i)] / 20.0;
    for (int i = 30; i < 34; ++i) mouth += column[size_t(i)] / 4.0;
    for (int i = 45; i < 60; ++i) basin += column[size_t(i)] / 15.0;
    std::printf("mean terrain change: channel %.4g m, mouth %.4g m, far basin %.4g m; soil drift %.3g m\n", channel,
                mouth, basin, drift);
    EXPECT_LT(channel, -1e-3);  // the fast flow scours the channel
    EXPECT_GT(mouth, 1e-3);     // and drops its load where it slows
    EXPECT_GT(mouth, 10.0 * std::abs(basin));  // at the mouth, not spread over the basin
    // Nothing leaves (inflow brings clean water, walls elsewhere): 300 frames x 720 cells of a few
    // roundings each, ulp(3 m) = 2^-22.
    EXPECT_LE(std::abs(drift), 300.0 * 720.0 * 8.0 * std::ldexp(1.0, -22));
}

TEST_F(WaterErosion, SquareSedimentDepositsWhereTheFlowSlows) { checkDeposition(WaterLattice::Square); }
TEST_F(WaterErosion, TriangleSedimentDepositsWhereTheFlowSlows) { checkDeposition(WaterLattice::Triangle); }

TEST_F(WaterErosion, HardnessOneDoesNotDissolve) {
    double drift = 0.0, largest = 0.0;
    channelIntoBasin(WaterLattice::Square, 1.0f, drift, largest);
    EXPECT_EQ(largest, 0.0);  // no cell changed by a bit
}

// A pile far steeper than the talus angle relaxes until no edge is steeper than the angle (within a
// thousandth of the talus drop), then stops; soil is conserved. A pile gentler than the angle
// never moves.
void checkTalus(WaterLattice lattice) {
    WaterSettings s;
    s.nx = 25;
    s.ny = 23;
    s.cellSize = 1.0f;
    s.lattice = lattice;
    s.erosion.thermal.enabled = true;
    s.erosion.thermal.talusAngle = 30.0f;
    s.erosion.thermal.rate = 20.0f;  // rate * dt >= 1: each frame moves 1/(2n) of every excess
    const double talusDrop = std::tan(30.0 * std::numbers::pi / 180.0);
    const size_t cells = size_t(s.nx) * s.ny;
    auto steepest = [&](const std::vector<float>& t) {  // largest |drop| / talus drop over the edges
        double worst = 0.0;
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i)
                for (const water_ref::LatticeNeighbour& n : water_ref::latticeNeighbours(s, i, j))
                    if (n.inside)
                        worst = std::max(worst, std::abs(double(t[size_t(i + j * int(s.nx))]) - t[size_t(n.cell)]) / talusDrop);
        return worst;
    };
    auto pile = [&](double slope) {
        std::vector<float> t(cells);
        for (int j = 0; j < int(s.ny); ++j)
            for (int i = 0; i < int(s.nx); ++i) {
                // Distance from the centre in cellSize, from the lattice's geometry.
                const bool tri = lattice == WaterLattice::Triangle;
                const double r = std::hypot(i + (tri ? 0.5 * (j % 2) : 0.0) - 12.0, (j - 11.0) * (tri ? std::sqrt(3.0) / 2.0 : 1.0));
                t[size_t(i + j * int(s.nx))] = float(std::max(0.0, 6.0 - slope * r));
            }
        return t;
    };
    {
        WaterSolver solver(sharedContext(), s);
        const std::vector<float> steep = pile(4.0);  // ~4 times the talus slope
        solver.upload(WaterField::Terrain, steep);
        std::vector<float> t = steep;
        int frames = 0;
        while (steepest(t) > 1.001 && frames < 4000) {
            for (int k = 0; k < 50; ++k) solver.step(0.1f);
            frames += 50;
            t = solver.download(WaterField::Terrain);
        }
        std::printf("steep pile: %d frames to within 0.1%% of the talus angle (steepest %.5f of it)\n", frames, steepest(t));
        EXPECT_LE(steepest(t), 1.001);
        // At rest: 50 more frames move each cell by at most what the remaining 0.1% excess allows.
        for (int k = 0; k < 50; ++k) solver.step(0.1f);
        const std::vector<float> later = solver.download(WaterField::Terrain);
        double moved = 0.0;
        for (size_t c = 0; c < cells; ++c) moved = std::max(moved, std::abs(double(later[c]) - t[c]));
        std::printf("then 50 frames moved a cell by at most %.3g m\n", moved);
        EXPECT_LE(moved, 50.0 * 0.001 * talusDrop);
        // Soil conserved: every cell rounds its height about once a frame (ulp(6 m) = 2^-21).
        const double drift = sum(later) - sum(steep);
        EXPECT_LE(std::abs(drift), double(frames + 50) * cells * std::ldexp(1.0, -21));
    }
    {
        WaterSolver solver(sharedContext(), s);
        const std::vector<float> gentle = pile(0.9 * talusDrop);
        ASSERT_LT(steepest(gentle), 1.0);
        solver.upload(WaterField::Terrain, gentle);
        for (int k = 0; k < 50; ++k) solver.step(0.1f);
        EXPECT_EQ(solver.download(WaterField::Terrain), gentle);
    }
}

TEST_F(WaterErosion, SquareThermalStopsAtTheTalusAngle) { checkTalus(WaterLattice::Square); }
TEST_F(WaterErosion, TriangleThermalStopsAtTheTalusAngle) { checkTalus(WaterLattice::Triangle); }

// A flat lake (nothing flows) evaporating at 0.5 / s for 20 frames of 0.1 s: depth = H0 exp(-1).
// Each frame multiplies by the float-rounded factor, two roundings: 2 ulps a frame, relative.
TEST_F(WaterErosion, EvaporationFollowsTheExponential) {
    WaterSettings s = gridSettings(WaterLattice::Square);
    s.evaporation = 0.5f;
    WaterSolver solver(context(), s);
    const size_t cells = size_t(s.nx) * s.ny;
    solver.upload(WaterField::Depth, std::vector<float>(cells, 0.8f));
    solver.upload(WaterField::Sediment, std::vector<float>(cells, 0.01f));
    for (int frame = 0; frame < 20; ++frame) solver.step(0.1f);
    const double expected = double(0.8f) * std::exp(-1.0);
    for (float d : solver.download(WaterField::Depth)) ASSERT_NEAR(d, expected, 40.0 * kFloatUlp * expected);
    // Without hydraulic erosion the sediment stays where it is.
    for (float x : solver.download(WaterField::Sediment)) ASSERT_EQ(x, 0.01f);
}

TEST_F(WaterErosion, BadInputNamesTheField) {
    auto check = [&](auto mutate, const std::string& field) {
        WaterSettings s = gridSettings(WaterLattice::Square);
        mutate(s);
        EXPECT_EQ(fieldOf([&] { s.validate(); }), field);
        EXPECT_EQ(fieldOf([&] { WaterSolver solver(context(), s); }), field);
    };
    check([](WaterSettings& s) { s.evaporation = -1.0f; }, "WaterSettings::evaporation");
    check([](WaterSettings& s) { s.erosion.hydraulic.capacity = -0.1f; }, "WaterSettings::erosion.hydraulic.capacity");
    check([](WaterSettings& s) { s.erosion.hydraulic.minimumTilt = 1.5f; }, "WaterSettings::erosion.hydraulic.minimumTilt");
    check([](WaterSettings& s) { s.erosion.hydraulic.dissolveRate = -1.0f; }, "WaterSettings::erosion.hydraulic.dissolveRate");
    check([](WaterSettings& s) { s.erosion.hydraulic.depositRate = NAN; }, "WaterSettings::erosion.hydraulic.depositRate");
    check([](WaterSettings& s) { s.erosion.hydraulic.deepWaterLimit = -2.0f; }, "WaterSettings::erosion.hydraulic.deepWaterLimit");
    check([](WaterSettings& s) { s.erosion.thermal.rate = -1.0f; }, "WaterSettings::erosion.thermal.rate");
    check([](WaterSettings& s) { s.erosion.thermal.talusAngle = 90.0f; }, "WaterSettings::erosion.thermal.talusAngle");
    check([](WaterSettings& s) { s.erosion.thermal.talusAngle = 0.0f; }, "WaterSettings::erosion.thermal.talusAngle");

    WaterSolver solver(context(), gridSettings(WaterLattice::Square));
    std::vector<float> hardness(solver.fieldSize(WaterField::Hardness), 0.5f);
    hardness[7] = 1.25f;
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Hardness, hardness); }), "upload(Hardness): values[7]");
    hardness[7] = -0.01f;
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Hardness, hardness); }), "upload(Hardness): values[7]");
    std::vector<float> sediment(solver.fieldSize(WaterField::Sediment), 0.0f);
    sediment[3] = -0.1f;
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Sediment, sediment); }), "upload(Sediment): values[3]");
}

} // namespace
} // namespace billow::test
