// MultigridPCG and stopping at a tolerance: the conjugate gradient's pressure against the
// double-precision reference solution (tests/reference) for every boundary configuration on an
// odd 37 x 23 grid with obstacles; the stopping test stops (and runs the maximum when the
// tolerance is out of reach); iterations to 1e-4 do not grow with the grid.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "test_kernels_harness.hpp"

namespace eddy::test {
namespace {

constexpr float kDt = 0.05f;

// A solver with `settings`, two obstacles, a random velocity field (closed faces prescribed) and
// its divergence computed; the pressure starts from random values in [-1, 1] (a warm start).
std::unique_ptr<SmokeSolver> preparedSolver(std::shared_ptr<Context> context, const SmokeSettings& settings, uint32_t seed) {
    auto smoke = std::make_unique<SmokeSolver>(context, settings);
    const float width = settings.cellSize * float(settings.nx), height = settings.cellSize * float(settings.ny);
    smoke->addCircleObstacle(0.32f * width, 0.48f * height, 0.15f * std::min(width, height));
    smoke->addBoxObstacle(0.68f * width, 0.17f * height, 0.78f * width, 0.39f * height);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (Field f : {Field::VelocityX, Field::VelocityY, Field::Pressure}) {
        std::vector<float> values(smoke->fieldSize(f));
        for (float& x : values) x = d(rng);
        smoke->upload(f, values);
    }
    smoke->stepPass(Pass::SubtractGradient, kDt);
    smoke->upload(Field::Pressure, std::vector<float>(smoke->fieldSize(Field::Pressure), 0.5f));
    smoke->stepPass(Pass::Divergence, kDt);
    return smoke;
}

// The reference's fields with the GPU's (float, so exact) face fractions and divergence.
ref::RefFields referenceFields(SmokeSolver& smoke) {
    ref::RefFields f;
    auto promoted = [&](Field field) {
        std::vector<float> v = smoke.download(field);
        return ref::Values(v.begin(), v.end());
    };
    f.openX = promoted(Field::OpenX);
    f.openY = promoted(Field::OpenY);
    f.divergence = promoted(Field::Divergence);
    f.pressure.assign(f.divergence.size(), 0.0);
    return f;
}

bool cellOpen(const ref::RefGrid& g, const ref::RefFields& f, int i, int j) {
    return f.openX[g.u(i, j)] + f.openX[g.u(i + 1, j)] + f.openY[g.v(i, j)] + f.openY[g.v(i, j + 1)] > 0.0;
}

bool singular(const ref::RefGrid& g) {
    return std::none_of(g.sides.begin(), g.sides.end(), [](const ref::RefSide& s) { return s.type == BoundaryType::Outflow; });
}

// max |rhs - L p| over open cells, in double, and max |rhs|.
std::pair<double, double> hostResidual(const ref::RefGrid& g, const ref::RefFields& f, const ref::Values& p, double rhsScale) {
    double residual = 0.0, rhs = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if (!cellOpen(g, f, i, j)) continue;
            const double b = rhsScale * f.divergence[g.cell(i, j)];
            residual = std::max(residual, std::abs(b - ref::pressureStencil(g, f, p, i, j)));
            rhs = std::max(rhs, std::abs(b));
        }
    return {residual, rhs};
}

double maxAbsOpen(const ref::RefGrid& g, const ref::RefFields& f, const ref::Values& p) {
    double m = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) m = std::max(m, std::abs(p[g.cell(i, j)]));
    return m;
}

class MultigridPCG : public GpuTest, public ::testing::WithParamInterface<BoundaryCase> {};

// The pressure after stopping at tolerance tau against the reference solution p*. The stopping
// test bounds the residual by tau max|rhs|; evaluating the stencil in float adds ~16 eps (max|rhs|
// + 8 max|p|) (about 8 rounded operations on terms up to those sizes), and CG's updated residual
// drifts from the true one by a few times that per iteration. The error p - p* = L^-1 (residual),
// so |p - p*| <= kappa * residual bound, kappa = max |w| for -L w = 1 (the infinity norm of L^-1;
// with no outflow side, where L is singular and p is compared up to its mean, w solves it for a
// right-hand side of +1 on the left half and -1 on the right half of the open cells: the same
// scale).
TEST_P(MultigridPCG, MatchesTheReferenceSolution) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.boundaries = GetParam().sides;
    s.pressureSolver = PressureSolverType::MultigridPCG;
    s.pressureIterations = 40;
    s.pressureTolerance = 1e-6f;
    auto smoke = preparedSolver(sharedContext(), s, 21);
    const ref::RefGrid g = ref::RefGrid::fromSettings(s);
    ref::RefFields f = referenceFields(*smoke);
    const double rhsScale = double(s.cellSize) * s.cellSize / kDt;

    smoke->stepPass(Pass::PressureSolve, kDt);
    const PressureResidual report = smoke->pressureResidual();
    ASSERT_TRUE(report.available);
    EXPECT_TRUE(report.reachedTolerance);
    EXPECT_LT(report.iterations, s.pressureIterations);
    EXPECT_LE(report.relative, s.pressureTolerance);
    const std::vector<float> gpu = smoke->download(Field::Pressure);
    ref::Values p(gpu.begin(), gpu.end());

    ref::solvePressure(g, f, rhsScale);
    const ref::Values exact = f.pressure;
    ref::RefFields unit = f;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            unit.divergence[g.cell(i, j)] = (singular(g) && 2 * i >= g.nx ? 1.0 : -1.0);
    ref::solvePressure(g, unit, 1.0);
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
    const double rounding = 16.0 * kEps * (rhs + 8.0 * maxP);
    const double residualBound = s.pressureTolerance * rhs + double(report.iterations) * rounding;
    std::printf("%s: %u iterations, reported relative residual %.3g, host %.3g; kappa %.3g, max|p| %.3g\n",
                GetParam().name.c_str(), report.iterations, report.relative, residual / rhs, kappa, maxP);
    EXPECT_LE(residual, residualBound);
    double worst = 0.0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (cellOpen(g, f, i, j)) worst = std::max(worst, std::abs(p[g.cell(i, j)] - exact[g.cell(i, j)]));
    EXPECT_LE(worst, kappa * residualBound) << "max|p*| " << maxP;
}

INSTANTIATE_TEST_SUITE_P(Boundaries, MultigridPCG, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace eddy::test
