// The MonotoneCubic sampling of the 3D advections (smoke3d_advect_velocity, smoke3d_advect_cells and
// the Revert limiter's fallback in smoke3d_advect_correct_*) against the double-precision reference
// (tests/reference/smoke3d: Fritsch & Carlson 1980 along x, then y, then z), for every boundary
// configuration on a 19 x 13 x 11 grid with random inputs and obstacles; and that it creates no new
// extrema: every advected value lies within the eight samples trilinear interpolation would have
// used. Tolerances follow the round-off model in support/kernel_harness3d.hpp.
#include <algorithm>
#include <cmath>
#include <optional>

#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

constexpr float kDt = 0.15f;  // back-traces of up to ~5 cells: the clamps and wraps are reached

const char* componentName(int a) { return a == 0 ? "u" : a == 1 ? "v" : "w"; }
SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

class CubicKernels3D : public KernelReferenceTest3D {
protected:
    SmokeSettings3D cubicSettings() const {
        SmokeSettings3D settings = baseSettings();
        settings.advectionInterpolation = AdvectionInterpolation::MonotoneCubic;
        return settings;
    }
    // The back-traced position's float error in cells, as in test_kernels3d_transport.cpp.
    double delta() const {
        const double ub = velocityBound();
        return 12.0 * kEps * (kExtent3 + kDt * ub) * (1.0 + kDt / kCell3 * 2.0 * ub) / kCell3;
    }
    // One monotone tricubic sample's error (the 2D model of test_kernels_interpolation.cpp one axis
    // further): a 1D cubic moves by at most 3 range per cell of t and is Lipschitz with constant
    // <= 5 in its inputs, so the x pass errs by 3 range delta, the y pass by 5 x that + 3 range
    // delta, the z pass by 5 x that + 3 range delta: 93 range delta; rounding: ~10 operations per
    // cubic, amplified 25, 5 and 1 times: ~310 roundings of the magnitude.
    double cubicError(double range, double magnitude) const {
        return 93.0 * delta() * range + 310.0 * kEps * magnitude;
    }
};

// min / max of read(Index) over the 2 x 2 x 2 stencils of every point within `delta` (cells) of c.
template <class Read>
std::pair<double, double> stencilRange(ref::Point c, double delta, Read read) {
    double low = 1e300, high = -1e300;
    for (int corner = 0; corner < 8; ++corner) {
        ref::Index base;
        for (int a = 0; a < 3; ++a) base[a] = int(std::floor(c[a] + (((corner >> a) & 1) ? delta : -delta)));
        for (int s = 0; s < 8; ++s) {
            const double x = read(ref::Index{base[0] + (s & 1), base[1] + ((s >> 1) & 1), base[2] + ((s >> 2) & 1)});
            low = std::min(low, x);
            high = std::max(high, x);
        }
    }
    return {low, high};
}

// Counts values outside their stencil's range (none allowed: the kernels' final clamp is exact in
// float); `at(k)` gives a value's sample coordinates, or nothing where no advection wrote it.
template <class At, class Read>
void expectWithinStencils(const std::string& what, const std::vector<float>& gpu, double delta, At at, Read read) {
    size_t outside = 0;
    double worst = 0.0;
    for (size_t k = 0; k < gpu.size(); ++k) {
        const std::optional<ref::Point> c = at(k);
        if (!c) continue;
        const auto [low, high] = stencilRange(*c, delta, [&](ref::Index x) { return read(k, x); });
        const double excess = std::max(low - gpu[k], gpu[k] - high);
        if (excess > 0.0) ++outside, worst = std::max(worst, excess);
    }
    EXPECT_EQ(outside, 0u) << what << ": " << outside << " values outside their stencil, worst by " << worst;
}

TEST_P(CubicKernels3D, SemiLagrangianAdvectionMatchesTheReferenceAndKeepsWithinStencils) {
    // The sampling's own property, kept within the stencil: the mass correction's one factor per
    // step may carry a value past it, so it is off here (the Advect tests check it).
    SmokeSettings3D settings = cubicSettings();
    settings.massCorrection = false;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    const ref::State f = uploadRandom(s, 61);
    s.stepPass(SmokePass3D::Advect, kDt);
    ref::State expected = f;
    ref::advectAll(g, expected, settings, kDt);

    const double ub = velocityBound();
    const std::array<std::vector<ref::Point>, 3> faceTraces = ref::faceTraces(g, f.vel, kDt);
    const std::vector<ref::Point> cellTraces = ref::cellTraces(g, f.vel, kDt);
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> gpu = s.download(velocityField(a));
        expectMatches(componentName(a), gpu, expected.vel[a], cubicError(2.0 * ub, ub));
        ref::Point offset{0.5, 0.5, 0.5};
        offset[a] = 0.0;
        expectWithinStencils(
            componentName(a), gpu, delta(),
            [&](size_t k) -> std::optional<ref::Point> {
                if (f.open[a][k] <= 0.0) return std::nullopt;
                return ref::sampleCoordinates(g, faceTraces[a][k], offset);
            },
            [&](size_t, ref::Index x) { return g.faceAt(f.vel[a], a, x); });
    }
    auto cells = [&](const char* name, SmokeField3D field, const ref::Values& before, const ref::Values& after,
                     ref::CellField kind, double range, double magnitude) {
        const std::vector<float> gpu = s.download(field);
        expectMatches(name, gpu, after, cubicError(range, magnitude));
        const int stride = ref::channels(kind);
        expectWithinStencils(
            name, gpu, delta(),
            [&](size_t k) -> std::optional<ref::Point> {
                if (f.solid[k / stride] >= 1.0) return std::nullopt;  // the mean of its fluid neighbours
                return ref::sampleCoordinates(g, cellTraces[k / stride], {0.5, 0.5, 0.5});
            },
            [&](size_t k, ref::Index x) { return g.cellAt(before, kind, int(k % stride), x); });
    };
    cells("density", SmokeField3D::Density, f.density, expected.density, ref::CellField::Density, 1.0, 1.0);
    // Temperatures span ambient +- 20 K (inflows 280 to 310 K inside it), magnitude ~313 K.
    cells("temperature", SmokeField3D::Temperature, f.temperature, expected.temperature, ref::CellField::Temperature, 40.0,
          313.2);
    cells("fuel", SmokeField3D::Fuel, f.fuel, expected.fuel, ref::CellField::Fuel, 1.0, 1.0);
    cells("colour", SmokeField3D::Colour, f.colour, expected.colour, ref::CellField::Colour, 1.0, 1.0);

    // The cubic differs from trilinear (else the option would silently do nothing).
    ref::Grid linear = g;
    linear.interpolation = AdvectionInterpolation::Linear;
    ref::State trilinear = f;
    ref::advectAll(linear, trilinear, settings, kDt);
    double largest = 0.0;
    for (size_t k = 0; k < f.density.size(); ++k)
        largest = std::max(largest, std::abs(expected.density[k] - trilinear.density[k]));
    EXPECT_GT(largest, 0.05) << "the cubic density is within " << largest << " of the trilinear one";
}

// MacCormack with the Revert limiter on every field (forward, backward and the fallback all cubic).
// Tolerance, with E one cubic sample's error: forward E; backward its own E plus the forward's
// error passed on times at most 5^3: 126 E; forward + (original - backward) / 2: 64 E, plus the
// combination's rounding; widened to twice the range where float and double may pick neighbouring
// stencils or take different sides of a bound.
TEST_P(CubicKernels3D, MacCormackWithRevertMatchesTheReference) {
    SmokeSettings3D settings = cubicSettings();
    settings.scalarAdvection = settings.colourAdvection = settings.velocityAdvection = AdvectionScheme::MacCormack;
    settings.advectionLimiter = AdvectionLimiter::RevertToSemiLagrangian;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    const ref::State f = uploadRandom(s, 71);
    s.stepPass(SmokePass3D::Advect, kDt);

    auto near = [&](ref::Point c) {
        for (double x : c)
            if (std::abs(x - std::round(x)) <= delta()) return true;
        return false;
    };
    const double ub = velocityBound();
    ref::State expected = f;
    std::array<ref::Values, 3> margin;
    ref::advectVelocityCorrected(g, expected, kDt, settings.velocityAdvection, settings.advectionLimiter, &margin);
    const std::array<std::vector<ref::Point>, 3> faceTraces = ref::faceTraces(g, f.vel, kDt);
    for (int a = 0; a < 3; ++a) {
        const double tolerance = 64.0 * cubicError(2.0 * ub, ub) + 8.0 * kEps * ub;
        ref::Point offset{0.5, 0.5, 0.5};
        offset[a] = 0.0;
        ref::Values t(g.faceCount(a), tolerance);
        for (size_t k = 0; k < t.size(); ++k)
            if (margin[a][k] <= tolerance || near(ref::sampleCoordinates(g, faceTraces[a][k], offset))) t[k] = 4.0 * ub;
        expectMatches(componentName(a), s.download(velocityField(a)), expected.vel[a], t);
    }
    const std::vector<ref::Point> cellTraces = ref::cellTraces(g, f.vel, kDt);
    auto cells = [&](const char* name, SmokeField3D field, const ref::Values& values, ref::CellField kind, double empty,
                     double range, double magnitude) {
        ref::Values cellMargin;
        const ref::Values want = ref::advectCellsCorrected(g, f, values, kind, kDt, empty, settings.scalarAdvection,
                                                           settings.advectionLimiter, &cellMargin);
        const double tolerance = 64.0 * cubicError(range, magnitude) + 8.0 * kEps * magnitude;
        const int stride = ref::channels(kind);
        ref::Values t(want.size(), tolerance);
        for (size_t k = 0; k < t.size(); ++k)
            if (cellMargin[k] <= tolerance || near(ref::sampleCoordinates(g, cellTraces[k / stride], {0.5, 0.5, 0.5})))
                t[k] = 2.0 * range;
        expectMatches(name, s.download(field), want, t);
    };
    cells("density", SmokeField3D::Density, f.density, ref::CellField::Density, 0.0, 1.0, 1.0);
    cells("temperature", SmokeField3D::Temperature, f.temperature, ref::CellField::Temperature, kAmbient3, 40.0, 313.2);
    cells("colour", SmokeField3D::Colour, f.colour, ref::CellField::Colour, 0.0, 1.0, 1.0);
}

// The kernels skip a sample's 56 outer taps where its eight inner ones are equal (every cubic
// between equal samples returns that value: an exact shortcut). Blocks of 3 x 3 x 3 equal values
// between random ones give samples inside the blocks (the shortcut), across their edges and in the
// random cells; all must match the reference, which has no shortcut.
TEST_P(CubicKernels3D, UniformRegionsMatchTheReference) {
    const SmokeSettings3D settings = cubicSettings();
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    uploadRandom(s, 67);
    auto patch = [&](SmokeField3D field, int rowLength, int rows, float constant) {
        std::vector<float> values = s.download(field);
        for (size_t k = 0; k < values.size(); ++k) {
            const int i = int(k % rowLength), j = int(k / rowLength) % rows, l = int(k / (size_t(rowLength) * rows));
            if ((i / 3 + j / 3 + l / 3) % 2 == 0) values[k] = constant;
        }
        s.upload(field, values);
    };
    patch(SmokeField3D::VelocityY, g.n[0], g.n[1] + 1, 0.25f);
    patch(SmokeField3D::Density, g.n[0], g.n[1], 0.0f);
    patch(SmokeField3D::Temperature, g.n[0], g.n[1], kAmbient3);
    patch(SmokeField3D::Fuel, g.n[0], g.n[1], 0.0f);
    const ref::State f = ref::downloadState(s);
    s.stepPass(SmokePass3D::Advect, kDt);
    ref::State expected = f;
    ref::advectAll(g, expected, settings, kDt);
    const double ub = velocityBound();
    for (int a = 0; a < 3; ++a)
        expectMatches(componentName(a), s.download(velocityField(a)), expected.vel[a], cubicError(2.0 * ub, ub));
    expectMatches("density", s.download(SmokeField3D::Density), expected.density, cubicError(1.0, 1.0));
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature, cubicError(40.0, 313.2));
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, cubicError(1.0, 1.0));
}

INSTANTIATE_TEST_SUITE_P(Boundaries, CubicKernels3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

} // namespace
} // namespace billow::test
