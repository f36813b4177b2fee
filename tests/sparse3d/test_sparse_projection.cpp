// The sparse 3D projection (src/sparse3d/sparse3d_projection.cpp, sparse3d_multigrid.cpp): with
// every brick of a small virtual domain allocated, Divergence and SubtractGradient give the dense
// solver's bits and the whole projection its result within what both solves' residuals allow;
// with open air around a partial brick set, the projected velocity's divergence is what the
// residual leaves; the multigrid's cycle count does not grow with the active region; two runs give
// the same bits; the residual is reported.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace billow::test {
namespace {

class SparseProjection : public GpuTest {};

using Box = std::array<uint32_t, 3>;
using Bricks = std::vector<std::array<uint32_t, 3>>;

// A virtual domain that is not a multiple of the 8^3 brick along any axis, outflow on every side
// (every face open: the open fractions the pools start with are the dense solver's then).
SmokeSettings3D smallSettings() {
    SmokeSettings3D s;
    s.nx = 37;
    s.ny = 23;
    s.nz = 19;
    s.cellSize = 0.05f;
    for (BoundarySide3D& side : s.boundaries) side.type = BoundaryType::Outflow;
    s.incrementalPressure = false;
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = 60;
    return s;
}

SparseSettings3D keepBricks() {
    SparseSettings3D sparse;
    sparse.poolBricks = 64;
    sparse.retireAfterSteps = 1000000;
    return sparse;
}

Bricks allBricks(const SmokeSettings3D& s) {
    Bricks bricks;
    for (uint32_t z = 0; z < (s.nz + 7) / 8; ++z)
        for (uint32_t y = 0; y < (s.ny + 7) / 8; ++y)
            for (uint32_t x = 0; x < (s.nx + 7) / 8; ++x) bricks.push_back({x, y, z});
    return bricks;
}

// Samples of a field over the whole domain (faces: one more along their axis).
Box samplesOf(const SmokeSettings3D& s, int axis) {
    Box n{s.nx, s.ny, s.nz};
    if (axis >= 0) n[axis] += 1;
    return n;
}

std::vector<float> randomValues(size_t count, float scale, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-scale, scale);
    std::vector<float> values(count);
    for (float& v : values) v = d(rng);
    return values;
}

constexpr SmokeField3D kDenseVelocity[3] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ};
constexpr SparseField3D kSparseVelocity[3] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ};

// The same random velocity (and, when asked, pressure) in a dense solver and in a sparse one with
// every brick allocated.
void uploadSame(SmokeSolver3D& dense, SparseSmokeSolver3D& sparse, bool pressure) {
    const SmokeSettings3D& s = dense.settings();
    for (int axis = 0; axis < 3; ++axis) {
        const Box n = samplesOf(s, axis);
        const std::vector<float> u = randomValues(size_t(n[0]) * n[1] * n[2], 1.0f, 11 + axis);
        dense.upload(kDenseVelocity[axis], u);
        sparse.uploadBox(kSparseVelocity[axis], {0, 0, 0}, {s.nx, s.ny, s.nz}, u);
    }
    if (pressure) {
        const std::vector<float> p = randomValues(size_t(s.nx) * s.ny * s.nz, 2.0f, 17);
        dense.upload(SmokeField3D::Pressure, p);
        sparse.uploadBox(SparseField3D::Pressure, {0, 0, 0}, {s.nx, s.ny, s.nz}, p);
    }
}

// A field over the whole domain.
std::vector<float> sparseField(SparseSmokeSolver3D& sparse, SparseField3D field) {
    const SmokeSettings3D& s = sparse.settings();
    return sparse.downloadBox(field, {0, 0, 0}, {s.nx, s.ny, s.nz});
}

float maxAbsDifference(const std::vector<float>& a, const std::vector<float>& b) {
    EXPECT_EQ(a.size(), b.size());
    float worst = 0.0f;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
    return worst;
}

float maxAbs(const std::vector<float>& a) {
    float worst = 0.0f;
    for (float x : a) worst = std::max(worst, std::abs(x));
    return worst;
}

TEST_F(SparseProjection, DivergenceAndGradientGiveTheDenseBits) {
    const SmokeSettings3D s = smallSettings();
    SmokeSolver3D dense(context(), s);
    SparseSmokeSolver3D sparse(context(), s, keepBricks());
    sparse.allocateBricks(allBricks(s));
    uploadSame(dense, sparse, true);
    dense.stepPass(SmokePass3D::Divergence, 0.02f);
    sparse.stepPass(SparsePass3D::Divergence, 0.02f);
    const std::vector<float> denseDiv = dense.download(SmokeField3D::Divergence);
    EXPECT_GT(maxAbs(denseDiv), 1.0f);
    EXPECT_EQ(sparseField(sparse, SparseField3D::Divergence), denseDiv);

    dense.stepPass(SmokePass3D::SubtractGradient, 0.02f);
    sparse.stepPass(SparsePass3D::SubtractGradient, 0.02f);
    for (int axis = 0; axis < 3; ++axis)
        EXPECT_EQ(sparseField(sparse, kSparseVelocity[axis]), dense.download(kDenseVelocity[axis])) << "axis " << axis;
}

TEST_F(SparseProjection, WholeProjectionMatchesTheDenseOne) {
    SmokeSettings3D s = smallSettings();
    s.pressureTolerance = 1e-5f;
    const float dt = 0.02f;
    SmokeSolver3D dense(context(), s);
    SparseSmokeSolver3D sparse(context(), s, keepBricks());
    sparse.allocateBricks(allBricks(s));
    uploadSame(dense, sparse, false);
    for (SmokePass3D pass : {SmokePass3D::Divergence, SmokePass3D::PressureSolve, SmokePass3D::SubtractGradient})
        dense.stepPass(pass, dt);
    for (SparsePass3D pass : {SparsePass3D::Divergence, SparsePass3D::PressureSolve, SparsePass3D::SubtractGradient})
        sparse.stepPass(pass, dt);
    const PressureResidual rd = dense.pressureResidual(), rs = sparse.pressureResidual();
    ASSERT_TRUE(rd.available && rs.available);
    std::printf("dense: %u cycles, relative residual %.3g; sparse: %u cycles, relative residual %.3g\n", rd.iterations,
                rd.relative, rs.iterations, rs.relative);
    // Both solved L p = b up to their residuals r (max norm), so L (p_sparse - p_dense) =
    // r_sparse - r_dense and |p_sparse - p_dense| <= |L^-1| (|r_sparse| + |r_dense|). With p = 0 a
    // cell beyond every (outflow) side, |L^-1| (max norm) is at most max psi for -L psi = 1, which
    // psi(z) = z (nz + 1 - z) / 2 (z the cell's distance from the ghost cell below, in cells)
    // bounds on the shortest axis: (nz + 1)^2 / 8 = 50.
    const float inverseBound = float((s.nz + 1) * (s.nz + 1)) / 8.0f;
    const float pressureBound = inverseBound * (rd.maxResidual + rs.maxResidual);
    const std::vector<float> pd = dense.download(SmokeField3D::Pressure);
    const float pressureError = maxAbsDifference(sparseField(sparse, SparseField3D::Pressure), pd);
    std::printf("pressure: max |p| %.4g, max difference %.3g, bound %.3g\n", maxAbs(pd), pressureError, pressureBound);
    EXPECT_LE(pressureError, pressureBound);
    // The velocities: dt / h times the difference of two such pressure differences.
    const float velocityBound = dt / s.cellSize * 2.0f * pressureBound;
    for (int axis = 0; axis < 3; ++axis) {
        const float error = maxAbsDifference(sparseField(sparse, kSparseVelocity[axis]), dense.download(kDenseVelocity[axis]));
        std::printf("velocity %d: max difference %.3g, bound %.3g\n", axis, error, velocityBound);
        EXPECT_LE(error, velocityBound);
    }
}

// Bricks of a block: `count` bricks from `first` along each axis.
Bricks block(Box first, Box count) {
    Bricks bricks;
    for (uint32_t z = 0; z < count[2]; ++z)
        for (uint32_t y = 0; y < count[1]; ++y)
            for (uint32_t x = 0; x < count[0]; ++x) bricks.push_back({first[0] + x, first[1] + y, first[2] + z});
    return bricks;
}

// The cells of a block of bricks as a box.
std::pair<Box, Box> cellsOf(Box first, Box count) {
    return {{first[0] * 8, first[1] * 8, first[2] * 8}, {count[0] * 8, count[1] * 8, count[2] * 8}};
}

TEST_F(SparseProjection, OpenAirAroundAPartialBrickSetLeavesTheResidualsDivergence) {
    SmokeSettings3D s = smallSettings();
    s.nx = 48;
    s.ny = 40;
    s.nz = 40;
    s.pressureTolerance = 1e-4f;
    const float dt = 0.02f;
    SparseSmokeSolver3D sparse(context(), s, keepBricks());
    // An L of bricks with open air all around (and the domain's sides beyond some).
    Bricks bricks = block({1, 1, 1}, {3, 2, 2});
    for (const auto& b : block({1, 3, 1}, {1, 1, 2})) bricks.push_back(b);
    sparse.allocateBricks(bricks);
    for (const auto& [first, count] : {std::pair<Box, Box>{{1, 1, 1}, {3, 2, 2}}, {{1, 3, 1}, {1, 1, 2}}}) {
        const auto [origin, size] = cellsOf(first, count);
        for (int axis = 0; axis < 3; ++axis) {
            Box n = size;
            n[axis] += 1;
            sparse.uploadBox(kSparseVelocity[axis], origin, size,
                             randomValues(size_t(n[0]) * n[1] * n[2], 1.0f, 31 + axis + 3 * first[1]));
        }
    }
    sparse.stepPass(SparsePass3D::Divergence, dt);
    const float before = maxAbs(sparse.downloadBricks(SparseField3D::Divergence).values);
    for (SparsePass3D pass : {SparsePass3D::PressureSolve, SparsePass3D::SubtractGradient, SparsePass3D::Divergence})
        sparse.stepPass(pass, dt);
    const PressureResidual r = sparse.pressureResidual();  // the last reported solve: the PressureSolve pass
    ASSERT_TRUE(r.available);
    const std::vector<float> after = sparse.downloadBricks(SparseField3D::Divergence).values;
    // After u -= dt/h grad p, h^2/dt div u is the residual's negative (every face open), so
    // max |div| = dt/h^2 max |r| <= tolerance max |div before|, up to float32 rounding of the new
    // fluxes: each of a cell's six faces rounds at eps |u| (the flux and the gradient step), 12
    // eps max |u| / h, doubled.
    const float eps = 5.96e-8f, maxSpeed = 2.0f;
    const float rounding = 24.0f * eps * maxSpeed / s.cellSize;
    std::printf("divergence: before %.4g, after %.3g; residual bound %.3g; %u cycles, relative %.3g\n", before,
                maxAbs(after), r.maxResidual * dt / (s.cellSize * s.cellSize), r.iterations, r.relative);
    EXPECT_TRUE(r.reachedTolerance);
    EXPECT_LE(maxAbs(after), r.maxResidual * dt / (s.cellSize * s.cellSize) + rounding);
    EXPECT_LE(maxAbs(after), s.pressureTolerance * before + rounding);
}

TEST_F(SparseProjection, OpenAirIsTheDenseOutflowCondition) {
    // Open air holds p = 0 one cell beyond the allocated region's border, as an outflow side holds
    // it one cell beyond the domain: a box of bricks in open air is the dense solver's domain of
    // that box with outflow on every side.
    SmokeSettings3D s = smallSettings();
    s.nx = 48;
    s.ny = 40;
    s.nz = 40;
    s.pressureTolerance = 1e-5f;
    SmokeSettings3D box = smallSettings();
    box.nx = 24;
    box.ny = 16;
    box.nz = 16;
    box.pressureTolerance = 1e-5f;
    const float dt = 0.02f;
    SmokeSolver3D dense(context(), box);
    SparseSmokeSolver3D sparse(context(), s, keepBricks());
    sparse.allocateBricks(block({1, 1, 1}, {3, 2, 2}));
    const Box origin{8, 8, 8}, size{24, 16, 16};
    for (int axis = 0; axis < 3; ++axis) {
        const Box n = samplesOf(box, axis);
        const std::vector<float> u = randomValues(size_t(n[0]) * n[1] * n[2], 1.0f, 41 + axis);
        dense.upload(kDenseVelocity[axis], u);
        sparse.uploadBox(kSparseVelocity[axis], origin, size, u);
    }
    dense.stepPass(SmokePass3D::Divergence, dt);
    sparse.stepPass(SparsePass3D::Divergence, dt);
    EXPECT_EQ(sparse.downloadBox(SparseField3D::Divergence, origin, size), dense.download(SmokeField3D::Divergence));
    dense.stepPass(SmokePass3D::PressureSolve, dt);
    sparse.stepPass(SparsePass3D::PressureSolve, dt);
    dense.stepPass(SmokePass3D::SubtractGradient, dt);
    sparse.stepPass(SparsePass3D::SubtractGradient, dt);
    const PressureResidual rd = dense.pressureResidual(), rs = sparse.pressureResidual();
    ASSERT_TRUE(rd.available && rs.available);
    // As in WholeProjectionMatchesTheDenseOne: |L^-1| <= (16 + 1)^2 / 8 on the box.
    const float pressureBound = float(17 * 17) / 8.0f * (rd.maxResidual + rs.maxResidual);
    const float pressureError = maxAbsDifference(sparse.downloadBox(SparseField3D::Pressure, origin, size),
                                                 dense.download(SmokeField3D::Pressure));
    std::printf("box in open air: %u and %u cycles; pressure difference %.3g, bound %.3g\n", rd.iterations,
                rs.iterations, pressureError, pressureBound);
    EXPECT_LE(pressureError, pressureBound);
    // Every face of the box, its border included (u -= dt/h (0 - p) towards open air).
    const float velocityBound = dt / s.cellSize * 2.0f * pressureBound;
    for (int axis = 0; axis < 3; ++axis) {
        const float error = maxAbsDifference(sparse.downloadBox(kSparseVelocity[axis], origin, size),
                                             dense.download(kDenseVelocity[axis]));
        EXPECT_LE(error, velocityBound) << "axis " << axis;
    }
    // Outside the box the air stays still and at p = 0.
    EXPECT_EQ(maxAbs(sparse.downloadBox(SparseField3D::VelocityX, {0, 0, 0}, {7, 40, 40})), 0.0f);
    EXPECT_EQ(maxAbs(sparse.downloadBox(SparseField3D::Pressure, {32, 0, 0}, {16, 40, 40})), 0.0f);
}

// V-cycles to 1e-4 for a smooth plus rough right-hand side on a block of bricks surrounded by open air.
uint32_t cyclesFor(const std::shared_ptr<Context>& context, Box first, Box count) {
    SmokeSettings3D s = smallSettings();
    s.nx = 80;
    s.ny = 48;
    s.nz = 48;
    s.pressureTolerance = 1e-4f;
    s.pressureIterations = 40;
    SparseSettings3D sparse = keepBricks();
    SparseSmokeSolver3D solver(context, s, sparse);
    solver.allocateBricks(block(first, count));
    const auto [origin, size] = cellsOf(first, count);
    std::vector<float> div(size_t(size[0]) * size[1] * size[2]);
    const std::vector<float> noise = randomValues(div.size(), 1.0f, 5);
    for (uint32_t z = 0; z < size[2]; ++z)
        for (uint32_t y = 0; y < size[1]; ++y)
            for (uint32_t x = 0; x < size[0]; ++x) {
                const size_t i = x + size_t(size[0]) * (y + size_t(size[1]) * z);
                div[i] = 10.0f + 5.0f * std::sin(0.3f * x) * std::cos(0.2f * y) + noise[i];
            }
    solver.uploadBox(SparseField3D::Divergence, origin, size, div);
    solver.stepPass(SparsePass3D::PressureSolve, 0.02f);
    const PressureResidual r = solver.pressureResidual();
    EXPECT_TRUE(r.reachedTolerance) << r.relative;
    return r.iterations;
}

TEST_F(SparseProjection, CyclesDoNotGrowWithTheActiveRegion) {
    const std::vector<std::pair<Box, Box>> regions = {
        {{4, 2, 2}, {1, 1, 1}}, {{3, 2, 2}, {2, 2, 2}}, {{3, 1, 1}, {4, 4, 4}}, {{1, 2, 2}, {8, 1, 1}}};
    std::vector<uint32_t> cycles;
    for (const auto& [first, count] : regions) {
        cycles.push_back(cyclesFor(context(), first, count));
        std::printf("%u x %u x %u bricks: %u V-cycles to 1e-4\n", count[0], count[1], count[2], cycles.back());
    }
    // A multigrid's convergence factor per cycle does not depend on the grid's size: the counts
    // differ only by how the last cycle straddles the tolerance and by the regions' shapes (one
    // cycle).
    const auto [lo, hi] = std::minmax_element(cycles.begin(), cycles.end());
    EXPECT_LE(*hi, *lo + 1);
}

// The regions above lie in open air, whose Dirichlet condition a few bricks from every cell lets
// the smoothing inside the bricks do most of the work: with the levels across the brick grid
// removed altogether they still converge in 5, 5, 6 and 5 cycles, so they cannot tell whether
// those levels work. Here every brick of a box closed by walls on five sides (open only at the
// top) is allocated: the pressure is coupled across the whole box, and only the levels across the
// brick grid carry that coupling.
//
// DISABLED: it fails. On lavapipe the sparse multigrid reaches 1e-4 in 4 cycles at 16^3 but
// stalls at a relative residual of 2.9e-4 (32^3, 7 cycles) and 8.5e-4 (48^3, 6 cycles), where the
// dense multigrid reaches 1e-4 in 3 to 4 cycles in the same closed boxes. The walls' treatment on
// the levels across the brick grid is the suspect (docs/sparse-smoke3d.md, "Not done"). Enable it
// with the fix.
uint32_t cyclesInClosedBox(const std::shared_ptr<Context>& context, uint32_t n) {
    SmokeSettings3D s = smallSettings();
    s.nx = s.ny = s.nz = n;
    for (BoundarySide3D& side : s.boundaries) side.type = BoundaryType::Wall;
    s.boundaries[3].type = BoundaryType::Outflow;  // the top
    s.pressureTolerance = 1e-4f;
    s.pressureIterations = 60;
    SparseSettings3D sparse = keepBricks();
    sparse.poolBricks = 256;
    SparseSmokeSolver3D solver(context, s, sparse);
    solver.allocateBricks(allBricks(s));
    solver.stepPass(SparsePass3D::Colliders, 0.02f);  // the walls' faces closed
    std::vector<float> div(size_t(n) * n * n);
    const std::vector<float> noise = randomValues(div.size(), 1.0f, 7);
    for (uint32_t z = 0; z < n; ++z)
        for (uint32_t y = 0; y < n; ++y)
            for (uint32_t x = 0; x < n; ++x) {
                const size_t i = x + size_t(n) * (y + size_t(n) * z);
                div[i] = 10.0f + 5.0f * std::sin(0.3f * x) * std::cos(0.2f * z) + noise[i];
            }
    solver.uploadBox(SparseField3D::Divergence, {0, 0, 0}, {n, n, n}, div);
    solver.stepPass(SparsePass3D::PressureSolve, 0.02f);
    const PressureResidual r = solver.pressureResidual();
    EXPECT_TRUE(r.reachedTolerance) << n << "^3: relative residual " << r.relative << " after " << r.iterations
                                     << (r.stalled ? " (stalled)" : "");
    return r.iterations;
}

TEST_F(SparseProjection, DISABLED_CyclesDoNotGrowInAClosedBoxThatOnlyTheCoarseLevelsCouple) {
    std::vector<uint32_t> cycles;
    for (uint32_t n : {16u, 32u, 48u}) {
        cycles.push_back(cyclesInClosedBox(context(), n));
        std::printf("closed box %u^3: %u V-cycles to 1e-4\n", n, cycles.back());
    }
    const auto [lo, hi] = std::minmax_element(cycles.begin(), cycles.end());
    EXPECT_LE(*hi, *lo + 1);
}

TEST_F(SparseProjection, TwoRunsGiveTheSameBits) {
    SmokeSettings3D s = smallSettings();
    s.pressureTolerance = 1e-4f;
    std::vector<std::vector<float>> results[2];
    for (int run = 0; run < 2; ++run) {
        SparseSmokeSolver3D sparse(context(), s, keepBricks());
        Bricks bricks = allBricks(s);
        std::reverse(bricks.begin(), bricks.end());
        sparse.allocateBricks(bricks);
        for (int axis = 0; axis < 3; ++axis) {
            const Box n = samplesOf(s, axis);
            sparse.uploadBox(kSparseVelocity[axis], {0, 0, 0}, {s.nx, s.ny, s.nz},
                             randomValues(size_t(n[0]) * n[1] * n[2], 1.0f, 11 + axis));
        }
        sparse.uploadBox(SparseField3D::Pressure, {0, 0, 0}, {s.nx, s.ny, s.nz},
                         randomValues(size_t(s.nx) * s.ny * s.nz, 2.0f, 17));
        for (SparsePass3D pass : {SparsePass3D::Divergence, SparsePass3D::PressureSolve, SparsePass3D::SubtractGradient})
            sparse.stepPass(pass, 0.02f);
        results[run].push_back(sparseField(sparse, SparseField3D::Pressure));
        for (int axis = 0; axis < 3; ++axis) results[run].push_back(sparseField(sparse, kSparseVelocity[axis]));
    }
    for (size_t f = 0; f < results[0].size(); ++f) EXPECT_EQ(results[0][f], results[1][f]) << "field " << f;
}

TEST_F(SparseProjection, ReportsTheResidual) {
    SmokeSettings3D s = smallSettings();
    s.pressureTolerance = 0.0f;  // the sparse solve then stops at 1e-4
    SparseSmokeSolver3D sparse(context(), s, keepBricks());
    EXPECT_FALSE(sparse.pressureResidual().available);
    EXPECT_EQ(fieldOf([&] { (void)sparse.pressureResidual(4); }), "pressureResidual: recordsAgo");
    sparse.allocateBricks(block({1, 1, 0}, {2, 1, 2}));
    sparse.uploadBox(SparseField3D::Divergence, {8, 8, 0}, {16, 8, 16}, randomValues(16 * 8 * 16, 3.0f, 9));
    sparse.stepPass(SparsePass3D::PressureSolve, 0.02f);
    const PressureResidual r = sparse.pressureResidual();
    ASSERT_TRUE(r.available);
    EXPECT_TRUE(r.reachedTolerance);
    EXPECT_LE(r.relative, 1e-4f);
    EXPECT_GT(r.iterations, 0u);
    // h^2 / dt times the largest divergence uploaded.
    EXPECT_GT(r.maxRightHandSide, 0.0f);
    EXPECT_LE(r.maxRightHandSide, 3.0f * 0.05f * 0.05f / 0.02f * 1.0001f);
    // A second solve from the converged pressure needs no cycle.
    sparse.stepPass(SparsePass3D::PressureSolve, 0.02f);
    EXPECT_EQ(sparse.pressureResidual().iterations, 0u);
    EXPECT_TRUE(sparse.pressureResidual(1).available);
    // A grown pool reallocates the levels inside the bricks: the next solve, from the kept
    // pressure and a new right-hand side, converges as before.
    const uint64_t perBrick = sparse.bytesPerBrick();
    sparse.growPool(128);
    EXPECT_EQ(sparse.bytesPerBrick(), perBrick);
    sparse.uploadBox(SparseField3D::Divergence, {8, 8, 0}, {16, 8, 16}, randomValues(16 * 8 * 16, 3.0f, 10));
    sparse.stepPass(SparsePass3D::PressureSolve, 0.02f);
    EXPECT_TRUE(sparse.pressureResidual().reachedTolerance);
    EXPECT_GT(sparse.pressureResidual().iterations, 0u);
}

} // namespace
} // namespace billow::test
