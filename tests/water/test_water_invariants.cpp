// Physical invariants of the water solver on lavapipe: conservation in a closed box, depth never
// negative, a lake at rest staying at rest, open-boundary bookkeeping, and the slosh period of a
// basin against the discrete model's linear wave formula.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include "support/gpu_test.hpp"
#include "water/water_test_scenes.hpp"

namespace billow::test {
namespace {

class WaterInvariants : public GpuTest {};

constexpr double kUlp = 5.9604644775390625e-8;  // 2^-24

// 10,000 substeps of a violent state (random columns up to 3 m, half the cells dry, a 6 m tower)
// in a closed box: the water total stays constant to float round-off and no depth goes negative.
TEST_F(WaterInvariants, ClosedBoxConservesWaterAndStaysNonNegative) {
    WaterSettings s;
    s.nx = 19;
    s.ny = 13;
    s.cellSize = 0.5f;
    WaterSolver solver(context(), s);
    const float frame = static_cast<float>(99.5 * solver.stableTimeStep());  // 100 substeps a frame
    const ClosedBoxRun run = runViolentClosedBox(solver, 100, frame);
    EXPECT_EQ(run.substeps, 10000u);
    EXPECT_LE(run.relativeDrift, 1e-5);
}

// Terrain with bumps and islands above the water level; the surface is flat at level 0.25 m
// wherever the terrain is lower. The terrain is rounded to multiples of 2^-12 m, so level - terrain
// and terrain + depth are exact in float: the surfaces are exactly equal and the scheme must not
// move any water (well-balanced), i.e. the depth change stays below 1e-6 m (it is 0). With
// arbitrary float terrain the surfaces differ by rounding (an ulp of the level), and since the
// frictionless scheme has no damping, that noise random-walks at ~ulp * sqrt(substeps).
TEST_F(WaterInvariants, LakeAtRestStaysAtRest) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.boundaries.fill(WaterBoundary{});  // walls
    WaterSolver solver(context(), s);
    const std::vector<float> terrain = lakeAtRestTerrain(s);
    const std::vector<float> depth = fillToLevel(terrain, 0.25f);
    const auto dry = std::count(depth.begin(), depth.end(), 0.0f);
    ASSERT_GT(dry, 10);  // islands exist
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    const float frame = static_cast<float>(49.5 * solver.stableTimeStep());
    for (int f = 0; f < 40; ++f) solver.step(frame);  // 2,000 substeps
    const std::vector<float> after = solver.download(WaterField::Depth);
    double worst = 0.0;
    for (size_t c = 0; c < depth.size(); ++c) worst = std::max(worst, double(std::abs(after[c] - depth[c])));
    EXPECT_LE(worst, 1e-6);
}

// Open sides: inflow on the left, a drain on the right, a wave maker at the bottom, a wall on top
// with a river mouth. The volume change equals the boundary flows summed over the run (each
// substep's flows as the depth update used them), within the rounding of the depth updates:
// each cell's update rounds ~3 times at the scale of (depth + water moved), summed over steps.
void checkOpenBoundaryBalance(const std::shared_ptr<Context>& context, WaterModel model) {
    WaterSettings s;
    s.model = model;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.boundaries[0] = {WaterBoundaryType::Inflow, 0.2f};
    s.boundaries[1] = {WaterBoundaryType::Outflow, 0.0f, 0.0f, 1.0f, 0.0f, 0.1f};
    s.boundaries[2] = {WaterBoundaryType::WaveMaker, 0.0f, 0.3f, 1.7f, 0.0f, 0.0f};
    s.overrides.push_back({Side::Top, 10, 3, {WaterBoundaryType::Inflow, 0.5f}});
    WaterSolver solver(context, s);
    const std::vector<float> terrain = bumpyTerrain(s.nx, s.ny, s.cellSize, 9);
    std::vector<float> depth(terrain.size());
    for (size_t c = 0; c < depth.size(); ++c) depth[c] = std::max(0.3f - terrain[c], 0.0f);
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    const double h = s.cellSize, area = h * h;
    const double before = sum(depth) * area;
    double boundaryVolume = 0.0, roundingBound = 0.0;
    const uint32_t nx = s.nx, ny = s.ny;
    for (int f = 0; f < 300; ++f) {
        const float dt = 0.9f * static_cast<float>(solver.stableTimeStep());
        const double volumeBefore = sum(solver.download(WaterField::Depth)) * area;
        ASSERT_EQ(solver.step(dt), 1u);
        const std::vector<float> fx = solver.download(WaterField::FlowX), fy = solver.download(WaterField::FlowY);
        double in = 0.0, moved = 0.0;
        for (uint32_t j = 0; j < ny; ++j) in += double(fx[j * (nx + 1)]) - double(fx[nx + j * (nx + 1)]);
        for (uint32_t i = 0; i < nx; ++i) in += double(fy[i]) - double(fy[i + ny * nx]);
        for (float q : fx) moved += std::abs(q);
        for (float q : fy) moved += std::abs(q);
        boundaryVolume += double(dt) * in;
        roundingBound += 3.0 * kUlp * (volumeBefore + 2.0 * double(dt) * moved);
    }
    const double after = sum(solver.download(WaterField::Depth)) * area;
    EXPECT_GT(std::abs(boundaryVolume), 1.0);  // the boundaries did move water
    std::printf("open boundaries: change %.9g m^3, boundary flows %.9g m^3, bound %.3g\n", after - before,
                boundaryVolume, roundingBound);
    EXPECT_LE(std::abs((after - before) - boundaryVolume), roundingBound)
        << "change " << after - before << " boundary flows " << boundaryVolume;
}

TEST_F(WaterInvariants, OpenBoundariesBalanceTheVolume) { checkOpenBoundaryBalance(context(), WaterModel::VirtualPipes); }

TEST_F(WaterInvariants, OpenBoundariesBalanceTheVolumeMomentum) {
    checkOpenBoundaryBalance(context(), WaterModel::Momentum);
}

// Slosh of a closed 1-D basin of n cells (a few rows, flat bottom, depth H0) started in its
// lowest mode, depth H0 + eps cos(pi (i + 1/2) / n). The pipe model with constant area A is
// linear while no cell dries, and that mode is an exact eigenvector of its discrete Laplacian
// with eigenvalue (4 / h^2) sin^2(pi / (2n)). The substep is symplectic Euler (flows first, then
// depths with the new flows), so the mode turns by theta per substep with
//   sin(theta / 2) = (c dt / h) sin(pi / (2n)),   c^2 = g A / h,
// and the period is T = 2 pi dt / theta. For n -> inf and dt -> 0 this is the shallow-water
// formula T = 2 L / c with L = n h.
struct SloshCase { WaterModel model; double depth; double pipeDepth; double tolerance; };

double measureSloshPeriod(WaterSolver& solver, double depth0, double dt, int steps) {
    const WaterSettings& s = solver.settings();
    std::vector<float> depth(size_t(s.nx) * s.ny);
    const double eps = 1e-3 * depth0;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i)
            depth[i + j * s.nx] = static_cast<float>(depth0 + eps * std::cos(std::numbers::pi * (i + 0.5) / s.nx));
    solver.upload(WaterField::Depth, depth);
    std::vector<double> signal;
    for (int k = 0; k < steps; ++k) {
        EXPECT_EQ(solver.step(static_cast<float>(dt)), 1u);
        const std::vector<float> d = solver.download(WaterField::Depth);
        signal.push_back(double(d[s.nx]) - double(d[2 * s.nx - 1]));  // row 1: left minus right end
    }
    // Zero crossings by linear interpolation; half a period between consecutive ones.
    std::vector<double> crossings;
    for (size_t k = 1; k < signal.size(); ++k)
        if ((signal[k - 1] < 0.0) != (signal[k] < 0.0))
            crossings.push_back(double(k) - signal[k] / (signal[k] - signal[k - 1]));
    EXPECT_GE(crossings.size(), 4u);
    if (crossings.size() < 2) return 0.0;
    return 2.0 * dt * (crossings.back() - crossings.front()) / double(crossings.size() - 1);
}

void checkSlosh(WaterSolver& solver, const SloshCase& sc) {
    const WaterSettings& s = solver.settings();
    const double h = s.cellSize, n = s.nx;
    const double area = sc.model == WaterModel::VirtualPipes ? h * sc.pipeDepth : h * sc.depth;
    const double c = std::sqrt(double(s.gravity) * area / h);
    const double dt = double(static_cast<float>(0.45 * h / c));  // below the 0.5 Courant limit
    const double theta = 2.0 * std::asin(c * dt / h * std::sin(std::numbers::pi / (2.0 * n)));
    const double expected = 2.0 * std::numbers::pi * dt / theta;
    const double continuum = 2.0 * n * h / c;
    const int steps = static_cast<int>(2.6 * expected / dt);
    const double measured = measureSloshPeriod(solver, sc.depth, dt, steps);
    std::printf("slosh: measured %.6f s, discrete model %.6f s, shallow-water 2L/c %.6f s\n", measured, expected,
                continuum);
    EXPECT_NEAR(measured / expected, 1.0, sc.tolerance)
        << "measured " << measured << " s, discrete model " << expected << " s, shallow-water 2L/c " << continuum;
    // The discrete period differs from 2L/c by O((pi/2n)^2) and O((c dt/h)^2): under 0.1% here.
    EXPECT_NEAR(expected / continuum, 1.0, 1e-3);
}

TEST_F(WaterInvariants, SloshPeriodMatchesDiscreteWaveSpeedVirtualPipes) {
    WaterSettings s;
    s.nx = 41;
    s.ny = 3;
    s.cellSize = 0.5f;
    s.pipeDepth = 2.0f;
    WaterSolver solver(context(), s);
    // Linear and exact up to float rounding: the depth signal (eps = 1e-3 H0) carries an ulp of
    // H0, a relative 1e-4 of its amplitude, which moves each crossing by ~1e-4 / theta substeps;
    // spread over ~4 half periods that is < 1e-4 of the period.
    checkSlosh(solver, {WaterModel::VirtualPipes, 1.0, 2.0, 2e-4});
}

TEST_F(WaterInvariants, SloshPeriodMatchesShallowWaterSpeedDepthPipes) {
    WaterSettings s;
    s.nx = 41;
    s.ny = 3;
    s.cellSize = 0.5f;
    s.model = WaterModel::DepthPipes;
    WaterSolver solver(context(), s);
    // Pipe area h * (mean depth): linear speed sqrt(g H0). The area varies with the wave by
    // eps / H0 = 1e-3, so the nonlinear change of the period is O(1e-3).
    checkSlosh(solver, {WaterModel::DepthPipes, 1.5, 0.0, 2e-3});
}

TEST_F(WaterInvariants, SloshPeriodMatchesShallowWaterSpeedMomentum) {
    WaterSettings s;
    s.nx = 41;
    s.ny = 3;
    s.cellSize = 0.5f;
    s.model = WaterModel::Momentum;
    WaterSolver solver(context(), s);
    // Linearised (u = O(eps) sqrt(g/H0)), the momentum model is u_t = -g zeta_x, H_t = -(H0 u)_x:
    // the DepthPipes recursion with c = sqrt(g H0). Advection is O(eps^2) and the upwind depth
    // differs from H0 by O(eps), so the period differs from the formula by O(eps / H0) = O(1e-3).
    checkSlosh(solver, {WaterModel::Momentum, 1.5, 0.0, 2e-3});
}

} // namespace
} // namespace billow::test
