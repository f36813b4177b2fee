// The 3D solver's Advect pass (semi-Lagrangian, MacCormack and BFECC with both limiters, for the
// velocity and every cell field) and Diffuse pass (Jacobi sweeps of the implicit system) against
// the double-precision reference (tests/reference/smoke3d), for every boundary configuration, on
// a 19 x 13 x 11 grid with random inputs and obstacles. Tolerances follow the round-off model in
// support/kernel_harness3d.hpp.
#include <algorithm>
#include <cmath>

#include <string>

#include "smoke3d/advection_layout.hpp"
#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

class TransportKernels3D : public KernelReferenceTest3D {
protected:
    static constexpr float kDt = 0.15f;  // back-traces of up to ~5 cells: the clamps and wraps are reached

    // A sample is taken at a back-traced position the GPU computes in float: ~12 roundings of
    // coordinates up to the extent X (1.9 m plus the trace), and the midpoint's position error
    // moves the final one by dt/h times the velocity's change per cell (2 * velocityBound()).
    double positionError() const {
        const double ub = velocityBound();
        return 12.0 * kEps * (kExtent3 + kDt * ub) * (1.0 + kDt / kCell3 * 2.0 * ub);
    }
    // One semi-Lagrangian advection's error for a field of this range and magnitude: the position
    // error, in cells, times the field's change per cell (its range, for random data), plus the
    // trilinear interpolation's own rounding (~10 roundings of its magnitude).
    double advectionError(double range, double magnitude) const {
        return positionError() / kCell3 * range + 10.0 * kEps * magnitude;
    }
    // Whether a sample's forward back-trace (`trace`) lands within the position error of a grid
    // line of its stencil (offset: the samples' offset in cells): float and double may then pick
    // neighbouring stencils, whose bounds differ by up to the field's range.
    bool nearGridLine(const ref::Grid& g, ref::Point trace, ref::Point offset) const {
        const ref::Point c = ref::sampleCoordinates(g, trace, offset);
        const double delta = positionError() / kCell3;
        for (double x : c)
            if (std::abs(x - std::round(x)) <= delta) return true;
        return false;
    }
};

const char* componentName(int a) { return a == 0 ? "u" : a == 1 ? "v" : "w"; }
SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

// Both back-traces on one solver: midpoint (the default), then Euler on the same inputs. The
// Euler trace's position error is the midpoint's without its second stage, so the same bound holds.
// The velocity's faces one a thread (the small grids' layout) and three a thread (the large ones').
TEST_P(TransportKernels3D, SemiLagrangianAdvectionOfEveryField) {
    SmokeSettings3D settings = baseSettings();
    SmokeSolver3D& s = solver(settings);
    for (int faces : {1, 3})
    for (BackTrace trace : {BackTrace::Midpoint, BackTrace::Euler}) {
        detail::setAdvectionFacesAThreadForTesting(faces);
        SCOPED_TRACE(std::string(trace == BackTrace::Euler ? "Euler back-trace" : "midpoint back-trace") + ", " +
                     std::to_string(faces) + " faces a thread");
        settings.backTrace = trace;
        s.updateSettings(settings);
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 21);
        s.stepPass(SmokePass3D::Advect, kDt);

        ref::State expected = f;
        ref::advectAll(g, expected, settings, kDt);
        const double ub = velocityBound();
        for (int a = 0; a < 3; ++a)
            expectMatches(componentName(a), s.download(velocityField(a)), expected.vel[a], advectionError(2.0 * ub, ub));
        expectMatches("density", s.download(SmokeField3D::Density), expected.density, advectionError(1.0, 1.0));
        // Temperatures span ambient +- 20 K (inflows 280 to 310 K inside it), magnitude ~313 K.
        expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature, advectionError(40.0, 313.2));
        expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, advectionError(1.0, 1.0));
        expectMatches("colour", s.download(SmokeField3D::Colour), expected.colour, advectionError(1.0, 1.0));
        expectActs("u", f.vel[0], expected.vel[0], advectionError(2.0 * ub, ub));
        expectActs("density", f.density, expected.density, advectionError(1.0, 1.0));
    }
    detail::setAdvectionFacesAThreadForTesting(0);
}

// T: one semi-Lagrangian advection's error. Trilinear weights are >= 0 and sum to 1, so an
// advection passes its input's error on unamplified and adds its own T: forward T, backward 2T.
// MacCormack: forward + (original - backward) / 2 errs by T + T = 2T. BFECC: the compensated
// field errs by T and spans up to twice the range (it moves each value by at most half the
// range), so its forward advection adds 2T: 3T. The limiter's clamp passes errors on unamplified;
// the combination adds ~4 roundings of the magnitude. Widened to twice the range where float and
// double may pick neighbouring stencils or, with Revert, take different sides of a bound (within
// the tolerance of it; a colour reverts as a whole: its margin is its channels' least).
TEST_P(TransportKernels3D, CorrectedVelocityAdvection) {
    for (AdvectionLimiter limiter : {AdvectionLimiter::Clamp, AdvectionLimiter::RevertToSemiLagrangian})
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        const bool bfecc = scheme == AdvectionScheme::BFECC, revert = limiter != AdvectionLimiter::Clamp;
        SCOPED_TRACE(std::string(bfecc ? "BFECC" : "MacCormack") + (revert ? ", revert" : ", clamp"));
        SmokeSettings3D settings = baseSettings();
        settings.velocityAdvection = scheme;
        settings.advectionLimiter = limiter;
        SmokeSolver3D& s = solver(settings);
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 31 + uint32_t(scheme) + 2 * uint32_t(limiter));
        s.stepPass(SmokePass3D::Advect, kDt);
        ref::State expected = f;
        std::array<ref::Values, 3> margin;
        ref::advectVelocityCorrected(g, expected, kDt, scheme, limiter, &margin);

        const double ub = velocityBound();
        const double tolerance = (bfecc ? 3.0 : 2.0) * advectionError(2.0 * ub, ub) + 8.0 * kEps * ub;
        const std::array<std::vector<ref::Point>, 3> traces = ref::faceTraces(g, f.vel, kDt);
        for (int a = 0; a < 3; ++a) {
            ref::Values t(g.faceCount(a), tolerance);
            ref::Point offset{0.5, 0.5, 0.5};
            offset[a] = 0.0;
            ref::forEach(g.faceDims(a), [&](ref::Index x) {
                const size_t k = g.face(a, x);
                if ((revert && margin[a][k] <= tolerance) || nearGridLine(g, traces[a][k], offset))
                    t[k] = 4.0 * ub;
            });
            expectMatches(componentName(a), s.download(velocityField(a)), expected.vel[a], t);
            expectActs(componentName(a), f.vel[a], expected.vel[a], tolerance);
        }
    }
}

TEST_P(TransportKernels3D, CorrectedCellFieldAdvection) {
    for (AdvectionLimiter limiter : {AdvectionLimiter::Clamp, AdvectionLimiter::RevertToSemiLagrangian})
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        const bool bfecc = scheme == AdvectionScheme::BFECC, revert = limiter != AdvectionLimiter::Clamp;
        SCOPED_TRACE(std::string(bfecc ? "BFECC" : "MacCormack") + (revert ? ", revert" : ", clamp"));
        SmokeSettings3D settings = baseSettings();
        // The corrected schemes against their reference alone (the mass correction is checked
        // with the whole Advect pass).
        settings.massCorrection = false;
        settings.scalarAdvection = scheme;
        settings.colourAdvection = scheme;
        settings.advectionLimiter = limiter;
        SmokeSolver3D& s = solver(settings);
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 41 + uint32_t(scheme) + 2 * uint32_t(limiter));
        s.stepPass(SmokePass3D::Advect, kDt);
        const std::vector<ref::Point> traces = ref::cellTraces(g, f.vel, kDt);

        auto check = [&](const char* name, SmokeField3D field, const ref::Values& values, ref::CellField kind, double empty,
                         double range, double magnitude) {
            ref::Values margin;
            const ref::Values expected = ref::advectCellsCorrected(g, f, values, kind, kDt, empty, scheme, limiter, &margin);
            const double tolerance = (bfecc ? 3.0 : 2.0) * advectionError(range, magnitude) + 8.0 * kEps * magnitude;
            ref::Values t(expected.size(), tolerance);
            const int stride = ref::channels(kind);
            ref::forEach(g.n, [&](ref::Index c) {
                const bool near = nearGridLine(g, traces[g.cell(c)], {0.5, 0.5, 0.5});
                for (int ch = 0; ch < stride; ++ch) {
                    const size_t k = g.cell(c) * stride + ch;
                    if (near || (revert && margin[k] <= tolerance)) t[k] = 2.0 * range;
                }
            });
            expectMatches(name, s.download(field), expected, t);
            expectActs(name, values, expected, tolerance);
        };
        check("density", SmokeField3D::Density, f.density, ref::CellField::Density, 0.0, 1.0, 1.0);
        check("temperature", SmokeField3D::Temperature, f.temperature, ref::CellField::Temperature, kAmbient3, 40.0, 313.2);
        check("fuel", SmokeField3D::Fuel, f.fuel, ref::CellField::Fuel, 0.0, 1.0, 1.0);
        check("colour", SmokeField3D::Colour, f.colour, ref::CellField::Colour, 0.0, 1.0, 1.0);
    }
}

TEST_P(TransportKernels3D, JacobiDiffusionOfVelocityAndScalars) {
    for (uint32_t sweeps : {1u, 3u}) {
        SCOPED_TRACE(testing::Message() << sweeps << " sweeps");
        SmokeSettings3D settings = baseSettings();
        settings.viscosity = 0.05f;
        settings.scalarDiffusion = 0.02f;
        settings.diffusionIterations = sweeps;
        SmokeSolver3D& s = solver(settings);
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 22 + sweeps);
        const float dt = 0.05f;
        s.stepPass(SmokePass3D::Diffuse, dt);

        ref::State expected = f;
        const double h2 = g.h * g.h;
        ref::diffuseVelocity(g, expected, settings.viscosity * double(dt) / h2, int(sweeps));
        const double a = settings.scalarDiffusion * double(dt) / h2;
        ref::diffuseCells(g, expected.density, ref::CellField::Density, a, int(sweeps));
        ref::diffuseCells(g, expected.temperature, ref::CellField::Temperature, a, int(sweeps));
        ref::diffuseCells(g, expected.fuel, ref::CellField::Fuel, a, int(sweeps));
        ref::diffuseCells(g, expected.colour, ref::CellField::Colour, a, int(sweeps));
        // A sweep is a weighted mean of the right-hand side and six neighbours (~16 operations,
        // the coefficients' own host rounding included) on values bounded by the field's
        // magnitude; it does not amplify earlier errors, so they add up over the sweeps.
        const double perSweep = 16.0 * kEps * sweeps;
        for (int c = 0; c < 3; ++c)
            expectMatches(componentName(c), s.download(velocityField(c)), expected.vel[c], perSweep * velocityBound());
        expectMatches("density", s.download(SmokeField3D::Density), expected.density, perSweep);
        expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature, perSweep * 313.2);
        expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, perSweep);
        expectMatches("colour", s.download(SmokeField3D::Colour), expected.colour, perSweep);
        expectActs("u", f.vel[0], expected.vel[0], perSweep * velocityBound());
        expectActs("temperature", f.temperature, expected.temperature, perSweep * 313.2);
    }
}

// The multigrid diffusion (diffusionSolver Multigrid) of the velocity, density, temperature and
// fuel against the exact implicit step: the reference's Jacobi sweeps run to convergence (each
// contracts the error by at least rho = 6a / (1 + 6a) in the max norm). Bound as in 2D
// (smoke/test_kernels_transport.cpp): tol * max|a L b| (max|a L b| = (1 + 6a) max|one sweep - b|)
// plus float rounding of the right-hand side (6 differences, ~16), the measured residual (~12
// terms, ~36) in units of a * kEps * the field's magnitude, and the final b + delta. The colour
// keeps its Jacobi sweeps (checked against them). 20 Jacobi sweeps miss the step at a = 4 by
// several times the bound (random data is mostly high frequencies, which Jacobi damps well; a
// smaller a than 2D's 30 keeps the reference's ~450 sweeps cheap: the cycle counts at a = 30 are
// test_multigrid_diffusion.cpp's).
TEST_P(TransportKernels3D, MultigridDiffusionSolvesTheImplicitStep) {
    // Every rule of the setup on a subset of the cases (the reference's converged sweeps cost ~4 s
    // a case): obstacles and walls, moving walls (no-slip ghosts), inflow (fixed ghosts and
    // closed inflow faces) with outflow, and periodic axes (wrapped couplings, node grids less
    // the duplicate layer).
    const std::string name = GetParam().name;
    if (name != "Walls" && name != "MovingWalls" && name != "InflowCorner" && name != "PeriodicXYZ" &&
        name != "InflowBackOutflowFront")
        GTEST_SKIP() << "covered by the other cases";
    for (double a : {0.3, 4.0}) {
        SCOPED_TRACE(testing::Message() << "a = " << a);
        SmokeSettings3D settings = baseSettings();
        const float dt = 0.05f;
        settings.viscosity = float(a * settings.cellSize * settings.cellSize / dt);
        settings.scalarDiffusion = settings.viscosity;
        settings.diffusionSolver = DiffusionSolverType::Multigrid;
        settings.diffusionTolerance = 1e-5f;
        settings.diffusionMaxCycles = 8;
        settings.diffusionIterations = 2;
        SmokeSolver3D& s = solver(settings);
        const ref::Grid g(settings);
        ref::State f = uploadRandom(s, 41);
        s.stepPass(SmokePass3D::Diffuse, dt);

        const double aa = settings.viscosity * double(dt) / (g.h * g.h);
        const double rho = 6.0 * aa / (1.0 + 6.0 * aa);
        const int sweeps = int(std::ceil(std::log(1e-8) / std::log(rho)));
        ref::State exact = f, oneSweep = f, jacobi = f;
        ref::diffuseVelocity(g, exact, aa, sweeps);
        ref::diffuseVelocity(g, oneSweep, aa, 1);
        ref::diffuseVelocity(g, jacobi, aa, 20);
        auto stepOf = [&](const ref::Values& before, const ref::Values& after) {
            double m = 0.0;
            for (size_t k = 0; k < before.size(); ++k) m = std::max(m, std::abs(after[k] - before[k]) * (1.0 + 6.0 * aa));
            return m;
        };
        auto boundOf = [&](double step, double magnitude) {
            return settings.diffusionTolerance * step + (52.0 * aa + 2.0) * kEps * magnitude + 1e-7 * magnitude;
        };
        double velocityStep = 0.0, jacobiMiss = 0.0;
        for (int c = 0; c < 3; ++c) velocityStep = std::max(velocityStep, stepOf(f.vel[c], oneSweep.vel[c]));
        for (size_t k = 0; k < exact.vel[0].size(); ++k)
            jacobiMiss = std::max(jacobiMiss, std::abs(jacobi.vel[0][k] - exact.vel[0][k]));
        const double velocityTolerance = boundOf(velocityStep, velocityBound());
        for (int c = 0; c < 3; ++c)
            expectMatches(componentName(c), s.download(velocityField(c)), exact.vel[c], velocityTolerance);
        if (a > 1.0) {
            EXPECT_GT(jacobiMiss, 3.0 * velocityTolerance) << "20 Jacobi sweeps would pass this test";
        }

        struct Scalar { const char* name; SmokeField3D field; ref::Values ref::State::*values; ref::CellField cell; double magnitude; };
        for (const Scalar& sc : {Scalar{"density", SmokeField3D::Density, &ref::State::density, ref::CellField::Density, 1.0},
                                 Scalar{"temperature", SmokeField3D::Temperature, &ref::State::temperature,
                                        ref::CellField::Temperature, 313.2},
                                 Scalar{"fuel", SmokeField3D::Fuel, &ref::State::fuel, ref::CellField::Fuel, 1.0}}) {
            ref::Values solved = f.*sc.values, one = f.*sc.values;
            ref::diffuseCells(g, solved, sc.cell, aa, sweeps);
            ref::diffuseCells(g, one, sc.cell, aa, 1);
            expectMatches(sc.name, s.download(sc.field), solved, boundOf(stepOf(f.*sc.values, one), sc.magnitude));
        }
        ref::Values colour = f.colour;
        ref::diffuseCells(g, colour, ref::CellField::Colour, aa, 2);
        expectMatches("colour (Jacobi sweeps)", s.download(SmokeField3D::Colour), colour, 32.0 * kEps);
        for (uint32_t field = 0; field < kDiffusedFieldCount; ++field) {
            const PressureResidual r = s.diffusionResidual(DiffusedField(field));
            EXPECT_TRUE(r.available && r.reachedTolerance) << "field " << field << ": relative " << r.relative << " after "
                                                           << r.iterations;
            EXPECT_LE(r.iterations, 8u) << "field " << field;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, TransportKernels3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

} // namespace
} // namespace billow::test
