// The MonotoneCubic sampling of the 2D advections (advect_velocity, advect_cells / advect_scalars,
// advect_dye, and the Revert limiter's fallback in advect_correct_*) against the double-precision
// reference (tests/reference/smoke, Fritsch & Carlson 1980 along x then y), for every boundary
// configuration on a 37 x 23 grid (dye 29 x 41 in most cases) with random inputs and obstacles;
// and that it creates no new extrema: every advected value lies within the four samples bilinear
// interpolation would have used. Tolerances follow the round-off model in support/kernel_harness.hpp.
#include <algorithm>
#include <cmath>
#include <optional>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

constexpr float kDt = 0.15f;  // back-traces of up to ~5 cells: the clamps and wraps are reached

class CubicKernels : public KernelReferenceTest {
protected:
    SmokeSettings cubicSettings() const {
        SmokeSettings settings = baseSettings();
        settings.advectionInterpolation = AdvectionInterpolation::MonotoneCubic;
        return settings;
    }
    // The back-traced position's float error, in metres, as in test_kernels_transport.cpp: ~10
    // roundings of coordinates up to the extent (3.7 m plus the trace), and the midpoint's error
    // moved on by dt/h times the velocity's change per cell.
    double positionError(const smoke_ref::Grid& g) const {
        const double ub = velocityBound();
        return 10.0 * kEps * (3.7 + kDt * ub) * (1.0 + kDt / g.h * 2.0 * ub);
    }
    // One monotone bicubic sample's error for a field of this range and magnitude, with delta the
    // position error in cells. A 1D monotone cubic moves by at most 3 |f2 - f1| <= 3 range per cell
    // of t (its slope never exceeds 3 times the interval's difference, and in between its derivative
    // is a quadratic bounded by its end values and 1.5 |f2 - f1|), and it is Lipschitz in its four
    // inputs with constant <= 5 (f1: 1; delta: 2 x 1; each capped slope moves by <= 6 e, times its
    // basis function's <= 4/27). So the x pass errs by 3 range delta, the y pass passes that on
    // times 5 and adds its own 3 range delta: 18 range delta; rounding: ~10 operations per cubic,
    // the x pass's amplified by 5: ~64 roundings of the magnitude.
    double cubicError(const smoke_ref::Grid& g, double cell, double range, double magnitude) const {
        return 18.0 * positionError(g) / cell * range + 64.0 * kEps * magnitude;
    }
};

// min / max of read(i, j) over the 2 x 2 stencils of every point within `delta` (in sample cells)
// of (cx, cy): the stencils float and double may pick where the back-trace nears a grid line.
template <class Read>
std::pair<double, double> stencilRange(double cx, double cy, double delta, Read read) {
    double low = 1e300, high = -1e300;
    for (double dx : {-delta, delta})
        for (double dy : {-delta, delta}) {
            const int i = int(std::floor(cx + dx)), j = int(std::floor(cy + dy));
            for (int b = 0; b < 2; ++b)
                for (int a = 0; a < 2; ++a) {
                    const double x = read(i + a, j + b);
                    low = std::min(low, x);
                    high = std::max(high, x);
                }
        }
    return {low, high};
}

// Counts the GPU values outside their stencil's range (none allowed: the kernels' final clamp is
// exact in float, and the inputs are the uploaded floats). `trace(k)` gives a value's sample
// coordinates, or nothing for values no advection wrote (closed faces).
template <class Trace, class Read>
void expectWithinStencils(const std::string& what, const std::vector<float>& gpu, double delta, Trace trace, Read read) {
    size_t outside = 0, worst = 0;
    double worstExcess = 0.0;
    for (size_t k = 0; k < gpu.size(); ++k) {
        const auto at = trace(k);
        if (!at) continue;
        const auto [low, high] = stencilRange(at->x, at->y, delta, [&](int i, int j) { return read(k, i, j); });
        const double excess = std::max(low - gpu[k], gpu[k] - high);
        if (excess > 0.0) {
            ++outside;
            if (excess > worstExcess) worstExcess = excess, worst = k;
        }
    }
    EXPECT_EQ(outside, 0u) << what << ": " << outside << " values outside their stencil; worst at " << worst
                           << " by " << worstExcess;
}

TEST_P(CubicKernels, SemiLagrangianAdvectionMatchesTheReferenceAndKeepsWithinStencils) {
    // The sampling's own property, kept within the stencil: the mass correction's one factor per
    // step may carry a value past it, so it is off here (the Advect tests check it).
    SmokeSettings settings = cubicSettings();
    settings.massCorrection = false;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    const smoke_ref::State f = uploadRandom(s, g, 61);
    s.stepPass(SmokePass::Advect, kDt);
    smoke_ref::State expected = f;
    smoke_ref::advectAll(g, expected, settings, kDt);

    const double ub = velocityBound(), dyeCell = std::min(g.dyeHx(), g.dyeHy());
    const std::vector<float> u = s.download(SmokeField::VelocityX), v = s.download(SmokeField::VelocityY);
    const std::vector<float> density = s.download(SmokeField::Density), temperature = s.download(SmokeField::Temperature);
    const std::vector<float> dye = s.download(SmokeField::Dye);
    expectMatches("u", u, expected.u, cubicError(g, g.h, 2.0 * ub, ub));
    expectMatches("v", v, expected.v, cubicError(g, g.h, 2.0 * ub, ub));
    expectMatches("density", density, expected.density, cubicError(g, g.h, 1.0, 1.0));
    // Temperatures span ambient +- 20 K (inflows 280 and 310 K inside it), magnitude ~313 K.
    expectMatches("temperature", temperature, expected.temperature, cubicError(g, g.h, 40.0, 313.2));
    expectMatches("dye", dye, expected.dye, cubicError(g, dyeCell, 1.0, 1.0));

    // The cubic differs from bilinear (else the option would silently do nothing): compare with the
    // reference's bilinear advection, which must be further from the GPU than the tolerance somewhere.
    smoke_ref::Grid linear = g;
    linear.interpolation = AdvectionInterpolation::Linear;
    smoke_ref::State bilinear = f;
    smoke_ref::advectAll(linear, bilinear, settings, kDt);
    double largest = 0.0;
    for (size_t k = 0; k < density.size(); ++k) largest = std::max(largest, std::abs(density[k] - bilinear.density[k]));
    EXPECT_GT(largest, 0.05) << "the cubic density is within " << largest << " of the bilinear one";

    // No new extrema: every value within its 2 x 2 stencil (solid cells hold their neighbours' mean
    // instead, closed faces their value).
    const double delta = positionError(g) / std::min(g.h, dyeCell);
    auto faceTrace = [&](bool xFaces) {
        return [&, xFaces](size_t k) -> std::optional<smoke_ref::Point> {
            const int stride = xFaces ? g.nx + 1 : g.nx;
            const int i = int(k % stride), j = int(k / stride);
            if ((xFaces ? f.openX : f.openY)[k] <= 0.0) return std::nullopt;
            const int ci = xFaces ? g.canonicalColumn(i) : i, cj = xFaces ? j : g.canonicalRow(j);
            const smoke_ref::Point start = xFaces ? smoke_ref::Point{ci * g.h, (cj + 0.5) * g.h}
                                                  : smoke_ref::Point{(ci + 0.5) * g.h, cj * g.h};
            const smoke_ref::Point p = g.traceBack(f.u, f.v, start, kDt);
            return smoke_ref::Point{p.x / g.h - (xFaces ? 0.0 : 0.5), p.y / g.h - (xFaces ? 0.5 : 0.0)};
        };
    };
    expectWithinStencils("u", u, delta, faceTrace(true), [&](size_t, int i, int j) { return g.uAt(f.u, i, j); });
    expectWithinStencils("v", v, delta, faceTrace(false), [&](size_t, int i, int j) { return g.vAt(f.v, i, j); });
    auto cellTrace = [&](size_t k) -> std::optional<smoke_ref::Point> {
        if (f.solid[k] >= 1.0) return std::nullopt;
        const int i = int(k % g.nx), j = int(k / g.nx);
        const smoke_ref::Point p = g.traceBack(f.u, f.v, {(i + 0.5) * g.h, (j + 0.5) * g.h}, kDt);
        return smoke_ref::Point{p.x / g.h - 0.5, p.y / g.h - 0.5};
    };
    expectWithinStencils("density", density, delta, cellTrace,
                         [&](size_t, int i, int j) { return g.densityAt(f.density, i, j); });
    expectWithinStencils("temperature", temperature, delta, cellTrace,
                         [&](size_t, int i, int j) { return g.temperatureAt(f.temperature, i, j); });
    auto dyeTrace = [&](size_t k) -> std::optional<smoke_ref::Point> {
        const int cell = int(k / 4), i = cell % g.dyeNx, j = cell / g.dyeNx;
        const smoke_ref::Point p = g.traceBack(f.u, f.v, {(i + 0.5) * g.dyeHx(), (j + 0.5) * g.dyeHy()}, kDt);
        return smoke_ref::Point{p.x / g.dyeHx() - 0.5, p.y / g.dyeHy() - 0.5};
    };
    expectWithinStencils("dye", dye, delta, dyeTrace,
                         [&](size_t k, int i, int j) { return g.dyeAt(f.dye, int(k % 4), i, j); });
}

// MacCormack with the Revert limiter on every field: its forward and backward advections and its
// fallback sample all use the cubic. Tolerance, with E one cubic sample's error: forward E;
// backward its own E plus the forward's error passed on times at most 5 x 5 (the Lipschitz constant
// of the x pass, then of the y pass): 26 E; forward + (original - backward) / 2: E + 13 E = 14 E,
// plus the combination's rounding; widened to twice the range where float and double may pick
// neighbouring stencils or take different sides of a bound.
TEST_P(CubicKernels, MacCormackWithRevertMatchesTheReference) {
    SmokeSettings settings = cubicSettings();
    settings.scalarAdvection = settings.dyeAdvection = settings.velocityAdvection = AdvectionScheme::MacCormack;
    settings.advectionLimiter = AdvectionLimiter::RevertToSemiLagrangian;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    const smoke_ref::State f = uploadRandom(s, g, 71);
    s.stepPass(SmokePass::Advect, kDt);
    smoke_ref::State expected = f;
    smoke_ref::FaceField velocityMargin;
    smoke_ref::Values densityMargin, temperatureMargin, dyeMargin;
    smoke_ref::advectScalarsCorrected(g, expected, kDt, settings.ambientTemperature, settings.scalarAdvection,
                                      settings.advectionLimiter, &densityMargin, &temperatureMargin);
    smoke_ref::advectDyeCorrected(g, expected, kDt, settings.dyeAdvection, settings.advectionLimiter, &dyeMargin);
    smoke_ref::advectVelocityCorrected(g, expected, kDt, settings.velocityAdvection, settings.advectionLimiter,
                                       &velocityMargin);

    const double ub = velocityBound(), dyeCell = std::min(g.dyeHx(), g.dyeHy());
    // Where the trace nears a grid line (`near`), float and double may use neighbouring stencils.
    auto tolerances = [&](const smoke_ref::Values& margin, double cell, double range, double magnitude, auto near) {
        const double tolerance = 14.0 * cubicError(g, cell, range, magnitude) + 8.0 * kEps * magnitude;
        smoke_ref::Values t(margin.size(), tolerance);
        for (size_t k = 0; k < t.size(); ++k)
            if (margin[k] <= tolerance || near(k)) t[k] = 2.0 * range;
        return t;
    };
    auto nearLine = [&](double c, double cell) { return std::abs(c - std::round(c)) <= positionError(g) / cell; };
    auto nearFace = [&](bool xFaces) {
        return [&, xFaces](size_t k) {
            const int stride = xFaces ? g.nx + 1 : g.nx, i = int(k % stride), j = int(k / stride);
            const smoke_ref::Point start =
                xFaces ? smoke_ref::Point{i * g.h, (j + 0.5) * g.h} : smoke_ref::Point{(i + 0.5) * g.h, j * g.h};
            const smoke_ref::Point p = g.traceBack(f.u, f.v, start, kDt);
            return nearLine(p.x / g.h - (xFaces ? 0.0 : 0.5), g.h) || nearLine(p.y / g.h - (xFaces ? 0.5 : 0.0), g.h);
        };
    };
    auto nearCell = [&](int sizeX, int stride, double cx, double cy) {
        return [&, sizeX, stride, cx, cy](size_t k) {
            const int cell = int(k) / stride, i = cell % sizeX, j = cell / sizeX;
            const smoke_ref::Point p = g.traceBack(f.u, f.v, {(i + 0.5) * cx, (j + 0.5) * cy}, kDt);
            return nearLine(p.x / cx - 0.5, cx) || nearLine(p.y / cy - 0.5, cy);
        };
    };
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u,
                  tolerances(velocityMargin.u, g.h, 2.0 * ub, ub, nearFace(true)));
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v,
                  tolerances(velocityMargin.v, g.h, 2.0 * ub, ub, nearFace(false)));
    expectMatches("density", s.download(SmokeField::Density), expected.density,
                  tolerances(densityMargin, g.h, 1.0, 1.0, nearCell(g.nx, 1, g.h, g.h)));
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature,
                  tolerances(temperatureMargin, g.h, 40.0, 313.2, nearCell(g.nx, 1, g.h, g.h)));
    expectMatches("dye", s.download(SmokeField::Dye), expected.dye,
                  tolerances(dyeMargin, dyeCell, 1.0, 1.0, nearCell(g.dyeNx, 4, g.dyeHx(), g.dyeHy())));
}

// The kernels skip a sample's twelve outer taps where its four inner ones are equal (every cubic
// between equal samples returns that value: an exact shortcut). Blocks of 3 x 3 equal values
// between random ones give samples inside the blocks (the shortcut), across their edges (the full
// cubic with equal neighbours) and in the random cells; all must match the reference, which has no
// shortcut. Fails if the shortcut tested fewer inner samples or returned the wrong one.
TEST_P(CubicKernels, UniformRegionsMatchTheReference) {
    const SmokeSettings settings = cubicSettings();
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State f = uploadRandom(s, g, 67);
    auto patch = [&](SmokeField field, smoke_ref::Values& target, int rowLength, float constant) {
        std::vector<float> values = s.download(field);
        for (size_t k = 0; k < values.size(); ++k)
            if ((int(k % rowLength) / 3 + int(k / rowLength) / 3) % 2 == 0) values[k] = constant;
        s.upload(field, values);
        const std::vector<float> kept = s.download(field);
        target = smoke_ref::Values(kept.begin(), kept.end());
    };
    patch(SmokeField::VelocityX, f.u, g.nx + 1, 0.25f);
    patch(SmokeField::Density, f.density, g.nx, 0.0f);
    patch(SmokeField::Temperature, f.temperature, g.nx, settings.ambientTemperature);
    s.stepPass(SmokePass::Advect, kDt);
    smoke_ref::State expected = f;
    smoke_ref::advectAll(g, expected, settings, kDt);
    const double ub = velocityBound();
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, cubicError(g, g.h, 2.0 * ub, ub));
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, cubicError(g, g.h, 2.0 * ub, ub));
    expectMatches("density", s.download(SmokeField::Density), expected.density, cubicError(g, g.h, 1.0, 1.0));
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature, cubicError(g, g.h, 40.0, 313.2));
}

INSTANTIATE_TEST_SUITE_P(Boundaries, CubicKernels, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace billow::test
