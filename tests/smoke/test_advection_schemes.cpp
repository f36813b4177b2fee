// MacCormack and BFECC against semi-Lagrangian on a blob carried once around a solid-body rotation:
// the corrected schemes must keep it closer to its starting shape, and their limiter must keep every
// value inside the range the field started with.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace billow::test {
namespace {

constexpr uint32_t kN = 64;
constexpr float kOmega = 1.0f;  // rad/s
constexpr float kDt = 0.05f;    // s: up to ~1.1 cells per step at the blob's radius

struct Result {
    double l1Error;  // sum |final - initial| * cell area, density and dye red channel
    double minValue, maxValue;
    double norm;        // sum |initial| * cell area, density and dye red channel
    double massChange;  // (final - initial mass) / initial mass, density
};

// A smooth-edged disc of radius 0.12 m centred 0.22 m right of the domain centre.
float blob(float x, float y) {
    float d = std::hypot(x - 0.72f, y - 0.5f);
    return std::clamp((0.12f - d) / 0.03f, 0.0f, 1.0f);
}

Result rotateOnce(std::shared_ptr<Context> context, AdvectionScheme scheme,
                  AdvectionLimiter limiter = AdvectionLimiter::Clamp,
                  AdvectionInterpolation interpolation = AdvectionInterpolation::Linear) {
    SmokeSettings s;
    s.nx = kN;
    s.ny = kN;
    s.cellSize = 1.0f / kN;
    s.scalarAdvection = scheme;
    s.dyeAdvection = scheme;
    s.advectionLimiter = limiter;
    s.advectionInterpolation = interpolation;
    SmokeSolver smoke(context, s);
    const float h = s.cellSize;
    std::vector<float> u(smoke.fieldSize(SmokeField::VelocityX)), v(smoke.fieldSize(SmokeField::VelocityY));
    for (uint32_t j = 0; j < kN; ++j)
        for (uint32_t i = 0; i <= kN; ++i) u[i + j * (kN + 1)] = -kOmega * ((float(j) + 0.5f) * h - 0.5f);
    for (uint32_t j = 0; j <= kN; ++j)
        for (uint32_t i = 0; i < kN; ++i) v[i + j * kN] = kOmega * ((float(i) + 0.5f) * h - 0.5f);
    std::vector<float> density(size_t(kN) * kN), dye(size_t(kN) * kN * 4, 0.0f);
    for (uint32_t j = 0; j < kN; ++j)
        for (uint32_t i = 0; i < kN; ++i) {
            float b = blob((float(i) + 0.5f) * h, (float(j) + 0.5f) * h);
            density[i + j * kN] = b;
            dye[(i + j * kN) * 4] = b;
        }
    smoke.upload(SmokeField::Density, density);
    smoke.upload(SmokeField::Dye, dye);
    const int steps = int(std::lround(2.0 * 3.14159265358979 / (kOmega * kDt)));
    for (int k = 0; k < steps; ++k) {
        // The velocity is held fixed: only the carried fields move.
        smoke.upload(SmokeField::VelocityX, u);
        smoke.upload(SmokeField::VelocityY, v);
        smoke.stepPass(SmokePass::Advect, kDt);
    }
    // 126 steps of 0.05 s are 6.30 s, 0.3% more than a revolution: the blob ends 0.2 cell further
    // on in every scheme alike.
    Result r{0.0, 1e30, -1e30, 0.0, 0.0};
    std::vector<float> finalDensity = smoke.download(SmokeField::Density), finalDye = smoke.download(SmokeField::Dye);
    double massBefore = 0.0, massAfter = 0.0;
    for (size_t c = 0; c < density.size(); ++c) {
        r.l1Error += (std::abs(finalDensity[c] - density[c]) + std::abs(finalDye[c * 4] - dye[c * 4])) * h * h;
        r.norm += (std::abs(density[c]) + std::abs(dye[c * 4])) * h * h;
        massBefore += density[c];
        massAfter += finalDensity[c];
        for (float x : {finalDensity[c], finalDye[c * 4]}) {
            r.minValue = std::min(r.minValue, double(x));
            r.maxValue = std::max(r.maxValue, double(x));
        }
    }
    r.massChange = (massAfter - massBefore) / massBefore;
    return r;
}

class AdvectionSchemes : public GpuTest {};

TEST_F(AdvectionSchemes, CorrectedSchemesKeepARotatingBlobSharperWithinBounds) {
    Result sl = rotateOnce(context(), AdvectionScheme::SemiLagrangian);
    Result mc = rotateOnce(context(), AdvectionScheme::MacCormack);
    Result bfecc = rotateOnce(context(), AdvectionScheme::BFECC);
    constexpr AdvectionLimiter kRevert = AdvectionLimiter::RevertToSemiLagrangian;
    Result mcRevert = rotateOnce(context(), AdvectionScheme::MacCormack, kRevert);
    Result bfeccRevert = rotateOnce(context(), AdvectionScheme::BFECC, kRevert);
    std::printf("L1 error after one revolution: SL %.5f, MacCormack %.5f, BFECC %.5f; reverting limiter: "
                "MacCormack %.5f, BFECC %.5f\n",
                sl.l1Error, mc.l1Error, bfecc.l1Error, mcRevert.l1Error, bfeccRevert.l1Error);
    // Second-order schemes lose far less to numerical diffusion than first-order SL; ask for at
    // least a 30% smaller error so the test fails if the correction silently does nothing.
    for (const Result& r : {mc, bfecc, mcRevert, bfeccRevert}) EXPECT_LT(r.l1Error, 0.7 * sl.l1Error);
    // Either limiter keeps each value within the four cells it was interpolated from (clamped, or
    // their bilinear mean), so nothing leaves the initial range [0, 1] beyond float round-off.
    for (const Result& r : {mc, bfecc, mcRevert, bfeccRevert}) {
        EXPECT_GE(r.minValue, -1e-6);
        EXPECT_LE(r.maxValue, 1.0 + 1e-6);
    }
}

// Monotone cubic sampling on the rotating blob: it must cut semi-Lagrangian's error by at least
// half (measured: 0.269 against 0.933 of the blob's norm, docs/accuracy.md), MacCormack with it must
// do better still (measured 0.180), and both must stay within [0, 1] (the cubic never leaves the
// four nearest samples' range). Fails if the option silently samples bilinearly (ratio 1).
TEST_F(AdvectionSchemes, MonotoneCubicSamplingSharpensTheRotatingBlobWithinBounds) {
    constexpr AdvectionInterpolation kCubic = AdvectionInterpolation::MonotoneCubic;
    Result sl = rotateOnce(context(), AdvectionScheme::SemiLagrangian);
    Result slCubic = rotateOnce(context(), AdvectionScheme::SemiLagrangian, AdvectionLimiter::Clamp, kCubic);
    Result mcCubic = rotateOnce(context(), AdvectionScheme::MacCormack, AdvectionLimiter::Clamp, kCubic);
    std::printf("L1 error / blob norm: SL %.3f, SL cubic %.3f, MacCormack cubic %.3f\n", sl.l1Error / sl.norm,
                slCubic.l1Error / slCubic.norm, mcCubic.l1Error / mcCubic.norm);
    EXPECT_LT(slCubic.l1Error, 0.5 * sl.l1Error);
    EXPECT_LT(mcCubic.l1Error, slCubic.l1Error);
    for (const Result& r : {slCubic, mcCubic}) {
        EXPECT_GE(r.minValue, -1e-6);
        EXPECT_LE(r.maxValue, 1.0 + 1e-6);
    }
}

// The velocity's own advection, on a shear flow with an exact solution: on a periodic square,
// u = jet(y) with v = V uniform is carried by itself as u(y, t) = jet(y - V t) (u.grad u = V jet'(y),
// u.grad v = 0), so after the time the flow takes to cross the domain the profile is back where it
// started. The same with the axes swapped checks the y-faces. Nothing is projected: the flow is
// divergence-free and only the Advect pass runs.
constexpr uint32_t kShearN = 64;
constexpr int kCrossingSteps = 173;  // V dt = 64 / 173 = 0.37 cells per step
constexpr double kJetWidth = 0.1;    // m: 6.4 cells

double jet(double s) { return std::exp(-std::pow((s - 0.5) / kJetWidth, 2.0)); }

struct ShearResult {
    double l1Error = 0.0;       // sum over both runs of |final - jet| * h^2
    double worstOvershoot = 0.0;  // largest excursion of a face beyond its stencil's min/max, m/s
};

ShearResult carryShearAcross(std::shared_ptr<Context> context, AdvectionScheme scheme,
                              AdvectionLimiter limiter = AdvectionLimiter::Clamp,
                              AdvectionInterpolation interpolation = AdvectionInterpolation::Linear) {
    SmokeSettings s;
    s.nx = s.ny = kShearN;
    s.cellSize = 1.0f / kShearN;
    s.velocityAdvection = scheme;
    s.advectionLimiter = limiter;
    s.advectionInterpolation = interpolation;
    for (BoundarySide& b : s.boundaries) b.type = BoundaryType::Periodic;
    SmokeSolver smoke(context, s);
    const double h = s.cellSize, speed = 1.0;  // V, m/s
    const float dt = float(1.0 / (speed * kCrossingSteps));
    ShearResult r;
    for (bool shearInX : {true, false}) {
        // shearInX: u = jet(y), v = V. Otherwise v = jet(x), u = V. `rows` of the sheared component
        // are its samples across the jet, at (row + 1/2) h.
        const SmokeField sheared = shearInX ? SmokeField::VelocityX : SmokeField::VelocityY;
        const SmokeField carrier = shearInX ? SmokeField::VelocityY : SmokeField::VelocityX;
        const size_t n = kShearN;
        auto rowOf = [&](size_t k) { return shearInX ? k / (n + 1) : k % n; };
        std::vector<float> profile(smoke.fieldSize(sheared));
        for (size_t k = 0; k < profile.size(); ++k) profile[k] = float(jet((double(rowOf(k)) + 0.5) * h));
        smoke.upload(sheared, profile);
        smoke.upload(carrier, std::vector<float>(smoke.fieldSize(carrier), float(speed)));
        std::vector<float> before = profile;
        for (int step = 0; step < kCrossingSteps; ++step) {
            smoke.stepPass(SmokePass::Advect, dt);
            std::vector<float> after = smoke.download(sheared);
            // A sample 0.37 rows downstream of row r traces back between rows r - 1 and r (the
            // carrier is uniform), so its bilinear stencil lies in those two rows. Across the shear
            // a row is uniform only up to round-off (and, with the reverting limiter, up to which
            // of its faces reverted), so bound by the min/max over both rows.
            std::vector<double> rowMin(n, 1e30), rowMax(n, -1e30);
            for (size_t k = 0; k < before.size(); ++k) {
                rowMin[rowOf(k)] = std::min(rowMin[rowOf(k)], double(before[k]));
                rowMax[rowOf(k)] = std::max(rowMax[rowOf(k)], double(before[k]));
            }
            for (size_t k = 0; k < after.size(); ++k) {
                const size_t row = rowOf(k), upstream = (row + n - 1) % n;
                const double low = std::min(rowMin[row], rowMin[upstream]);
                const double high = std::max(rowMax[row], rowMax[upstream]);
                r.worstOvershoot = std::max({r.worstOvershoot, low - after[k], after[k] - high});
            }
            before = std::move(after);
        }
        for (size_t k = 0; k < before.size(); ++k) r.l1Error += std::abs(before[k] - profile[k]) * h * h;
        // The carrier stays uniform (its own advection is exact); reset the sheared field for the
        // other orientation.
        smoke.upload(sheared, std::vector<float>(smoke.fieldSize(sheared), 0.0f));
    }
    return r;
}

TEST_F(AdvectionSchemes, CorrectedVelocityAdvectionKeepsAShearLayerWithinBounds) {
    ShearResult sl = carryShearAcross(context(), AdvectionScheme::SemiLagrangian);
    ShearResult mc = carryShearAcross(context(), AdvectionScheme::MacCormack);
    ShearResult bfecc = carryShearAcross(context(), AdvectionScheme::BFECC);
    constexpr AdvectionLimiter kRevert = AdvectionLimiter::RevertToSemiLagrangian;
    ShearResult mcRevert = carryShearAcross(context(), AdvectionScheme::MacCormack, kRevert);
    ShearResult bfeccRevert = carryShearAcross(context(), AdvectionScheme::BFECC, kRevert);
    std::printf("Shear jet L1 error after one crossing: SL %.6f, MacCormack %.6f, BFECC %.6f; "
                "reverting limiter: MacCormack %.6f, BFECC %.6f\n",
                sl.l1Error, mc.l1Error, bfecc.l1Error, mcRevert.l1Error, bfeccRevert.l1Error);
    std::printf("Worst excursion beyond the stencil: SL %.3g, MacCormack %.3g, BFECC %.3g, reverting %.3g %.3g\n",
                sl.worstOvershoot, mc.worstOvershoot, bfecc.worstOvershoot, mcRevert.worstOvershoot,
                bfeccRevert.worstOvershoot);
    // SL at a fractional shift alpha = 0.37 cells per step is the two-point filter
    // (1 - alpha, alpha): each step adds alpha (1 - alpha) h^2 of variance, 40 h^2 over the crossing,
    // against the jet's own sigma^2 / 2 = 20 h^2, so SL visibly flattens it (measured L1 0.185).
    // MacCormack and BFECC cancel that leading error; ask them to remove at least half of SL's
    // (measured: 0.27 and 0.10 of it), which fails if the correction does nothing (ratio 1).
    for (const ShearResult& r : {mc, bfecc, mcRevert, bfeccRevert}) EXPECT_LT(r.l1Error, 0.5 * sl.l1Error);
    // Both limiters keep a value within its stencil's values exactly (clamped, or their bilinear
    // mean, which rounds by a few ulps): allow 16 ulps of the jet's magnitude 1.
    for (const ShearResult& r : {sl, mc, bfecc, mcRevert, bfeccRevert}) EXPECT_LE(r.worstOvershoot, 16.0 / (1 << 23));
}

// The table of docs/accuracy.md ("Sharper interpolation"): every scheme with either limiter, with
// bilinear and with monotone cubic sampling, on the rotating blob. A measurement, not run by CTest
// (~40 s on lavapipe): test_advection_schemes --gtest_also_run_disabled_tests --gtest_filter='*Table*'
TEST_F(AdvectionSchemes, DISABLED_RotatingBlobAccuracyTable) {
    std::printf("Rotating blob, 64^2, one revolution in 126 steps (L1 error / blob L1 norm; density mass change)\n");
    std::printf("%-16s %-8s %-14s %-14s\n", "scheme", "limiter", "linear", "monotone cubic");
    const std::pair<AdvectionScheme, const char*> schemes[] = {{AdvectionScheme::SemiLagrangian, "SemiLagrangian"},
                                                                {AdvectionScheme::MacCormack, "MacCormack"},
                                                                {AdvectionScheme::BFECC, "BFECC"}};
    for (auto [scheme, name] : schemes)
        for (AdvectionLimiter limiter : {AdvectionLimiter::Clamp, AdvectionLimiter::RevertToSemiLagrangian}) {
            if (scheme == AdvectionScheme::SemiLagrangian && limiter != AdvectionLimiter::Clamp) continue;
            Result linear = rotateOnce(context(), scheme, limiter);
            Result cubic = rotateOnce(context(), scheme, limiter, AdvectionInterpolation::MonotoneCubic);
            std::printf("%-16s %-8s %.3f (%+.2f%%) %.3f (%+.2f%%)\n", name,
                        scheme == AdvectionScheme::SemiLagrangian ? "-" : limiter == AdvectionLimiter::Clamp ? "clamp" : "revert",
                        linear.l1Error / linear.norm, 100.0 * linear.massChange, cubic.l1Error / cubic.norm,
                        100.0 * cubic.massChange);
        }
    std::printf("Shear jet, 64^2 periodic, one crossing in 173 steps (velocity advection; L1 error of the jet)\n");
    for (auto [scheme, name] : schemes) {
        ShearResult linear = carryShearAcross(context(), scheme);
        ShearResult cubic = carryShearAcross(context(), scheme, AdvectionLimiter::Clamp, AdvectionInterpolation::MonotoneCubic);
        std::printf("%-16s clamp    %.4f         %.4f\n", name, linear.l1Error, cubic.l1Error);
    }
}

} // namespace
} // namespace billow::test
