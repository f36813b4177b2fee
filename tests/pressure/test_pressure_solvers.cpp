// Pressure solvers compared on the same projection: a random velocity field on a 37 x 23 grid with
// obstacles is projected (divergence, N solver iterations, gradient subtract) and the remaining
// divergence is measured.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace billow::test {
namespace {

constexpr double kEps = 1.0 / (1 << 23);

struct Projection {
    double maxDivergence;  // 1/s, on cells after the projection
    double velocityScale;  // max |u| / h before it, 1/s
    double gradientScale;  // dt max|p| / h^2: size of the pressure-gradient correction, 1/s
};

Projection project(std::shared_ptr<Context> context, PressureSolverType solver, uint32_t iterations,
                   std::array<BoundaryType, 4> sides) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.pressureSolver = solver;
    s.pressureIterations = iterations;
    s.sorRelaxation = 1.9f;  // near the optimum 2 / (1 + sin(pi / 37)) ~ 1.84..1.92 for these sizes
    for (int k = 0; k < 4; ++k) s.boundaries[k].type = sides[k];
    SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(1.2f, 1.1f, 0.35f);
    smoke.addBoxObstacle(2.5f, 0.4f, 2.9f, 0.9f);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    double maxU = 0.0;
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY}) {
        std::vector<float> values(smoke.fieldSize(f));
        for (float& x : values) { x = d(rng); maxU = std::max(maxU, double(std::abs(x))); }
        smoke.upload(f, values);
    }
    const float dt = 0.05f;
    // Closed faces first get their prescribed velocity, so only open faces carry the random flow.
    smoke.stepPass(SmokePass::SubtractGradient, dt);
    for (SmokePass p : {SmokePass::Divergence, SmokePass::PressureSolve, SmokePass::SubtractGradient, SmokePass::Divergence}) smoke.stepPass(p, dt);
    std::vector<float> divergence = smoke.download(SmokeField::Divergence);
    double worst = 0.0;
    for (float x : divergence) worst = std::max(worst, double(std::abs(x)));
    std::vector<float> pressure = smoke.download(SmokeField::Pressure);
    double maxP = 0.0;
    for (float x : pressure) maxP = std::max(maxP, double(std::abs(x)));
    return {worst, maxU / s.cellSize, dt * maxP / (s.cellSize * s.cellSize)};
}

class PressureSolvers : public GpuTest {};

// SOR with omega near the optimum converges in O(n) iterations where Jacobi needs O(n^2): after the
// same 150 iterations its remaining divergence must be far below Jacobi's (theory: Jacobi's error
// falls by (1 - 0.8 (pi^2/4)(1/37^2 + 1/23^2))^150 ~ 0.4, SOR's by orders of magnitude).
TEST_F(PressureSolvers, RedBlackSorBeatsJacobiAtEqualIterations) {
    const std::array<BoundaryType, 4> walls{BoundaryType::Wall, BoundaryType::Wall, BoundaryType::Wall, BoundaryType::Wall};
    Projection jacobi = project(context(), PressureSolverType::Jacobi, 150, walls);
    Projection sor = project(context(), PressureSolverType::RedBlackSOR, 150, walls);
    EXPECT_LT(sor.maxDivergence * 30.0, jacobi.maxDivergence)
        << "SOR " << sor.maxDivergence << " vs Jacobi " << jacobi.maxDivergence;
}

// Converged SOR leaves divergence at float round-off. The subtraction u - dt (p1 - p0) / h rounds
// its operands: each face carries ~eps (|u| + 2 dt max|p| / h) of error (with an outflow side the
// pressure is pinned to 0 there and can be far larger than |u| h / dt), and the divergence sums four
// faces over h, so |div| <= 64 eps (max|u| + dt max|p| / h) / h.
TEST_F(PressureSolvers, RedBlackSorConvergesToRoundOff) {
    using B = BoundaryType;
    const uint32_t iterations = 600;
    for (auto sides : {std::array<B, 4>{B::Wall, B::Wall, B::Wall, B::MovingWall},
                       std::array<B, 4>{B::Inflow, B::Outflow, B::Wall, B::Wall},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Periodic, B::Periodic}}) {
        Projection sor = project(context(), PressureSolverType::RedBlackSOR, iterations, sides);
        EXPECT_LE(sor.maxDivergence, 64 * kEps * (sor.velocityScale + sor.gradientScale))
            << "sides " << int(sides[0]) << int(sides[1]) << int(sides[2]) << int(sides[3]);
    }
}

// Both velocity components uniformly random in [-1, 1] m/s (stream `seed`).
void uploadRandomVelocity(SmokeSolver& smoke, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY}) {
        std::vector<float> values(smoke.fieldSize(f));
        for (float& x : values) x = d(rng);
        smoke.upload(f, values);
    }
}

// The pressure equation's residual recomputed on the host from a 2D solver's pressure and open
// fractions, against the right-hand side h^2/dt div: max |sum_f w_f (p_nb - p) - h^2/dt div| and
// max |h^2/dt div| over the cells with an open face, and max |p|. Beyond the sides p = 0 (the
// outflow side's Dirichlet value; closed sides have w = 0).
struct HostResidual {
    double maxResidual = 0.0, maxRhs = 0.0, maxP = 0.0;
};
HostResidual hostResidual(SmokeSolver& smoke, const SmokeSettings& s, float dt, const std::vector<float>& div) {
    const std::vector<float> p = smoke.download(SmokeField::Pressure);
    const std::vector<float> ox = smoke.download(SmokeField::OpenX), oy = smoke.download(SmokeField::OpenY);
    const int nx = int(s.nx), ny = int(s.ny);
    auto at = [&](int i, int j) { return (i < 0 || j < 0 || i >= nx || j >= ny) ? 0.0 : double(p[i + j * nx]); };
    HostResidual h;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            double wl = ox[i + j * (nx + 1)], wr = ox[i + 1 + j * (nx + 1)], wb = oy[i + j * nx], wt = oy[i + (j + 1) * nx];
            if (wl + wr + wb + wt <= 0.0) continue;
            double rhs = double(s.cellSize) * s.cellSize / dt * div[i + j * nx];
            double res = wl * (at(i - 1, j) - at(i, j)) + wr * (at(i + 1, j) - at(i, j)) + wb * (at(i, j - 1) - at(i, j)) +
                         wt * (at(i, j + 1) - at(i, j)) - rhs;
            h.maxResidual = std::max(h.maxResidual, std::abs(res));
            h.maxRhs = std::max(h.maxRhs, std::abs(rhs));
            h.maxP = std::max(h.maxP, std::abs(at(i, j)));
        }
    return h;
}

// The residual report matches the residual recomputed on the host from the downloaded pressure,
// divergence and open fractions, and falls as the solver iterates. Each residual term is a float
// product of a weight <= 1 and a pressure difference, so the GPU value agrees with the double one
// to 64 eps times the largest term (max |p| or the right-hand side).
TEST_F(PressureSolvers, ResidualReportMatchesHostAndFallsWithIterations) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.trackPressureResidual = true;
    s.boundaries[1].type = BoundaryType::Outflow;
    SmokeSolver smoke(context(), s);
    smoke.addCircleObstacle(1.2f, 1.1f, 0.35f);
    EXPECT_FALSE(smoke.pressureResidual().available);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY}) {
        std::vector<float> values(smoke.fieldSize(f));
        for (float& x : values) x = d(rng);
        smoke.upload(f, values);
    }
    const float dt = 0.05f;
    smoke.stepPass(SmokePass::SubtractGradient, dt);
    smoke.stepPass(SmokePass::Divergence, dt);

    std::vector<float> relative;
    for (uint32_t iterations : {4u, 400u}) {
        s.pressureIterations = iterations;
        smoke.updateSettings(s);
        smoke.upload(SmokeField::Pressure, std::vector<float>(smoke.fieldSize(SmokeField::Pressure), 0.0f));
        smoke.stepPass(SmokePass::PressureSolve, dt);
        PressureResidual r = smoke.pressureResidual();
        ASSERT_TRUE(r.available);
        EXPECT_EQ(r.iterations, iterations);
        relative.push_back(r.relative);

        const HostResidual host = hostResidual(smoke, s, dt, smoke.download(SmokeField::Divergence));
        const double tolerance = 64 * kEps * std::max(host.maxP, host.maxRhs);
        EXPECT_NEAR(r.maxResidual, host.maxResidual, tolerance) << iterations << " iterations";
        EXPECT_NEAR(r.maxRightHandSide, host.maxRhs, tolerance);
    }
    EXPECT_LT(relative[1], 0.1 * relative[0]);
}

// The same solve from p = 0, repeated: the first records every iteration, the next only as many as
// the first needed plus the headroom. With no headroom a tighter tolerance then runs out at the
// first solve's count (every iteration recorded would have reached it), and the solve after that
// records twice as many. A headroom >= the maximum records every iteration every time.
TEST_F(PressureSolvers, StoppedSolvesRecordWhatTheLastOnesNeeded) {
    for (PressureSolverType method : {PressureSolverType::Multigrid, PressureSolverType::MultigridPCG}) {
        SCOPED_TRACE(method == PressureSolverType::Multigrid ? "Multigrid" : "MultigridPCG");
        SmokeSettings s;
        s.nx = 37;
        s.ny = 23;
        s.cellSize = 0.1f;
        s.incrementalPressure = false;
        s.pressureSolver = method;
        s.pressureIterations = 30;
        s.pressureTolerance = 1e-3f;
        s.pressureIterationHeadroom = 0;
        s.boundaries[1].type = BoundaryType::Outflow;
        SmokeSolver smoke(context(), s);
        smoke.addCircleObstacle(1.2f, 1.1f, 0.35f);
        uploadRandomVelocity(smoke, 23);
        const float dt = 0.05f;
        smoke.stepPass(SmokePass::SubtractGradient, dt);
        smoke.stepPass(SmokePass::Divergence, dt);
        auto solve = [&](float tolerance, uint32_t headroom) {
            s.pressureTolerance = tolerance;
            s.pressureIterationHeadroom = headroom;
            smoke.updateSettings(s);
            smoke.upload(SmokeField::Pressure, std::vector<float>(smoke.fieldSize(SmokeField::Pressure), 0.0f));
            smoke.stepPass(SmokePass::PressureSolve, dt);
            const PressureResidual r = smoke.pressureResidual();
            EXPECT_TRUE(r.available);
            std::printf("tolerance %g, headroom %u: %u iterations, relative %.3g%s\n", tolerance, headroom,
                        r.iterations, r.relative, r.reachedTolerance ? "" : " (not reached)");
            return r;
        };
        const PressureResidual first = solve(1e-3f, 0);
        ASSERT_TRUE(first.reachedTolerance);
        ASSERT_GE(first.iterations, 2u);
        const PressureResidual again = solve(1e-3f, 0);
        EXPECT_TRUE(again.reachedTolerance);
        EXPECT_EQ(again.iterations, first.iterations);
        // Every iteration recorded: how many the tighter tolerance needs.
        const PressureResidual tighterAll = solve(1e-5f, 30);
        ASSERT_TRUE(tighterAll.reachedTolerance);
        ASSERT_GT(tighterAll.iterations, first.iterations);
        ASSERT_LE(tighterAll.iterations, 2 * first.iterations) << "the test needs a tolerance reached within twice";
        solve(1e-3f, 30);  // the finished solves ran at most first.iterations again...
        solve(1e-3f, 30);
        solve(1e-3f, 30);
        solve(1e-3f, 30);  // ...in all four of the ring's reports
        const PressureResidual tighter = solve(1e-5f, 0);
        EXPECT_FALSE(tighter.reachedTolerance);
        EXPECT_EQ(tighter.iterations, first.iterations);
        const PressureResidual recovered = solve(1e-5f, 0);
        EXPECT_TRUE(recovered.reachedTolerance);
        EXPECT_EQ(recovered.iterations, tighterAll.iterations);
    }
}

// The tracked residual of the incremental projection's two-stage multigrid solves (the second
// stage solves for what the first left, from a right-hand side orders of magnitude smaller)
// against one recomputed on the host from the whole pressure and the step's whole right-hand
// side: the report must be relative to the latter. Fixed cycles and a tolerance, both methods.
TEST_F(PressureSolvers, TrackedResidualOfTheIncrementalSolveMatchesHost) {
    for (PressureSolverType method : {PressureSolverType::Multigrid, PressureSolverType::MultigridPCG})
        for (float tolerance : {0.0f, 1e-5f}) {
            SCOPED_TRACE(std::string(method == PressureSolverType::Multigrid ? "Multigrid" : "MultigridPCG") +
                         ", tolerance " + std::to_string(tolerance));
            SmokeSettings s;
            s.nx = 37;
            s.ny = 23;
            s.cellSize = 0.1f;
            s.trackPressureResidual = true;
            s.incrementalPressure = true;
            s.pressureSolver = method;
            s.pressureIterations = tolerance > 0.0f ? 60 : 6;
            s.pressureTolerance = tolerance;
            s.boundaries[1].type = BoundaryType::Outflow;
            SmokeSolver smoke(context(), s);
            smoke.addCircleObstacle(1.2f, 1.1f, 0.35f);
            uploadRandomVelocity(smoke, 17);
            const float dt = 0.05f;
            smoke.stepPass(SmokePass::SubtractGradient, dt);  // p = 0: closes the closed faces only
            smoke.stepPass(SmokePass::Divergence, dt);
            const std::vector<float> div = smoke.download(SmokeField::Divergence);  // the whole right-hand side
            smoke.stepPass(SmokePass::PressureSolve, dt);
            const PressureResidual r = smoke.pressureResidual();
            ASSERT_TRUE(r.available);
            if (tolerance > 0.0f) {
                EXPECT_TRUE(r.reachedTolerance);
            }

            const HostResidual host = hostResidual(smoke, s, dt, div);
            const double maxResidual = host.maxResidual, maxRhs = host.maxRhs;
            // The host reads the pressure rounded to float (p = d1 + d2) and the GPU measures the
            // second stage's equation from the velocity after it absorbed d1 (each rounded once):
            // the two agree to a few roundings of the terms, |p| and |rhs| (as the test above).
            const double agreement = 64 * kEps * std::max(host.maxP, maxRhs);
            EXPECT_NEAR(r.maxRightHandSide, maxRhs, 8 * kEps * maxRhs);
            EXPECT_NEAR(r.maxResidual, maxResidual, agreement);
            EXPECT_NEAR(r.relative, maxResidual / maxRhs, agreement / maxRhs);
            std::printf("tracked relative residual %.3g, host %.3g\n", r.relative, maxResidual / maxRhs);
        }
}

// Multigrid: relative residual after `cycles` V-cycles from p = 0 for a random velocity field on an
// n x n grid with an obstacle and an outflow side.
double multigridResidual(std::shared_ptr<Context> context, uint32_t n, uint32_t cycles, std::array<BoundaryType, 4> sides) {
    SmokeSettings s;
    s.nx = n;
    s.ny = n;
    s.cellSize = 1.0f / float(n);
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = cycles;
    s.trackPressureResidual = true;
    for (int k = 0; k < 4; ++k) s.boundaries[k].type = sides[k];
    SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.4f, 0.55f, 0.12f);
    uploadRandomVelocity(smoke, 3);
    const float dt = 0.02f;
    smoke.stepPass(SmokePass::SubtractGradient, dt);
    smoke.stepPass(SmokePass::Divergence, dt);
    smoke.stepPass(SmokePass::PressureSolve, dt);
    return smoke.pressureResidual().relative;
}

// Multigrid must converge on every size with obstacles, outflow and periodic sides: 12 V-cycles cut
// the relative residual of 1 cycle by at least 50x and below 5e-4 on 64^2, 128^2 and 256^2.
// (Measured: the per-cycle reduction still degrades from ~0.4 at 64^2 to ~0.8 at 256^2, so a
// size-independent cycle count is not asserted yet; docs/performance-log.md records the numbers.)
TEST_F(PressureSolvers, MultigridConvergesOnEverySize) {
    using B = BoundaryType;
    for (auto sides : {std::array<B, 4>{B::Wall, B::Outflow, B::Wall, B::Wall},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Wall, B::Outflow}})
        for (uint32_t n : {64u, 128u, 256u}) {
            const double one = multigridResidual(context(), n, 1, sides);
            const double twelve = multigridResidual(context(), n, 12, sides);
            std::printf("multigrid %ux%u: relative residual %.3g after 1 cycle, %.3g after 12\n", n, n, one, twelve);
            EXPECT_LT(twelve, one / 50.0) << n;
            EXPECT_LT(twelve, 5e-4) << n;
        }
}

// The relative residual after each of `maxCycles` V-cycles on one right-hand side (a random velocity
// field's divergence on an n x n grid with an obstacle): each PressureSolve pass runs one cycle,
// warm-started from the last, so pass k leaves the residual of k cycles.
std::vector<double> residualPerCycle(std::shared_ptr<Context> context, uint32_t n, uint32_t maxCycles,
                                     std::array<BoundaryType, 4> sides) {
    SmokeSettings s;
    s.nx = n;
    s.ny = n;
    s.cellSize = 1.0f / float(n);
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = 1;
    s.trackPressureResidual = true;
    // One right-hand side for every pass: solved whole (an incremental PressureSolve would absorb
    // the last pass's change into the velocity and report against what is left).
    s.incrementalPressure = false;
    for (int k = 0; k < 4; ++k) s.boundaries[k].type = sides[k];
    SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.4f, 0.55f, 0.12f);
    smoke.addBoxObstacle(0.7f, 0.1f, 0.8f, 0.35f);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY}) {
        std::vector<float> values(smoke.fieldSize(f));
        for (float& x : values) x = d(rng);
        smoke.upload(f, values);
    }
    const float dt = 0.02f;
    smoke.stepPass(SmokePass::SubtractGradient, dt);
    smoke.stepPass(SmokePass::Divergence, dt);
    std::vector<double> residuals;
    for (uint32_t k = 0; k < maxCycles; ++k) {
        smoke.stepPass(SmokePass::PressureSolve, dt);
        residuals.push_back(smoke.pressureResidual().relative);
    }
    return residuals;
}

// A V-cycle reduces the residual by a factor that does not depend on the grid size, so the number
// of cycles to reach a relative residual of 1e-4 must be bounded and must not grow from 64^2 to
// 256^2 (here: at most one more cycle than on 64^2), for every boundary type. Measured: 3 cycles
// with walls, outflow and periodic sides; 5 on every size with an inflow side and a moving wall
// (10 while the coarsest level's SOR was tuned for a square with p held all round: its slowest
// mode, a quarter wave with one outflow side, then halved per cycle; stencil_2d.cpp).
TEST_F(PressureSolvers, MultigridCyclesToToleranceDoNotGrowWithTheGrid) {
    using B = BoundaryType;
    for (auto sides : {std::array<B, 4>{B::Wall, B::Outflow, B::Wall, B::Wall},
                       std::array<B, 4>{B::Inflow, B::Outflow, B::MovingWall, B::Wall},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Wall, B::Outflow},
                       std::array<B, 4>{B::Periodic, B::Periodic, B::Periodic, B::Periodic}}) {
        uint32_t smallest = 0;
        for (uint32_t n : {64u, 128u, 256u}) {
            const std::vector<double> r = residualPerCycle(context(), n, 12, sides);
            uint32_t cycles = 0;
            while (cycles < r.size() && !(r[cycles] <= 1e-4)) ++cycles;
            ++cycles;  // r[k] is the residual after k + 1 cycles
            std::printf("multigrid %ux%u sides %d%d%d%d: 1e-4 after %u cycles (%.2g %.2g %.2g %.2g %.2g %.2g %.2g %.2g)\n", n, n,
                        int(sides[0]), int(sides[1]), int(sides[2]), int(sides[3]), cycles, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
            EXPECT_LE(cycles, 6u) << n;
            if (n == 64) smallest = cycles;
            else EXPECT_LE(cycles, smallest + 1) << n;
        }
    }
}

} // namespace
} // namespace billow::test
