// The Jacobi and red-black SOR kernels sweep whole tiles in shared memory (pressure/jacobi.comp:
// 48 x 48 tiles, 8-cell halo, up to 8 sweeps per dispatch; pressure/rbsor_tiles.comp: 56 x 56
// tiles, 4-cell halo, 2 iterations per dispatch). test_kernels runs on a grid smaller than one
// tile; this runs on grids of several tiles, with partial tiles on both axes, obstacles across
// tile seams and each boundary type, against double-precision reference iterations
// (tests/reference/smoke).
//
// Tolerance: each sweep is the stencil of test_kernels (64 eps * 10 per sweep for pressures ~3
// and right-hand sides ~1); a Jacobi sweep is a contraction, so round-off adds up at most linearly.
#include "support/gpu_test.hpp"

#include <cmath>
#include <random>

#include "reference/smoke/smoke_reference.hpp"

namespace billow::test {
namespace {

constexpr double kEps = 1.0 / (1 << 23);

struct TileCase {
    const char* name;
    uint32_t nx, ny;
    std::array<BoundaryType, 4> types;
};

std::vector<float> randomField(size_t n, float low, float high, std::mt19937& rng) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> f(n);
    for (float& x : f) x = d(rng);
    return f;
}

class PressureTiles : public GpuTest, public ::testing::WithParamInterface<TileCase> {};

// `iterations` of `solver` on the case's grid with obstacles across tile seams, against `reference`
// applied as often; the worst difference must stay within `tolerancePerIteration` each.
void checkAgainstReference(std::shared_ptr<Context> context, const TileCase& c, PressureSolverType type,
                           uint32_t iterations, double tolerancePerIteration) {
    SmokeSettings s;
    s.nx = c.nx;
    s.ny = c.ny;
    s.cellSize = 0.1f;
    s.pressureSolver = type;
    s.pressureIterations = iterations;
    for (int k = 0; k < 4; ++k) s.boundaries[k].type = c.types[k];
    const double dt = 0.05;
    SmokeSolver solver(context, s);

    // Discs centred on tile seams (x = 48, y = 48) and near the corners, plus fractional cells.
    std::mt19937 rng(77);
    std::uniform_real_distribution<float> fraction(0.0f, 1.0f);
    std::vector<float> mask(size_t(c.nx) * c.ny, 0.0f);
    for (uint32_t j = 0; j < c.ny; ++j)
        for (uint32_t i = 0; i < c.nx; ++i) {
            auto near = [&](float x, float y, float r) { return (float(i) - x) * (float(i) - x) + (float(j) - y) * (float(j) - y) < r * r; };
            if (near(48.0f, 20.0f, 5.0f) || near(20.0f, 47.5f, 4.0f) || near(float(c.nx) - 1.0f, 1.0f, 3.0f)) mask[i + j * c.nx] = 1.0f;
            else if (fraction(rng) < 0.05f) mask[i + j * c.nx] = fraction(rng);
        }
    solver.setSolidMask(mask);
    solver.upload(SmokeField::Pressure, randomField(solver.fieldSize(SmokeField::Pressure), -3.0f, 3.0f, rng));
    solver.upload(SmokeField::Divergence, randomField(solver.fieldSize(SmokeField::Divergence), -5.0f, 5.0f, rng));

    smoke_ref::State ref = smoke_ref::downloadState(solver);
    const smoke_ref::Grid g(s);
    solver.stepPass(SmokePass::PressureSolve, float(dt));
    const smoke_ref::State gpu = smoke_ref::downloadState(solver);
    const double rhsScale = g.h * g.h / dt;
    const int sweeps = int(s.pressureIterations);
    if (type == PressureSolverType::Jacobi) smoke_ref::pressureJacobi(g, ref, rhsScale, 0.8, sweeps);  // Jacobi's damping
    else smoke_ref::pressureSor(g, ref, rhsScale, s.sorRelaxation, sweeps);

    double worst = 0.0;
    size_t at = 0;
    for (size_t k = 0; k < ref.pressure.size(); ++k) {
        const double e = std::abs(gpu.pressure[k] - ref.pressure[k]);
        if (!(e <= worst)) { worst = e; at = k; }
    }
    EXPECT_LE(worst, s.pressureIterations * tolerancePerIteration)
        << "cell (" << at % c.nx << ", " << at / c.nx << "): gpu " << gpu.pressure[at] << ", reference " << ref.pressure[at];
}

TEST_P(PressureTiles, ThirteenJacobiSweepsMatchTheReference) {
    checkAgainstReference(context(), GetParam(), PressureSolverType::Jacobi, 13, 64 * kEps * 10.0);
}

// Red-black SOR runs 2 iterations per dispatch in shared memory where the colouring is plain
// (i + j) % 2, and one dispatch per colour on odd periodic axes; 5 iterations = 2 + 2 + 1. One
// iteration with omega = 1.7 amplifies a sweep's round-off by at most 2 (as in test_kernels).
TEST_P(PressureTiles, FiveSorIterationsMatchTheReference) {
    checkAgainstReference(context(), GetParam(), PressureSolverType::RedBlackSOR, 5, 2 * 64 * kEps * 10.0);
}

using B = BoundaryType;
INSTANTIATE_TEST_SUITE_P(
    Grids, PressureTiles,
    ::testing::Values(TileCase{"Walls101x53", 101, 53, {B::Wall, B::Wall, B::Wall, B::Wall}},
                      TileCase{"InflowOutflow97x50", 97, 50, {B::Inflow, B::Outflow, B::MovingWall, B::Outflow}},
                      TileCase{"PeriodicX99x61", 99, 61, {B::Periodic, B::Periodic, B::Wall, B::Outflow}},
                      TileCase{"PeriodicBoth97x49", 97, 49, {B::Periodic, B::Periodic, B::Periodic, B::Periodic}},
                      TileCase{"PeriodicBoth120x58", 120, 58, {B::Periodic, B::Periodic, B::Periodic, B::Periodic}}),
    [](const ::testing::TestParamInfo<TileCase>& info) { return std::string(info.param.name); });

} // namespace
} // namespace billow::test
