// The 3D solver's 16-bit flow storage (SmokeSettings3D::flowStorage = Float16): the velocity,
// density, temperature and fuel stored as IEEE halves, computed in float32. Each pass is checked
// against the double-precision reference (tests/reference/smoke3d) on the 19 x 13 x 11 grid with
// random inputs and obstacles, for every boundary configuration, with the float32 round-off model
// of support/kernel_harness3d.hpp plus one half rounding a store.
//
// A half keeps 11 significant bits: rounding to nearest moves a value x by at most 2^-11 |x|
// (half its spacing, 2^-10 relative), and below 2^-14, where halves are subnormal with spacing
// 2^-24, by at most 2^-25. The inputs are the stored halves themselves (uploadRandom downloads
// them back), so a pass's result differs from the reference by its float32 round-off and the one
// rounding of its store. The temperature is stored as its difference from the ambient temperature
// the solver was made with, so its rounding is relative to T - ambient.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "billow/sparse_smoke3d_solver.hpp"
#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

// The nearest half to x (ties to even), from the format: 11 significant bits at exponents -14 ..
// 15, a spacing of 2^-24 below 2^-14, infinity at 65520 and beyond.
double nearestHalf(double x) {
    if (x == 0.0 || !std::isfinite(x)) return x;
    const int exponent = std::max(std::ilogb(x), -14);
    const double spacing = std::ldexp(1.0, exponent - 10);
    const double rounded = std::nearbyint(x / spacing) * spacing;  // the default mode: to nearest, ties to even
    return std::abs(rounded) > 65504.0 ? std::copysign(INFINITY, x) : rounded;
}

// The most one store into a half moves x: half the spacing at its exponent.
double halfStoreError(double x) { return std::max(std::ldexp(std::abs(x), -11), std::ldexp(1.0, -25)); }

// A tolerance per element: `base` plus one half store of the expected value's stored form
// (its difference from `origin`).
ref::Values withHalfStore(const ref::Values& expected, double base, double origin = 0.0, int stores = 1) {
    ref::Values tolerance(expected.size());
    for (size_t k = 0; k < expected.size(); ++k)
        // Each store's bound is relative to what it stored, which differs from the expected value
        // by the other stores' rounding (2^-11): 1.01 covers it.
        tolerance[k] = base + stores * 1.01 * halfStoreError(expected[k] - origin);
    return tolerance;
}

// Expects `call` to throw E with `part` in its message.
template <class E, class Call>
void expectThrowsMessage(Call&& call, const std::string& part) {
    try {
        call();
        ADD_FAILURE() << "no error; expected one naming " << part;
    } catch (const E& e) {
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
}

SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

class FlowStorage3D : public KernelReferenceTest3D {
protected:
    void SetUp() override {
        if (!context()->supports16BitStorage()) GTEST_SKIP() << "the device has no 16-bit storage buffers";
    }
    SmokeSettings3D halfSettings() const {
        SmokeSettings3D s = baseSettings();
        s.flowStorage = FlowStorage::Float16;
        return s;
    }
};

// Host access converts: an upload stores the nearest half of each value (of T - origin for the
// temperature), a download gives it back, and the buffers hold two bytes a value.
TEST_P(FlowStorage3D, UploadsStoreTheNearestHalf) {
    SmokeSolver3D& s = solver(halfSettings());
    EXPECT_EQ(s.storedTemperatureOrigin(), kAmbient3);
    std::mt19937 rng(3);
    for (SmokeField3D field : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density,
                               SmokeField3D::Temperature, SmokeField3D::Fuel}) {
        // A periodic axis's last face layer is layer 0's (upload copies it): compared where that holds.
        const int axis = field == SmokeField3D::VelocityX ? 0 : field == SmokeField3D::VelocityY ? 1 : field == SmokeField3D::VelocityZ ? 2 : -1;
        if (axis >= 0 && GetParam().sides[2 * axis].type == BoundaryType::Periodic) continue;
        const size_t n = s.fieldSize(field);
        EXPECT_EQ(s.bufferSize(field), (2 * n + 3) / 4 * 4) << fieldName(field);
        const bool temperature = field == SmokeField3D::Temperature;
        const double origin = temperature ? kAmbient3 : 0.0;
        std::uniform_real_distribution<float> value(temperature ? 200.0f : -3.0f, temperature ? 1800.0f : 3.0f);
        std::vector<float> values(n);
        for (float& v : values) v = value(rng);
        values[0] = 1e-6f;  // a subnormal half (of the stored difference, for the temperature)
        if (temperature) values[0] += kAmbient3;
        s.upload(field, values);
        const std::vector<float> back = s.download(field);
        for (size_t k = 0; k < n; ++k) {
            const double stored = double(values[k] - float(origin));  // the host's difference, in float
            // The stored half plus the origin, rounded once to float.
            const double expected = double(float(nearestHalf(stored) + origin));
            ASSERT_NEAR(back[k], expected, temperature ? std::ldexp(origin, -23) : 0.0) << fieldName(field) << " " << k;
            ASSERT_LE(std::abs(back[k] - values[k]), halfStoreError(stored) + std::ldexp(std::abs(values[k]), -23))
                << fieldName(field) << " " << k;
        }
    }
    // Beyond a half's range the upload is refused, naming the value.
    std::vector<float> big(s.fieldSize(SmokeField3D::Density), 0.0f);
    big[7] = 70000.0f;
    expectThrowsMessage<InvalidArgument>([&] { s.upload(SmokeField3D::Density, big); }, "values[7]");
}

// The Advect pass stores the velocity and the temperature once; density and fuel twice, because
// the mass correction (on by default) then scales them by factors near 1 in place: the second
// store rounds f (v + e1) again, so they get two half roundings of about 2^-11 |x| each (f e1 is
// within 2^-11 |f v|, and f v is x).
TEST_P(FlowStorage3D, AdvectionStoresEachFieldWithinAHalf) {
    SmokeSolver3D& s = solver(halfSettings());
    const ref::Grid g(s.settings());
    const ref::State f = uploadRandom(s, 21);
    const float dt = 0.15f;
    s.stepPass(SmokePass3D::Advect, dt);
    ref::State expected = f;
    ref::advectAll(g, expected, s.settings(), dt);
    // The float32 round-off of a back-traced trilinear sample (test_kernels3d_transport's model:
    // ~12 roundings of coordinates up to 1.9 m plus the trace, amplified by the velocity's change
    // per cell, times the field's range per cell, plus ~10 roundings of its magnitude).
    const double ub = velocityBound();
    const double position = 12.0 * kEps * (kExtent3 + dt * ub) * (1.0 + dt / kCell3 * 2.0 * ub) / kCell3;
    auto sampleError = [&](double range, double magnitude) { return position * range + 10.0 * kEps * magnitude; };
    for (int a = 0; a < 3; ++a)
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(velocityField(a)), expected.vel[a],
                      withHalfStore(expected.vel[a], sampleError(2.0 * ub, ub)));
    expectMatches("density", s.download(SmokeField3D::Density), expected.density,
                  withHalfStore(expected.density, sampleError(1.0, 1.0), 0.0, 2));
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature,
                  withHalfStore(expected.temperature, sampleError(40.0, 313.2), kAmbient3));
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, withHalfStore(expected.fuel, sampleError(1.0, 1.0), 0.0, 2));
    expectActs("density", f.density, expected.density, sampleError(1.0, 1.0) + halfStoreError(1.0));
}

TEST_P(FlowStorage3D, BuoyancyReadsTheTemperatureFromItsOrigin) {
    SmokeSettings3D settings = halfSettings();
    settings.gravity = {0.7f, -9.81f, 1.3f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    const ref::State f = uploadRandom(s, 13);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Buoyancy, dt);
    ref::State expected = f;
    ref::buoyancy(g, expected, settings, dt);
    // As the float32 test: ~10 roundings of terms up to the velocity and dt |g| times the lift,
    // whose temperature now comes from origin + stored (one more rounding of 313 K).
    const double lift = settings.densityWeight + settings.thermalExpansion * (313.2 + kAmbient3);
    for (int a = 0; a < 3; ++a) {
        const double base = 12.0 * kEps * (1.0 + dt * std::abs(settings.gravity[a]) * lift);
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(velocityField(a)), expected.vel[a],
                      withHalfStore(expected.vel[a], base));
    }
    expectActs("v", f.vel[1], expected.vel[1], 12.0 * kEps * (1.0 + dt * 9.81 * lift) + halfStoreError(2.0));
}

TEST_P(FlowStorage3D, CombustionHeatsFromTheStoredDifference) {
    SmokeSettings3D settings = halfSettings();
    settings.combustion.enabled = true;
    settings.combustion.ignitionTemperature = 296.0f;
    settings.combustion.burnRate = 6.0f;
    settings.combustion.heatRelease = 900.0f;
    settings.combustion.smokeYield = 0.7f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    const ref::State f = uploadRandom(s, 12);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Combustion, dt);
    ref::State expected = f;
    ref::combustion(g, expected, settings.combustion, dt);
    // The float32 test's bounds (burnt errs by 6 eps of the fuel; each update rounds its field
    // twice), one more rounding of the temperature's origin, and one half store a field.
    const double burnt = 6.0 * kEps;
    const double yield = settings.combustion.smokeYield, heat = settings.combustion.heatRelease;
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, withHalfStore(expected.fuel, burnt + 2.0 * kEps));
    expectMatches("density", s.download(SmokeField3D::Density), expected.density,
                  withHalfStore(expected.density, yield * burnt + 2.0 * kEps * (1.0 + yield)));
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature,
                  withHalfStore(expected.temperature, heat * burnt + 3.0 * kEps * (kAmbient3 + 20.0 + heat), kAmbient3));
    expectActs("fuel", f.fuel, expected.fuel, burnt + halfStoreError(1.0));
}

TEST_P(FlowStorage3D, SubtractGradientStoresTheProjectedFaces) {
    SmokeSolver3D& s = solver(halfSettings());
    const ref::Grid g(s.settings());
    ref::State f = uploadRandom(s, 35);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::SubtractGradient, dt);
    const ref::State before = f;
    ref::subtractGradient(g, f, dt);
    const double base = 8.0 * kEps * (1.0 + 2.0 * dt / g.h);
    for (int a = 0; a < 3; ++a) {
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(velocityField(a)), f.vel[a], withHalfStore(f.vel[a], base));
        expectActs(std::string("velocity ") + "xyz"[a], before.vel[a], f.vel[a], base + halfStoreError(1.5));
    }
}

INSTANTIATE_TEST_SUITE_P(Boundaries, FlowStorage3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

// Whole steps of a fluid at rest at the ambient temperature, with buoyancy, vorticity and
// combustion on: the stored temperature difference is exactly 0 and the velocity exactly 0, so
// nothing moves, bit for bit (a float16 absolute temperature, 293.15 K rounded to 293.25, would
// lift it).
class FlowStorageSteps3D : public GpuTest {};

TEST_F(FlowStorageSteps3D, AFluidAtRestStaysExactlyAtRest) {
    if (!context()->supports16BitStorage()) GTEST_SKIP() << "the device has no 16-bit storage buffers";
    SmokeSettings3D settings;
    settings.nx = 19;
    settings.ny = 13;
    settings.nz = 11;
    settings.flowStorage = FlowStorage::Float16;
    settings.vorticity = 0.5f;
    settings.thermalExpansion = 0.01f;
    settings.combustion.enabled = true;
    SmokeSolver3D s(context(), settings);
    for (int step = 0; step < 4; ++step) s.step(1.0f / 60.0f);
    for (int a = 0; a < 3; ++a)
        for (float value : s.download(velocityField(a))) ASSERT_EQ(value, 0.0f) << "velocity " << a;
    for (float value : s.download(SmokeField3D::Temperature)) ASSERT_EQ(value, settings.ambientTemperature);
}

// Two bytes a value for the flow's six fields in each of their copies: the 16-bit solver
// allocates (4 - 2) bytes x copies x (faces + 3 cells) less, rounded to words.
TEST_F(FlowStorageSteps3D, HalvesTheFlowsBytes) {
    if (!context()->supports16BitStorage()) GTEST_SKIP() << "the device has no 16-bit storage buffers";
    SmokeSettings3D settings;
    settings.nx = 37;
    settings.ny = 23;
    settings.nz = 11;
    const SmokeSolver3D full(context(), settings);
    settings.flowStorage = FlowStorage::Float16;
    const SmokeSolver3D half(context(), settings);
    const uint64_t nx = 37, ny = 23, nz = 11, copies = 2;
    const uint64_t counts[] = {(nx + 1) * ny * nz, nx * (ny + 1) * nz, nx * ny * (nz + 1), nx * ny * nz, nx * ny * nz, nx * ny * nz};
    uint64_t saved = 0;
    for (uint64_t n : counts) saved += copies * (4 * n - (2 * n + 3) / 4 * 4);
    EXPECT_EQ(full.allocatedBytes() - half.allocatedBytes(), saved);
}

// Without 16-bit storage (a device that lacks it, or a context made with it off) a Float16
// solver is refused, naming the setting, and the sparse solver refuses it always.
TEST_F(FlowStorageSteps3D, IsRefusedWhereItCannotRun) {
    StandaloneSettings off;
    off.storage16Bit = false;
    const std::shared_ptr<Context> without = Context::createStandalone(off);
    EXPECT_FALSE(without->supports16BitStorage());
    SmokeSettings3D settings;
    settings.nx = settings.ny = settings.nz = 8;
    settings.flowStorage = FlowStorage::Float16;
    expectThrowsMessage<UnsupportedDevice>([&] { SmokeSolver3D s(without, settings); }, "flowStorage");
    expectThrowsMessage<InvalidArgument>([&] { SparseSmokeSolver3D s(context(), settings); }, "flowStorage");
    // And the setting cannot change on a made solver.
    SmokeSettings3D float32 = settings;
    float32.flowStorage = FlowStorage::Float32;
    SmokeSolver3D s(context(), float32);
    if (context()->supports16BitStorage())
        expectThrowsMessage<InvalidArgument>([&] { s.updateSettings(settings); }, "flowStorage");
}

} // namespace
} // namespace billow::test
