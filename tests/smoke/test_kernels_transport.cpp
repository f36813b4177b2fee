// advect_velocity, advect_scalars, advect_dye (semi-Lagrangian), the corrected advections
// (MacCormack and BFECC: advect_correct_velocity, advect_correct_scalar, advect_correct_dye, with
// both limiters), diffuse_velocity / diffuse_dye and the multigrid viscosity solve against the double-precision reference
// (tests/reference/smoke), for every boundary configuration, on a 37 x 23 grid with random inputs
// and obstacles. Tolerances follow the round-off model in support/kernel_harness.hpp.
#include <algorithm>
#include <cmath>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

class TransportKernels : public KernelReferenceTest {};

// Both back-traces on one solver: midpoint (the default), then Euler on the same inputs. The
// Euler trace's position error is the midpoint's without its second stage, so the same bound holds.
TEST_P(TransportKernels, SemiLagrangianAdvectionOfEveryField) {
    SmokeSettings settings = baseSettings();
    SmokeSolver& s = solver(settings);
    for (BackTrace trace : {BackTrace::Midpoint, BackTrace::Euler}) {
        SCOPED_TRACE(trace == BackTrace::Euler ? "Euler back-trace" : "midpoint back-trace");
        settings.backTrace = trace;
        s.updateSettings(settings);
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 21);
        const float dt = 0.15f;  // back-traces of up to ~5 cells: the clamps and wraps are reached
        s.stepPass(SmokePass::Advect, dt);

        smoke_ref::State expected = f;
        smoke_ref::advectAll(g, expected, settings, dt);

        // A sample is taken at a back-traced position the GPU computes in float: ~10 roundings of
        // coordinates up to the extent X (3.7 m plus the trace), and the midpoint's position error
        // moves the final one by dt/h times the velocity's change per cell (2 * velocityBound()).
        // That position error, in the sampled grid's cells, times the field's change per cell (its
        // range, for random data), plus the interpolation's own rounding (8 eps of its magnitude).
        const double ub = velocityBound();
        const double extent = 3.7 + dt * ub;
        const double position = 10.0 * kEps * extent * (1.0 + dt / g.h * 2.0 * ub);
        auto tolerance = [&](double cell, double range, double magnitude) {
            return position / cell * range + 8.0 * kEps * magnitude;
        };
        expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolerance(g.h, 2.0 * ub, ub));
        expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolerance(g.h, 2.0 * ub, ub));
        expectMatches("density", s.download(SmokeField::Density), expected.density, tolerance(g.h, 1.0, 1.0));
        // Temperatures span ambient +- 20 K (inflows 280 and 310 K inside it), magnitude ~313 K.
        expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature, tolerance(g.h, 40.0, 313.2));
        expectMatches("dye", s.download(SmokeField::Dye), expected.dye, tolerance(std::min(g.dyeHx(), g.dyeHy()), 1.0, 1.0));
    }
}

TEST_P(TransportKernels, CorrectedVelocityAdvection) {
    for (AdvectionLimiter limiter : {AdvectionLimiter::Clamp, AdvectionLimiter::RevertToSemiLagrangian})
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        const bool bfecc = scheme == AdvectionScheme::BFECC, revert = limiter != AdvectionLimiter::Clamp;
        SCOPED_TRACE(std::string(bfecc ? "BFECC" : "MacCormack") + (revert ? ", revert" : ", clamp"));
        SmokeSettings settings = baseSettings();
        settings.velocityAdvection = scheme;
        settings.advectionLimiter = limiter;
        SmokeSolver& s = solver(settings);
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 31 + uint32_t(scheme) + 2 * uint32_t(limiter));
        const float dt = 0.15f;
        s.stepPass(SmokePass::Advect, dt);
        smoke_ref::State expected = f;
        smoke_ref::FaceField revertMargin;
        smoke_ref::advectVelocityCorrected(g, expected, dt, scheme, limiter, &revertMargin);

        // T: one semi-Lagrangian advection's error, as in SemiLagrangianAdvectionOfEveryField, for
        // a field of range 2 ub and magnitude ub. Bilinear weights are >= 0 and sum to 1, so an
        // advection passes its input's error on unamplified and adds its own T: forward T,
        // backward 2T. MacCormack: forward + (original - backward) / 2 errs by T + T = 2T. BFECC:
        // the compensated field errs by T and spans up to twice the range (it moves each value by
        // at most half the range), so its forward advection adds 2T: 3T. The limiter's clamp
        // passes errors on unamplified; the combination adds ~4 roundings of magnitude 2 ub.
        const double ub = velocityBound();
        const double extent = 3.7 + dt * ub;
        const double positionError = 10.0 * kEps * extent * (1.0 + dt / g.h * 2.0 * ub);
        const double T = positionError / g.h * 2.0 * ub + 8.0 * kEps * ub;
        const double tolerance = (bfecc ? 3.0 : 2.0) * T + 8.0 * kEps * ub;
        // The limiter's stencil is the cell the forward back-trace lands in: where that point is
        // within the position error of a grid line, float and double may pick neighbouring
        // stencils, and the clamp bounds differ by up to the field's range there. The Revert
        // limiter switches between two values where the unlimited one crosses a bound: within the
        // tolerance of a bound, float and double may take different sides.
        auto tolerances = [&](bool xFaces) {
            smoke_ref::Values t(xFaces ? g.uCount() : g.vCount(), tolerance);
            const smoke_ref::Values& margin = xFaces ? revertMargin.u : revertMargin.v;
            if (revert)
                for (size_t k = 0; k < t.size(); ++k)
                    if (margin[k] <= tolerance) t[k] = 4.0 * ub;
            const double delta = positionError / g.h;
            auto nearLine = [&](double c) { return std::abs(c - std::round(c)) <= delta; };
            for (int j = 0; j < g.ny + (xFaces ? 0 : 1); ++j)
                for (int i = 0; i < g.nx + (xFaces ? 1 : 0); ++i) {
                    const smoke_ref::Point start =
                        xFaces ? smoke_ref::Point{i * g.h, (j + 0.5) * g.h} : smoke_ref::Point{(i + 0.5) * g.h, j * g.h};
                    const smoke_ref::Point p = g.traceBack(f.u, f.v, start, dt);
                    const double cx = p.x / g.h - (xFaces ? 0.0 : 0.5), cy = p.y / g.h - (xFaces ? 0.5 : 0.0);
                    if (nearLine(cx) || nearLine(cy)) t[xFaces ? g.u(i, j) : g.v(i, j)] = 4.0 * ub;
                }
            return t;
        };
        expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolerances(true));
        expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolerances(false));
    }
}

// The corrections of the scalars and the dye (advect_correct_scalar, advect_correct_dye), with
// both limiters; the velocity stays semi-Lagrangian. The tolerance model is
// CorrectedVelocityAdvection's, per field with its own cell, range and magnitude: 2T (MacCormack)
// or 3T (BFECC) plus the combination's rounding, widened to the field's range where float and
// double may pick neighbouring stencils or, with Revert, take different sides of a bound (a
// colour reverts as a whole: its margin is its channels' least).
TEST_P(TransportKernels, CorrectedScalarAndDyeAdvection) {
    for (AdvectionLimiter limiter : {AdvectionLimiter::Clamp, AdvectionLimiter::RevertToSemiLagrangian})
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        const bool bfecc = scheme == AdvectionScheme::BFECC, revert = limiter != AdvectionLimiter::Clamp;
        SCOPED_TRACE(std::string(bfecc ? "BFECC" : "MacCormack") + (revert ? ", revert" : ", clamp"));
        SmokeSettings settings = baseSettings();
        // The corrected schemes against their reference alone (the mass correction is checked
        // with the whole Advect pass).
        settings.massCorrection = false;
        settings.scalarAdvection = scheme;
        settings.dyeAdvection = scheme;
        settings.advectionLimiter = limiter;
        SmokeSolver& s = solver(settings);
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 41 + uint32_t(scheme) + 2 * uint32_t(limiter));
        const float dt = 0.15f;
        s.stepPass(SmokePass::Advect, dt);
        smoke_ref::State expected = f;
        smoke_ref::Values densityMargin, temperatureMargin, dyeMargin;
        smoke_ref::advectScalarsCorrected(g, expected, dt, settings.ambientTemperature, scheme, limiter, &densityMargin,
                                          &temperatureMargin);
        smoke_ref::advectDyeCorrected(g, expected, dt, scheme, limiter, &dyeMargin);

        const double ub = velocityBound();
        const double extent = 3.7 + dt * ub;
        const double positionError = 10.0 * kEps * extent * (1.0 + dt / g.h * 2.0 * ub);
        // Tolerances of a field on sizeX x sizeY cells of cellX x cellY with `stride` values per cell.
        auto tolerances = [&](const smoke_ref::Values& margin, int sizeX, int sizeY, int stride, double cellX, double cellY,
                              double range, double magnitude) {
            const double T = positionError / std::min(cellX, cellY) * range + 8.0 * kEps * magnitude;
            const double tolerance = (bfecc ? 3.0 : 2.0) * T + 8.0 * kEps * magnitude;
            smoke_ref::Values t(margin.size(), tolerance);
            if (revert)
                for (size_t k = 0; k < t.size(); ++k)
                    if (margin[k] <= tolerance) t[k] = 2.0 * range;
            auto nearLine = [&](double c, double cell) { return std::abs(c - std::round(c)) <= positionError / cell; };
            for (int j = 0; j < sizeY; ++j)
                for (int i = 0; i < sizeX; ++i) {
                    const smoke_ref::Point p = g.traceBack(f.u, f.v, {(i + 0.5) * cellX, (j + 0.5) * cellY}, dt);
                    if (nearLine(p.x / cellX - 0.5, cellX) || nearLine(p.y / cellY - 0.5, cellY))
                        for (int c = 0; c < stride; ++c) t[(size_t(i) + size_t(j) * sizeX) * stride + c] = 2.0 * range;
                }
            return t;
        };
        expectMatches("density", s.download(SmokeField::Density), expected.density,
                      tolerances(densityMargin, g.nx, g.ny, 1, g.h, g.h, 1.0, 1.0));
        // Temperatures span ambient +- 20 K (inflows 280 and 310 K inside it), magnitude ~313 K.
        expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature,
                      tolerances(temperatureMargin, g.nx, g.ny, 1, g.h, g.h, 40.0, 313.2));
        expectMatches("dye", s.download(SmokeField::Dye), expected.dye,
                      tolerances(dyeMargin, g.dyeNx, g.dyeNy, 4, g.dyeHx(), g.dyeHy(), 1.0, 1.0));
    }
}

TEST_P(TransportKernels, JacobiDiffusionOfVelocityAndDye) {
    for (uint32_t sweeps : {1u, 3u}) {
        SCOPED_TRACE(testing::Message() << sweeps << " sweeps");
        SmokeSettings settings = baseSettings();
        settings.viscosity = 0.05f;
        settings.dyeDiffusion = 0.02f;
        settings.diffusionIterations = sweeps;
        SmokeSolver& s = solver(settings);
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 22 + sweeps);
        const float dt = 0.05f;
        s.stepPass(SmokePass::Diffuse, dt);

        smoke_ref::State expected = f;
        const double ddt = dt;
        smoke_ref::diffuseVelocity(g, expected, settings.viscosity * ddt / (g.h * g.h), int(sweeps));
        smoke_ref::diffuseDye(g, expected, settings.dyeDiffusion * ddt / (g.dyeHx() * g.dyeHx()),
                        settings.dyeDiffusion * ddt / (g.dyeHy() * g.dyeHy()), int(sweeps));
        // A sweep is a weighted mean of the right-hand side and four neighbours (~12 operations,
        // the coefficients' own host rounding included) on values bounded by velocityBound() (dye:
        // 1); it does not amplify earlier errors, so they add up over the sweeps.
        const double perSweep = 12.0 * kEps;
        expectMatches("u", s.download(SmokeField::VelocityX), expected.u, perSweep * sweeps * velocityBound());
        expectMatches("v", s.download(SmokeField::VelocityY), expected.v, perSweep * sweeps * velocityBound());
        expectMatches("dye", s.download(SmokeField::Dye), expected.dye, perSweep * sweeps);
    }
}

// The multigrid viscosity solve (diffusionSolver Multigrid) against the exact implicit step:
// the reference's Jacobi sweeps run to convergence (each contracts the error by at least
// rho = 4a / (1 + 4a) in the max norm: the iteration matrix's absolute row sums), at a small and a
// large a. Bound: the solve stops at a residual of the change's equation (L - s) delta = -(L b)
// of at most tol * max|L b|; that operator's inverse is at most a in the max norm ((I - a L) is
// diagonally dominant with a row excess >= 1), so the error is at most tol * max|a L b|, with
// max|a L b| = (1 + 4a) max|one sweep - b|. Float rounding adds, in units of a * kEps * the
// velocity bound B: the right-hand side (4 differences, ~12), the residual the GPU measures
// (~8 terms of up to 2B and the right-hand side, ~24), plus the final b + delta (2 kEps B).
// Jacobi's 20 sweeps (the default) miss the step by far more at a = 30: the test tells them apart.
TEST_P(TransportKernels, MultigridDiffusionSolvesTheImplicitStep) {
    for (double a : {0.3, 30.0}) {
        SCOPED_TRACE(testing::Message() << "a = " << a);
        SmokeSettings settings = baseSettings();
        const float dt = 0.05f;
        settings.viscosity = float(a * settings.cellSize * settings.cellSize / dt);
        settings.diffusionSolver = DiffusionSolverType::Multigrid;
        settings.diffusionTolerance = 1e-5f;
        settings.diffusionMaxCycles = 8;
        SmokeSolver& s = solver(settings);
        const smoke_ref::Grid g(settings);
        smoke_ref::State f = uploadRandom(s, g, 27);
        s.stepPass(SmokePass::Diffuse, dt);

        const double aa = settings.viscosity * double(dt) / (g.h * g.h);
        const double rho = 4.0 * aa / (1.0 + 4.0 * aa);
        const int sweeps = int(std::ceil(std::log(1e-10) / std::log(rho)));
        smoke_ref::State exact = f, oneSweep = f, jacobi = f;
        smoke_ref::diffuseVelocity(g, exact, aa, sweeps);
        smoke_ref::diffuseVelocity(g, oneSweep, aa, 1);
        smoke_ref::diffuseVelocity(g, jacobi, aa, 20);
        double step = 0.0, jacobiMiss = 0.0;
        for (size_t k = 0; k < f.u.size(); ++k) {
            step = std::max(step, std::abs(oneSweep.u[k] - f.u[k]) * (1.0 + 4.0 * aa));
            jacobiMiss = std::max(jacobiMiss, std::abs(jacobi.u[k] - exact.u[k]));
        }
        for (size_t k = 0; k < f.v.size(); ++k) step = std::max(step, std::abs(oneSweep.v[k] - f.v[k]) * (1.0 + 4.0 * aa));
        const double B = velocityBound();
        const double bound = settings.diffusionTolerance * step + (36.0 * aa + 2.0) * kEps * B + 1e-9;
        expectMatches("u", s.download(SmokeField::VelocityX), exact.u, bound);
        expectMatches("v", s.download(SmokeField::VelocityY), exact.v, bound);
        if (a > 1.0) {
            EXPECT_GT(jacobiMiss, 10.0 * bound) << "20 Jacobi sweeps would pass this test";
        }
        for (DiffusedField field : {DiffusedField::VelocityX, DiffusedField::VelocityY}) {
            const PressureResidual r = s.diffusionResidual(field);
            EXPECT_TRUE(r.available && r.reachedTolerance) << "relative " << r.relative << " after " << r.iterations;
            EXPECT_LE(r.relative, settings.diffusionTolerance);
            EXPECT_LE(r.iterations, 8u);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, TransportKernels, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace billow::test
