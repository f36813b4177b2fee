// Dye stored as packed halves (SmokeSettings::dyeStorage = Float16): the host conversions, the
// buffer the engine sees, and full steps against the same steps with the dye in float.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace billow::test {
namespace {

// Round-to-nearest to a half: relative error at most 2^-11 for normal halves (|x| >= 2^-14), and
// absolute error at most half the subnormal spacing, 2^-25, below that.
constexpr double kHalfRelative = 1.0 / 2048.0;
constexpr double kHalfSubnormal = 1.0 / (1 << 25);
double halfRounding(double magnitude) { return kHalfRelative * magnitude + kHalfSubnormal; }

SmokeSettings halfDyeSettings() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.dyeNx = 29;
    s.dyeNy = 41;
    s.dyeStorage = DyeStorage::Float16;
    return s;
}

class DyeStorageTest : public GpuTest {};

TEST_F(DyeStorageTest, HostAccessConvertsAndTheBufferHoldsPackedHalves) {
    SmokeSolver smoke(context(), halfDyeSettings());
    const size_t cells = 29 * 41;
    EXPECT_EQ(smoke.fieldSize(SmokeField::Dye), cells * 4);       // floats, as with Float32
    EXPECT_EQ(smoke.bufferSize(SmokeField::Dye), cells * 8);      // 4 halves a cell on the GPU
    std::vector<float> values(cells * 4);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (float& x : values) x = unit(rng);
    const std::vector<float> special = {1.0f, 0.5f, 0.1f, -2.5f, 65504.0f, 1e-6f, 0.0f, 1.0f / 3.0f};
    std::copy(special.begin(), special.end(), values.begin());
    smoke.upload(SmokeField::Dye, values);
    const std::vector<float> back = smoke.download(SmokeField::Dye);
    for (size_t k = 0; k < values.size(); ++k)
        ASSERT_LE(std::abs(back[k] - values[k]), halfRounding(std::abs(values[k]))) << "value " << k;
    EXPECT_EQ(back[0], 1.0f);
    EXPECT_EQ(back[1], 0.5f);
    EXPECT_EQ(back[2], 0.0999755859375f);  // (1 + 614/1024) / 16, the half nearest 0.1
    EXPECT_EQ(back[3], -2.5f);
    EXPECT_EQ(back[4], 65504.0f);
    EXPECT_EQ(back[5], 17.0f / 16777216.0f);  // 1e-6 = 16.78 subnormal steps of 2^-24
    // Values a half cannot hold are refused, naming the element.
    values[5] = 70000.0f;
    try {
        smoke.upload(SmokeField::Dye, values);
        FAIL() << "expected InvalidArgument";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("upload(Dye): values[5]"), std::string::npos) << e.what();
    }
    // The storage is fixed at creation: the buffers have its size.
    SmokeSettings changed = halfDyeSettings();
    changed.dyeStorage = DyeStorage::Float32;
    try {
        smoke.updateSettings(changed);
        FAIL() << "expected InvalidArgument";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("dyeStorage"), std::string::npos) << e.what();
    }
}

// Every dye pass (splat, advection, each diffusion sweep, damping) combines stored values with
// non-negative weights summing to at most 1 and stores the result once. In Float16 each store
// rounds to a half, adding at most halfRounding(M) where M bounds |dye|; the weighted combination
// passes the difference it was given on unamplified. So after `steps` steps of
// (3 + diffusionIterations) stores the two storages differ by at most
// steps * (3 + diffusionIterations) * halfRounding(M), plus the float round-off of the same
// operations applied to slightly different inputs (~16 operations of magnitude M per pass).
TEST_F(DyeStorageTest, StepsMatchFloat32WithinCompoundedHalfRounding) {
    SmokeSettings s = halfDyeSettings();
    s.boundaries[int(Side::Left)].type = BoundaryType::Inflow;
    s.boundaries[int(Side::Left)].normalVelocity = 0.5f;
    s.boundaries[int(Side::Left)].dye = {0.2f, 0.4f, 0.6f, 0.8f};
    s.boundaries[int(Side::Right)].type = BoundaryType::Outflow;
    s.dyeDiffusion = 0.01f;
    s.diffusionIterations = 4;
    s.dyeDamping = 0.5f;
    s.pressureIterations = 10;
    SmokeSolver half(context(), s);
    s.dyeStorage = DyeStorage::Float32;
    SmokeSolver full(context(), s);

    // Random dye in [0, 1], rounded to halves by the Float16 solver so both start equal; a swirl.
    std::vector<float> dye(half.fieldSize(SmokeField::Dye));
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (float& x : dye) x = unit(rng);
    half.upload(SmokeField::Dye, dye);
    dye = half.download(SmokeField::Dye);
    full.upload(SmokeField::Dye, dye);
    std::vector<float> u(half.fieldSize(SmokeField::VelocityX)), v(half.fieldSize(SmokeField::VelocityY));
    for (size_t k = 0; k < u.size(); ++k) u[k] = 0.5f * std::sin(0.3f * float(k % 38)) * std::cos(0.2f * float(k / 38));
    for (size_t k = 0; k < v.size(); ++k) v[k] = 0.5f * std::cos(0.25f * float(k % 37)) * std::sin(0.4f * float(k / 37));
    for (SmokeSolver* solver : {&half, &full}) {
        solver->upload(SmokeField::VelocityX, u);
        solver->upload(SmokeField::VelocityY, v);
    }

    const int steps = 6;
    const float splatDye = 0.25f;
    for (int k = 0; k < steps; ++k)
        for (SmokeSolver* solver : {&half, &full}) {
            Splat splat;
            splat.x = 1.0f + 0.3f * float(k);
            splat.y = 1.2f;
            splat.radius = 0.4f;
            splat.velocity = {0.5f, 0.2f};
            splat.dye = {splatDye, splatDye, 0.1f, 0.0f};
            solver->addSplat(splat);
            solver->step(0.05f);
        }
    // |dye| <= 1 initially and at the inflow; each splat adds at most splatDye.
    const double magnitude = 1.0 + steps * splatDye;
    const double storesPerStep = 3.0 + s.diffusionIterations;
    const double floatRoundOff = 16.0 / (1 << 23) * magnitude;
    const double bound = steps * storesPerStep * (halfRounding(magnitude) + floatRoundOff);
    const std::vector<float> a = half.download(SmokeField::Dye), b = full.download(SmokeField::Dye);
    double worst = 0.0;
    for (size_t k = 0; k < a.size(); ++k) worst = std::max(worst, double(std::abs(a[k] - b[k])));
    std::printf("Float16 vs Float32 dye after %d steps: max difference %.3g, bound %.3g\n", steps, worst, bound);
    EXPECT_LE(worst, bound);
    EXPECT_GT(worst, 0.0);  // the halves are really in use
}

// The corrected schemes read and write the dye through the same packed views. Per step, with r the
// rounding of one stored value of magnitude up to 2M (BFECC's compensated field leaves [0, M] by up
// to half the range) and e the difference the step starts with: forward e + r, backward e + 2r;
// MacCormack's forward + (original - backward) / 2 then errs by 2e + 2r and its store adds r:
// 2e + 3r. BFECC's compensated field 1.5 original - 0.5 backward errs by 2e + r, stored 2e + 2r,
// advected again 2e + 3r, limited and stored 2e + 4r. The limiter's clamp passes errors on
// unamplified. So after `steps` steps e <= 4r (2^steps - 1).
TEST_F(DyeStorageTest, CorrectedDyeAdvectionMatchesFloat32WithinCompoundedHalfRounding) {
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        SCOPED_TRACE(scheme == AdvectionScheme::BFECC ? "BFECC" : "MacCormack");
        SmokeSettings s = halfDyeSettings();
        s.dyeAdvection = scheme;
        SmokeSolver half(context(), s);
        s.dyeStorage = DyeStorage::Float32;
        SmokeSolver full(context(), s);
        std::vector<float> dye(half.fieldSize(SmokeField::Dye));
        for (size_t k = 0; k < dye.size(); ++k) dye[k] = ((k / 4) % 29 / 4 + (k / 4) / 29 / 5) % 2 ? 0.9f : 0.1f;
        half.upload(SmokeField::Dye, dye);
        dye = half.download(SmokeField::Dye);
        std::vector<float> u(half.fieldSize(SmokeField::VelocityX), 0.7f), v(half.fieldSize(SmokeField::VelocityY), -0.4f);
        const int steps = 5;
        for (SmokeSolver* solver : {&half, &full}) {
            solver->upload(SmokeField::Dye, dye);
            solver->upload(SmokeField::VelocityX, u);
            solver->upload(SmokeField::VelocityY, v);
            for (int k = 0; k < steps; ++k) solver->stepPass(SmokePass::Advect, 0.1f);
        }
        const double r = halfRounding(2.0) + 16.0 / (1 << 23) * 2.0;  // M = 1, plus float round-off
        const double bound = 4.0 * r * ((1 << steps) - 1);
        const std::vector<float> a = half.download(SmokeField::Dye), b = full.download(SmokeField::Dye);
        double worst = 0.0;
        for (size_t k = 0; k < a.size(); ++k) worst = std::max(worst, double(std::abs(a[k] - b[k])));
        std::printf("Float16 vs Float32 corrected dye after %d steps: max difference %.3g, bound %.3g\n", steps, worst,
                    bound);
        EXPECT_LE(worst, bound);
        EXPECT_GT(worst, 0.0);
    }
}

} // namespace
} // namespace billow::test
