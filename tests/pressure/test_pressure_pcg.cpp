// MultigridPCG and stopping at a tolerance: the conjugate gradient's pressure against the
// double-precision reference solution (tests/reference/smoke) for every boundary configuration on
// an odd 37 x 23 grid with obstacles; the stopping test stops (and runs the maximum when the
// tolerance is out of reach); iterations to 1e-4 do not grow with the grid.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

constexpr float kDt = 0.05f;

// A solver with `settings`, two obstacles (a circle and a box, unless `obstacles` is false), a
// random velocity field (closed faces prescribed) and its divergence computed; the pressure starts
// at 0.5 (a warm start).
std::unique_ptr<SmokeSolver> preparedSolver(std::shared_ptr<Context> context, const SmokeSettings& settings, uint32_t seed,
                                            bool obstacles = true) {
    auto smoke = std::make_unique<SmokeSolver>(context, settings);
    const float width = settings.cellSize * float(settings.nx), height = settings.cellSize * float(settings.ny);
    if (obstacles) {
        smoke->addCircleObstacle(0.32f * width, 0.48f * height, 0.15f * std::min(width, height));
        smoke->addBoxObstacle(0.68f * width, 0.17f * height, 0.78f * width, 0.39f * height);
    }
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Pressure}) {
        std::vector<float> values(smoke->fieldSize(f));
        for (float& x : values) x = d(rng);
        smoke->upload(f, values);
    }
    smoke->stepPass(SmokePass::SubtractGradient, kDt);
    smoke->upload(SmokeField::Pressure, std::vector<float>(smoke->fieldSize(SmokeField::Pressure), 0.5f));
    smoke->stepPass(SmokePass::Divergence, kDt);
    return smoke;
}

// The reference's fields with the GPU's (float, so exact) face fractions and divergence.
smoke_ref::State referenceFields(SmokeSolver& smoke) {
    smoke_ref::State f;
    auto promoted = [&](SmokeField field) {
        std::vector<float> v = smoke.download(field);
        return smoke_ref::Values(v.begin(), v.end());
    };
    f.openX = promoted(SmokeField::OpenX);
    f.openY = promoted(SmokeField::OpenY);
    f.divergence = promoted(SmokeField::Divergence);
    f.pressure.assign(f.divergence.size(), 0.0);
    return f;
}

bool cellOpen(const smoke_ref::Grid& g, const smoke_ref::State& f, int i, int j) {
    return f.openX[g.u(i, j)] + f.openX[g.u(i + 1, j)] + f.openY[g.v(i, j)] + f.openY[g.v(i, j + 1)] > 0.0;
}

bool singular(const smoke_ref::Grid& g) {
    return std::none_of(g.sides.begin(), g.sides.end(), [](const smoke_ref::Boundary& s) { return s.type == BoundaryType::Outflow; });
}

// max |rhs - L p| over open cells, in double, and max |rhs|.
std::pair<double, double> hostResidual(const smoke_ref::Grid& g, const smoke_ref::State& f, const smoke_ref::Values& p, double rhsScale) {
    double residual = 0.0, rhs = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if (!cellOpen(g, f, i, j)) continue;
            const double b = rhsScale * f.divergence[g.cell(i, j)];
            residual = std::max(residual, std::abs(b - smoke_ref::pressureStencil(g, f, p, i, j)));
            rhs = std::max(rhs, std::abs(b));
        }
    return {residual, rhs};
}

double maxAbsOpen(const smoke_ref::Grid& g, const smoke_ref::State& f, const smoke_ref::Values& p) {
    double m = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) m = std::max(m, std::abs(p[g.cell(i, j)]));
    return m;
}

class MultigridPCG : public GpuTest, public ::testing::WithParamInterface<BoundaryCase> {};

// The pressure after stopping at tolerance tau against the reference solution p*.
// (1) Its true residual, evaluated in double on the host from the float pressure, is at most
// tau max|rhs| (the stopping test, on CG's updated residual) plus float rounding: the final
// pressure's own rounding puts up to ~8 eps (max|rhs| + 4 max|p|) into the stencil, and each CG
// update (r - alpha q, q = L d) adds at most about that again to the updated residual's drift from
// the true one, so (iterations + 1) times that.
// (2) The error is p - p* = L^-1 (true residual), so |p - p*| <= kappa * |true residual| with
// kappa = max |w| for -L w = 1, the infinity norm of L^-1 (L^-1 has one sign); with no outflow
// side (L singular: p compared up to its mean) w solves it for +1 on the left half and -1 on the
// right half of the open cells instead, the same scale. The reference itself is solved to 1e-13.
TEST_P(MultigridPCG, MatchesTheReferenceSolution) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.boundaries = GetParam().sides;
    s.pressureSolver = PressureSolverType::MultigridPCG;
    s.pressureIterations = 40;
    s.pressureTolerance = 1e-6f;
    auto smoke = preparedSolver(sharedContext(), s, 21, GetParam().obstacles);
    const smoke_ref::Grid g(s);
    smoke_ref::State f = referenceFields(*smoke);
    const double rhsScale = double(s.cellSize) * s.cellSize / kDt;

    smoke->stepPass(SmokePass::PressureSolve, kDt);
    const PressureResidual report = smoke->pressureResidual();
    ASSERT_TRUE(report.available);
    EXPECT_TRUE(report.reachedTolerance);
    EXPECT_LT(report.iterations, s.pressureIterations);
    EXPECT_LE(report.relative, s.pressureTolerance);
    const std::vector<float> gpu = smoke->download(SmokeField::Pressure);
    smoke_ref::Values p(gpu.begin(), gpu.end());

    smoke_ref::solvePressure(g, f, rhsScale);
    const smoke_ref::Values exact = f.pressure;
    smoke_ref::State unit = f;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            unit.divergence[g.cell(i, j)] = (singular(g) && 2 * i >= g.nx ? 1.0 : -1.0);
    smoke_ref::solvePressure(g, unit, 1.0);
    const double kappa = maxAbsOpen(g, unit, unit.pressure);

    if (singular(g)) {  // compare up to a constant: both with zero mean over open cells
        double sum = 0.0, count = 0.0;
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (cellOpen(g, f, i, j)) { sum += p[g.cell(i, j)]; count += 1.0; }
        for (double& x : p) x -= sum / count;
    }
    const auto [residual, rhs] = hostResidual(g, f, p, rhsScale);
    const double maxP = maxAbsOpen(g, f, exact);
    const double floor = 8.0 * kEps * (rhs + 4.0 * maxP);
    const double residualBound = s.pressureTolerance * rhs + double(report.iterations + 1) * floor;
    std::printf("%s: %u iterations, reported relative residual %.3g, host %.3g (bound %.3g); kappa %.3g, max|p| %.3g\n",
                GetParam().name.c_str(), report.iterations, report.relative, residual / rhs, residualBound / rhs, kappa, maxP);
    EXPECT_LE(residual, residualBound);
    double worst = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) worst = std::max(worst, std::abs(p[g.cell(i, j)] - exact[g.cell(i, j)]));
    const double tolerance = kappa * residual + 1e-12 * maxP;
    std::printf("  |p - p*| %.3g of tolerance %.3g\n", worst, tolerance);
    EXPECT_LE(worst, tolerance) << "max|p*| " << maxP;
}

INSTANTIATE_TEST_SUITE_P(Boundaries, MultigridPCG, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

// The conjugate gradient kernels (cg_residual, cg_remove_mean, cg_dots, cg_scalars,
// cg_direction, cg_update) on their own: from p = 0 one MultigridPCG iteration is p = alpha z with
// z the V-cycle of r = rhs - mean(rhs), and alpha = (r . z) / (z . L z), the exact line search.
// The right-hand side is made of small integers summing to exactly 0 over the open cells (h^2/dt
// = 1 exactly), so every float sum of it is exact, the mean CG removes (with no outflow side) is
// exactly 0, and z is bitwise what one Multigrid V-cycle from p = 0 computes (same kernels, same
// input bits). alpha and p are checked in double from the downloaded z, for every boundary case.
// Round-off: each dot product is a tree of ~log2(cells) float additions over products, so it errs
// by ~(log2(cells) + 4) eps times the sum of its terms' magnitudes; L z adds ~8 eps of the sum of
// |w (z_nb - z)| per cell; alpha's relative error is the sum of its two quotients', and p adds one
// more rounding.
TEST_P(MultigridPCG, OneIterationIsTheLineSearchAlongTheVCycle) {
    const BoundaryCase& c = GetParam();
    const float dt = 1.0f / 64.0f;
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.125f;  // h^2 / dt = 1
    s.boundaries = c.sides;
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = 1;
    s.incrementalPressure = false;  // the uploaded divergence is the right-hand side
    auto smoke = preparedSolver(sharedContext(), s, 41, c.obstacles);
    const smoke_ref::Grid g(s);
    smoke_ref::State f = referenceFields(*smoke);
    std::mt19937 rng(43);
    std::uniform_int_distribution<int> d(-10, 10);
    std::vector<float> divergence(smoke->fieldSize(SmokeField::Divergence), 0.0f);
    int sum = 0;
    size_t lastOpen = 0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) {
                lastOpen = g.cell(i, j);
                divergence[lastOpen] = float(d(rng));
                sum += int(divergence[lastOpen]);
            }
    divergence[lastOpen] -= float(sum);
    smoke->upload(SmokeField::Divergence, divergence);
    f.divergence.assign(divergence.begin(), divergence.end());
    const std::vector<float> zero(smoke->fieldSize(SmokeField::Pressure), 0.0f);
    smoke->upload(SmokeField::Pressure, zero);
    smoke->stepPass(SmokePass::PressureSolve, dt);
    const std::vector<float> z = smoke->download(SmokeField::Pressure);

    s.pressureSolver = PressureSolverType::MultigridPCG;
    smoke->updateSettings(s);
    smoke->upload(SmokeField::Pressure, zero);
    smoke->stepPass(SmokePass::PressureSolve, dt);
    const std::vector<float> gpu = smoke->download(SmokeField::Pressure);

    const smoke_ref::Values zd(z.begin(), z.end());
    double rz = 0.0, rzTerms = 0.0, zq = 0.0, zqTerms = 0.0, maxZ = 0.0;
    const double sumEps = (std::log2(double(g.cellCount())) + 4.0) * kEps;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if (!cellOpen(g, f, i, j)) continue;
            const size_t k = g.cell(i, j);
            const double r = f.divergence[k];  // exact: h^2 / dt = 1, mean 0
            const double q = smoke_ref::pressureStencil(g, f, zd, i, j);
            double qTerms = 0.0;  // sum of |w (z_nb - z)|
            for (auto [w, nb] : {std::pair{f.openX[g.u(i, j)], g.pressureAt(zd, i - 1, j)},
                                 std::pair{f.openX[g.u(i + 1, j)], g.pressureAt(zd, i + 1, j)},
                                 std::pair{f.openY[g.v(i, j)], g.pressureAt(zd, i, j - 1)},
                                 std::pair{f.openY[g.v(i, j + 1)], g.pressureAt(zd, i, j + 1)}})
                qTerms += std::abs(w * (nb - zd[k]));
            rz += r * zd[k];
            rzTerms += std::abs(r * zd[k]);
            zq += zd[k] * q;
            zqTerms += std::abs(zd[k] * q) + std::abs(zd[k]) * 8.0 * kEps * qTerms / sumEps;
            maxZ = std::max(maxZ, std::abs(zd[k]));
        }
    const double alpha = rz / zq;
    const double alphaError = sumEps * (rzTerms / std::abs(rz) + zqTerms / std::abs(zq)) + 2.0 * kEps;
    smoke_ref::Values expected(zd.size(), 0.0);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) expected[g.cell(i, j)] = alpha * zd[g.cell(i, j)];
    const double tolerance = alphaError * std::abs(alpha) * maxZ;
    double worst = 0.0;
    for (size_t k = 0; k < gpu.size(); ++k) worst = std::max(worst, std::abs(gpu[k] - expected[k]));
    std::printf("%s: alpha %.6g, worst error %.3g of tolerance %.3g\n", c.name.c_str(), alpha, worst, tolerance);
    expectMatches("p after one CG iteration", gpu, expected, tolerance);
}

class PressureTolerance : public GpuTest {};

SmokeSettings toleranceSettings(PressureSolverType solver, uint32_t maxIterations, float tolerance) {
    SmokeSettings s;
    s.nx = 45;
    s.ny = 27;
    s.cellSize = 0.1f;
    s.boundaries[1].type = BoundaryType::Outflow;
    s.boundaries[3].type = BoundaryType::MovingWall;
    s.pressureSolver = solver;
    s.pressureIterations = maxIterations;
    s.pressureTolerance = tolerance;
    // The stopping test on one fixed right-hand side, solved whole: with the incremental projection
    // a PressureSolve also moves the velocity and rewrites the divergence, so repeated solves would
    // not start from the same problem (test_pressure_increment.cpp covers that formulation).
    s.incrementalPressure = false;
    return s;
}

// Stopping at 1e-4 stops before the maximum with the reported relative residual at most 1e-4;
// the pressure is bitwise the one a fixed count of that many iterations gives (the skipped
// iterations left nothing behind); the host's double evaluation of the residual agrees with the
// report to the float rounding of the stencil (~16 eps (max|rhs| + 8 max|p|)) for Multigrid,
// which measures the true residual, and to that times the iterations for CG's updated residual.
// A tolerance below float round-off (1e-9) is never reached: exactly the maximum runs.
TEST_F(PressureTolerance, StopsAtTheToleranceOrRunsTheMaximum) {
    for (PressureSolverType solver : {PressureSolverType::Multigrid, PressureSolverType::MultigridPCG}) {
        SCOPED_TRACE(solver == PressureSolverType::Multigrid ? "Multigrid" : "MultigridPCG");
        SmokeSettings s = toleranceSettings(solver, 30, 1e-4f);
        auto smoke = preparedSolver(sharedContext(), s, 5);
        const smoke_ref::Grid g(s);
        const smoke_ref::State f = referenceFields(*smoke);
        const std::vector<float> start = smoke->download(SmokeField::Pressure);
        smoke->stepPass(SmokePass::PressureSolve, kDt);
        const PressureResidual stopped = smoke->pressureResidual();
        ASSERT_TRUE(stopped.available);
        EXPECT_TRUE(stopped.reachedTolerance);
        EXPECT_GE(stopped.iterations, 1u);
        EXPECT_LT(stopped.iterations, 30u);
        EXPECT_LE(stopped.relative, 1e-4f);
        const std::vector<float> p = smoke->download(SmokeField::Pressure);
        const double rhsScale = double(s.cellSize) * s.cellSize / kDt;
        const auto [residual, rhs] = hostResidual(g, f, smoke_ref::Values(p.begin(), p.end()), rhsScale);
        const double rounding = 16.0 * kEps * (rhs + 8.0 * maxAbsOpen(g, f, smoke_ref::Values(p.begin(), p.end())));
        const double drift = solver == PressureSolverType::Multigrid ? 1.0 : double(stopped.iterations);
        EXPECT_NEAR(residual, stopped.maxResidual, drift * rounding);
        EXPECT_NEAR(rhs, stopped.maxRightHandSide, 16.0 * kEps * rhs);
        std::printf("%s: %u iterations to 1e-4, relative residual %.3g (host %.3g)\n",
                    solver == PressureSolverType::Multigrid ? "multigrid" : "mgpcg", stopped.iterations, stopped.relative,
                    residual / rhs);

        // The same solve with a fixed count of that many iterations.
        s.pressureTolerance = 0.0f;
        s.pressureIterations = stopped.iterations;
        smoke->updateSettings(s);
        smoke->upload(SmokeField::Pressure, start);
        smoke->stepPass(SmokePass::PressureSolve, kDt);
        EXPECT_TRUE(smoke->download(SmokeField::Pressure) == p) << "a stopped solve differs from the fixed count";

        s.pressureTolerance = 1e-9f;
        s.pressureIterations = 3;
        smoke->updateSettings(s);
        smoke->upload(SmokeField::Pressure, start);
        smoke->stepPass(SmokePass::PressureSolve, kDt);
        const PressureResidual unreachable = smoke->pressureResidual();
        EXPECT_FALSE(unreachable.reachedTolerance);
        EXPECT_EQ(unreachable.iterations, 3u);
        EXPECT_GT(unreachable.relative, 1e-9f);
    }
}

// Multigrid with a tolerance below float32's floor stops when two V-cycles no longer shrink the
// residual (it would otherwise run all 60 cycles; on this grid the residual falls ~0.65x per cycle,
// with single cycles where its max norm rises, until ~20 cycles): reported as stalled, not reached. At the stop
// the residual is at the floor: each residual term w (p_nb - p) rounds p_nb - p to ~eps (|p_nb| +
// |p|), five terms with w <= 1 and the rhs: |r| <= ~16 eps (max|rhs| + 8 max|p|), the same bound
// as above; a stall far above it (a slow but converging cycle mistaken for one) would fail here.
TEST_F(PressureTolerance, MultigridStopsWhenTheResidualStalls) {
    SmokeSettings s = toleranceSettings(PressureSolverType::Multigrid, 60, 1e-12f);
    auto smoke = preparedSolver(sharedContext(), s, 5);
    const smoke_ref::Grid g(s);
    const smoke_ref::State f = referenceFields(*smoke);
    smoke->stepPass(SmokePass::PressureSolve, kDt);
    const PressureResidual report = smoke->pressureResidual();
    ASSERT_TRUE(report.available);
    EXPECT_FALSE(report.reachedTolerance);
    EXPECT_TRUE(report.stalled);
    EXPECT_LT(report.iterations, 30u);
    const std::vector<float> p = smoke->download(SmokeField::Pressure);
    const double rhsScale = double(s.cellSize) * s.cellSize / kDt;
    const auto [residual, rhs] = hostResidual(g, f, smoke_ref::Values(p.begin(), p.end()), rhsScale);
    const double floor = 16.0 * kEps * (rhs + 8.0 * maxAbsOpen(g, f, smoke_ref::Values(p.begin(), p.end())));
    EXPECT_LE(residual, floor);
    std::printf("multigrid stalled after %u cycles at relative residual %.3g (float floor %.3g)\n", report.iterations,
                residual / rhs, floor / rhs);
}

// A tolerance the warm start already meets runs no iteration and leaves the pressure alone.
TEST_F(PressureTolerance, ConvergedWarmStartRunsNothing) {
    SmokeSettings s = toleranceSettings(PressureSolverType::MultigridPCG, 10, 1e-4f);
    auto smoke = preparedSolver(sharedContext(), s, 6);
    smoke->stepPass(SmokePass::PressureSolve, kDt);
    const std::vector<float> solved = smoke->download(SmokeField::Pressure);
    smoke->stepPass(SmokePass::PressureSolve, kDt);
    EXPECT_EQ(smoke->pressureResidual().iterations, 0u);
    EXPECT_TRUE(smoke->pressureResidual().reachedTolerance);
    EXPECT_TRUE(smoke->download(SmokeField::Pressure) == solved);
}

// Iterations to a relative residual of 1e-4 (one solve each, counted on the GPU) on n x n grids
// with two obstacles: they must not grow from 64^2 to 256^2 (at most one more than on 64^2), for
// every boundary type.
void expectIterationsIndependentOfTheGrid(PressureSolverType solver) {
    using B = BoundaryType;
    for (auto sides : {std::array<B, 4>{B::Wall, B::Wall, B::Wall, B::Wall},
                       std::array<B, 4>{B::Inflow, B::Outflow, B::MovingWall, B::Wall},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Wall, B::Outflow},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Periodic, B::Periodic}}) {
        uint32_t smallest = 0;
        for (uint32_t n : {64u, 128u, 256u}) {
            SmokeSettings s = toleranceSettings(solver, 30, 1e-4f);
            s.nx = s.ny = n;
            s.cellSize = 1.0f / float(n);
            for (int k = 0; k < 4; ++k) s.boundaries[k].type = sides[k];
            auto smoke = preparedSolver(sharedContext(), s, 11);
            smoke->upload(SmokeField::Pressure, std::vector<float>(smoke->fieldSize(SmokeField::Pressure), 0.0f));
            smoke->stepPass(SmokePass::PressureSolve, kDt);
            const PressureResidual r = smoke->pressureResidual();
            std::printf("%s %ux%u sides %d%d%d%d: 1e-4 after %u iterations (relative residual %.2g)\n",
                        solver == PressureSolverType::Multigrid ? "multigrid" : "mgpcg", n, n, int(sides[0]), int(sides[1]),
                        int(sides[2]), int(sides[3]), r.iterations, r.relative);
            EXPECT_TRUE(r.reachedTolerance) << n;
            if (n == 64) smallest = r.iterations;
            else EXPECT_LE(r.iterations, smallest + 1) << n;
        }
    }
}

TEST_F(PressureTolerance, MultigridIterationsToToleranceDoNotGrowWithTheGrid) {
    expectIterationsIndependentOfTheGrid(PressureSolverType::Multigrid);
}

TEST_F(PressureTolerance, MultigridPCGIterationsToToleranceDoNotGrowWithTheGrid) {
    expectIterationsIndependentOfTheGrid(PressureSolverType::MultigridPCG);
}

} // namespace
} // namespace billow::test
