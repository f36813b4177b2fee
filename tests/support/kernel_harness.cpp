#include "support/kernel_harness.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>
#include <cstdlib>

namespace billow::test {

namespace {
constexpr uint32_t kNx = 37, kNy = 23;  // not multiples of the 32 x 8 workgroup
constexpr float kAmbient = 293.15f;

BoundarySide wall() { return {}; }
BoundarySide movingWall(float speed) {
    BoundarySide s;
    s.type = BoundaryType::MovingWall;
    s.tangentialVelocity = speed;
    return s;
}
BoundarySide inflow(float speed, float density, float temperature, std::array<float, 4> dye) {
    BoundarySide s;
    s.type = BoundaryType::Inflow;
    s.normalVelocity = speed;
    s.density = density;
    s.temperature = temperature;
    s.dye = dye;
    return s;
}
BoundarySide outflow() {
    BoundarySide s;
    s.type = BoundaryType::Outflow;
    return s;
}
BoundarySide periodic() {
    BoundarySide s;
    s.type = BoundaryType::Periodic;
    return s;
}

// One solver per dye grid, shared by the tests of a suite (pipeline creation dominates on lavapipe).
std::map<std::pair<uint32_t, uint32_t>, std::unique_ptr<SmokeSolver>>& solverCache() {
    static std::map<std::pair<uint32_t, uint32_t>, std::unique_ptr<SmokeSolver>> cache;
    return cache;
}

std::vector<float> uniform(std::mt19937& rng, size_t count, float low, float high) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> out(count);
    for (float& x : out) x = d(rng);
    return out;
}

smoke_ref::Values promoted(const std::vector<float>& values) { return smoke_ref::Values(values.begin(), values.end()); }
} // namespace

std::vector<BoundaryCase> boundaryCases() {
    const auto in1 = inflow(0.9f, 0.7f, 310.0f, {1.0f, 0.5f, 0.2f, 0.9f});
    const auto in2 = inflow(1.2f, 0.4f, 280.0f, {0.1f, 0.8f, 0.6f, 0.3f});
    return {
        {"Walls", {wall(), wall(), wall(), wall()}, true, 29, 41},
        // The cases with the dye on the velocity grid run advect_cells.comp (one back-trace for the
        // scalars and the dye) instead of advect_scalars.comp + advect_dye.comp.
        {"WallsNoObstaclesSameDyeGrid", {wall(), wall(), wall(), wall()}, false, kNx, kNy},
        {"MovingWalls", {movingWall(0.6f), movingWall(-0.4f), movingWall(0.8f), movingWall(-1.1f)}, true, 29, 41},
        {"InflowLeftOutflowRight", {in1, outflow(), wall(), movingWall(0.5f)}, true, kNx, kNy},
        {"InflowBottomOutflowTop", {wall(), movingWall(-0.7f), in2, outflow()}, true, 29, 41},
        {"OutflowAllSides", {outflow(), outflow(), outflow(), outflow()}, true, 29, 41},
        {"PeriodicX", {periodic(), periodic(), movingWall(0.9f), outflow()}, true, 29, 41},
        {"PeriodicY", {in1, outflow(), periodic(), periodic()}, true, kNx, kNy},
        {"PeriodicXY", {periodic(), periodic(), periodic(), periodic()}, true, 29, 41},
        {"InflowCorner", {in1, outflow(), in2, outflow()}, true, 29, 41},
    };
}

void PrintTo(const BoundaryCase& c, std::ostream* os) { *os << c.name; }

std::string boundaryCaseName(const ::testing::TestParamInfo<BoundaryCase>& info) { return info.param.name; }

void KernelReferenceTest::TearDownTestSuite() { solverCache().clear(); }

SmokeSettings KernelReferenceTest::baseSettings() const {
    SmokeSettings s;
    s.nx = kNx;
    s.ny = kNy;
    s.cellSize = 0.1f;
    s.dyeNx = GetParam().dyeNx;
    s.dyeNy = GetParam().dyeNy;
    s.diffusionIterations = 1;
    s.pressureIterations = 1;
    s.ambientTemperature = kAmbient;
    // The transport references sample linearly; the interpolation tests set MonotoneCubic themselves.
    s.advectionInterpolation = AdvectionInterpolation::Linear;
    for (int k = 0; k < 4; ++k) s.boundaries[k] = GetParam().sides[k];
    return s;
}

std::vector<float> KernelReferenceTest::obstacleMask(uint32_t seed) const {
    std::vector<float> mask(size_t(kNx) * kNy, 0.0f);
    if (!GetParam().obstacles) return mask;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (float& m : mask) {
        const float r = unit(rng);
        m = r < 0.12f ? 1.0f : r < 0.22f ? unit(rng) : 0.0f;
    }
    // A 4 x 4 solid block: its inner cells have no fluid neighbour at all.
    for (uint32_t j = 8; j < 12; ++j)
        for (uint32_t i = 20; i < 24; ++i) mask[i + j * kNx] = 1.0f;
    return mask;
}

SmokeSolver& KernelReferenceTest::solver(const SmokeSettings& settings) {
    std::unique_ptr<SmokeSolver>& s = solverCache()[{settings.effectiveDyeNx(), settings.effectiveDyeNy()}];
    if (!s) s = std::make_unique<SmokeSolver>(context(), settings);
    else s->updateSettings(settings);
    // Each case its own obstacles (a fixed seed from its name).
    uint32_t seed = 2166136261u;
    for (char c : GetParam().name) seed = (seed ^ uint8_t(c)) * 16777619u;
    s->setSolidMask(obstacleMask(seed));
    return *s;
}

smoke_ref::State KernelReferenceTest::uploadRandom(SmokeSolver& s, const smoke_ref::Grid& g, uint32_t seed) {
    std::mt19937 rng(seed);
    smoke_ref::State f;
    auto put = [&](SmokeField field, smoke_ref::Values& target, float low, float high) {
        std::vector<float> values = uniform(rng, s.fieldSize(field), low, high);
        s.upload(field, values);
        target = promoted(s.download(field));  // periodic duplicate faces as the solver keeps them
    };
    put(SmokeField::VelocityX, f.u, -1.0f, 1.0f);
    put(SmokeField::VelocityY, f.v, -1.0f, 1.0f);
    put(SmokeField::Density, f.density, 0.0f, 1.0f);
    put(SmokeField::Temperature, f.temperature, kAmbient - 20.0f, kAmbient + 20.0f);
    put(SmokeField::Dye, f.dye, 0.0f, 1.0f);
    put(SmokeField::Pressure, f.pressure, -1.0f, 1.0f);
    put(SmokeField::Divergence, f.divergence, -10.0f, 10.0f);
    f.solid = promoted(s.solidMask());
    smoke_ref::faceFractions(g, f);
    return f;
}

double KernelReferenceTest::velocityBound() const {
    double wallSpeed = 0.0;
    for (const BoundarySide& side : GetParam().sides)
        if (side.type == BoundaryType::MovingWall) wallSpeed = std::max(wallSpeed, double(std::abs(side.tangentialVelocity)));
    return 1.0 + 2.0 * wallSpeed;
}

double maxAbs(const smoke_ref::Values& values) {
    double m = 0.0;
    for (double x : values) m = std::max(m, std::abs(x));
    return m;
}

void expectMatches(const std::string& what, const std::vector<float>& gpu, const smoke_ref::Values& expected,
                   const smoke_ref::Values& tolerance) {
    ASSERT_EQ(gpu.size(), expected.size()) << what;
    size_t failures = 0, worst = 0;
    double worstRatio = -1.0;
    for (size_t k = 0; k < gpu.size(); ++k) {
        const double error = std::abs(double(gpu[k]) - expected[k]);
        // NaN compares false: count it as a failure.
        if (!(error <= tolerance[k])) ++failures;
        const double ratio = std::isnan(error) ? 1e300 : error / std::max(tolerance[k], 1e-300);
        if (ratio > worstRatio) {
            worstRatio = ratio;
            worst = k;
        }
    }
    if (std::getenv("BILLOW_REF_VERBOSE")) std::fprintf(stderr, "%-12s worst error/tolerance %.3g\n", what.c_str(), worstRatio);
    EXPECT_EQ(failures, 0u) << what << ": " << failures << " of " << gpu.size() << " values out of tolerance; worst at ["
                            << worst << "]: gpu " << gpu[worst] << ", reference " << expected[worst] << ", tolerance "
                            << tolerance[worst];
}

void expectMatches(const std::string& what, const std::vector<float>& gpu, const smoke_ref::Values& expected, double tolerance) {
    expectMatches(what, gpu, expected, smoke_ref::Values(expected.size(), tolerance));
}

} // namespace billow::test
