#include "support/kernel_harness3d.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>

namespace billow::test {

namespace {

BoundarySide3D wall() { return {}; }
BoundarySide3D movingWall(float x, float y, float z) {
    BoundarySide3D s;
    s.type = BoundaryType::MovingWall;
    s.wallVelocity = {x, y, z};
    return s;
}
BoundarySide3D inflow(float speed, float density, float temperature, float fuel, std::array<float, 4> colour) {
    BoundarySide3D s;
    s.type = BoundaryType::Inflow;
    s.normalVelocity = speed;
    s.density = density;
    s.temperature = temperature;
    s.fuel = fuel;
    s.colour = colour;
    return s;
}
BoundarySide3D outflow() {
    BoundarySide3D s;
    s.type = BoundaryType::Outflow;
    return s;
}
BoundarySide3D periodic() {
    BoundarySide3D s;
    s.type = BoundaryType::Periodic;
    return s;
}

// One solver per test program, shared by its tests (pipeline creation dominates on lavapipe).
std::unique_ptr<SmokeSolver3D>& cachedSolver() {
    static std::unique_ptr<SmokeSolver3D> solver;
    return solver;
}

std::vector<float> uniform(std::mt19937& rng, size_t count, float low, float high) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> out(count);
    for (float& x : out) x = d(rng);
    return out;
}

} // namespace

std::vector<BoundaryCase3D> boundaryCases3D() {
    const auto in1 = inflow(0.9f, 0.7f, 310.0f, 0.4f, {1.0f, 0.5f, 0.2f, 0.9f});
    const auto in2 = inflow(1.2f, 0.4f, 280.0f, 0.8f, {0.1f, 0.8f, 0.6f, 0.3f});
    const auto in3 = inflow(0.6f, 0.2f, 300.0f, 0.1f, {0.3f, 0.3f, 0.9f, 0.5f});
    const auto w = wall();
    const auto o = outflow();
    const auto p = periodic();
    return {
        {"Walls", {w, w, w, w, w, w}, true},
        {"WallsNoObstacles", {w, w, w, w, w, w}, false},
        {"MovingWalls",
         {movingWall(0.0f, 0.6f, -0.3f), movingWall(0.2f, -0.4f, 0.5f), movingWall(0.8f, 0.1f, -0.2f),
          movingWall(-1.1f, 0.0f, 0.4f), movingWall(0.3f, -0.7f, 0.0f), movingWall(-0.5f, 0.9f, 0.6f)},
         true},
        {"InflowLeftOutflowRight", {in1, o, w, movingWall(0.5f, 0.0f, -0.3f), w, w}, true},
        {"InflowBottomOutflowTop", {w, movingWall(0.0f, -0.7f, 0.2f), in2, o, w, w}, true},
        {"InflowBackOutflowFront", {w, w, movingWall(0.4f, 0.0f, 0.6f), w, in3, o}, true},
        {"OutflowAllSides", {o, o, o, o, o, o}, true},
        {"PeriodicX", {p, p, movingWall(0.9f, 0.0f, 0.3f), o, w, w}, true},
        {"PeriodicY", {in1, o, p, p, w, movingWall(0.2f, -0.5f, 0.0f)}, true},
        {"PeriodicZ", {w, o, in2, w, p, p}, true},
        {"PeriodicXYZ", {p, p, p, p, p, p}, true},
        {"InflowCorner", {in1, o, in2, o, in3, o}, true},
    };
}

void PrintTo(const BoundaryCase3D& c, std::ostream* os) { *os << c.name; }

std::string boundaryCaseName3D(const ::testing::TestParamInfo<BoundaryCase3D>& info) { return info.param.name; }

void KernelReferenceTest3D::TearDownTestSuite() { cachedSolver().reset(); }

SmokeSettings3D KernelReferenceTest3D::baseSettings() const {
    SmokeSettings3D s;
    s.nx = kNx3;
    s.ny = kNy3;
    s.nz = kNz3;
    s.cellSize = kCell3;
    s.colour = true;
    s.diffusionIterations = 1;
    s.pressureIterations = 1;
    s.ambientTemperature = kAmbient3;
    // The transport references sample linearly; the interpolation tests set MonotoneCubic themselves.
    s.advectionInterpolation = AdvectionInterpolation::Linear;
    s.boundaries = GetParam().sides;
    return s;
}

std::vector<float> KernelReferenceTest3D::obstacleMask() const {
    std::vector<float> mask(size_t(kNx3) * kNy3 * kNz3, 0.0f);
    if (!GetParam().obstacles) return mask;
    // Each case its own obstacles (a fixed seed from its name).
    uint32_t seed = 2166136261u;
    for (char c : GetParam().name) seed = (seed ^ uint8_t(c)) * 16777619u;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (float& m : mask) {
        const float r = unit(rng);
        m = r < 0.12f ? 1.0f : r < 0.22f ? unit(rng) : 0.0f;
    }
    // A 3 x 3 x 3 solid block: its centre cell has no fluid neighbour at all.
    for (uint32_t k = 4; k < 7; ++k)
        for (uint32_t j = 5; j < 8; ++j)
            for (uint32_t i = 10; i < 13; ++i) mask[i + kNx3 * (j + size_t(kNy3) * k)] = 1.0f;
    return mask;
}

SmokeSolver3D& KernelReferenceTest3D::solver(const SmokeSettings3D& settings) {
    std::unique_ptr<SmokeSolver3D>& s = cachedSolver();
    if (!s) s = std::make_unique<SmokeSolver3D>(context(), settings);
    else s->updateSettings(settings);
    s->setEmitters({});
    s->setColliders({});
    s->setSolidMask(obstacleMask());
    return *s;
}

smoke3d_ref::State KernelReferenceTest3D::uploadRandom(SmokeSolver3D& s, uint32_t seed) {
    std::mt19937 rng(seed);
    auto put = [&](SmokeField3D field, float low, float high) {
        s.upload(field, uniform(rng, s.fieldSize(field), low, high));
    };
    put(SmokeField3D::VelocityX, -1.0f, 1.0f);
    put(SmokeField3D::VelocityY, -1.0f, 1.0f);
    put(SmokeField3D::VelocityZ, -1.0f, 1.0f);
    put(SmokeField3D::Density, 0.0f, 1.0f);
    put(SmokeField3D::Temperature, kAmbient3 - 20.0f, kAmbient3 + 20.0f);
    put(SmokeField3D::Fuel, 0.0f, 1.0f);
    if (s.fieldSize(SmokeField3D::Colour) > 0) put(SmokeField3D::Colour, 0.0f, 1.0f);
    put(SmokeField3D::Pressure, -1.0f, 1.0f);
    put(SmokeField3D::Divergence, -10.0f, 10.0f);
    // Downloaded back: the periodic duplicate faces as the solver keeps them.
    return smoke3d_ref::downloadState(s);
}

double KernelReferenceTest3D::velocityBound() const {
    double wallSpeed = 0.0;
    for (const BoundarySide3D& side : GetParam().sides)
        if (side.type == BoundaryType::MovingWall)
            for (float v : side.wallVelocity) wallSpeed = std::max(wallSpeed, double(std::abs(v)));
    return 1.0 + 4.0 * wallSpeed;
}

void expectActs(const std::string& what, const smoke3d_ref::Values& before, const smoke3d_ref::Values& after, double tolerance) {
    ASSERT_EQ(before.size(), after.size()) << what;
    double change = 0.0;
    for (size_t k = 0; k < before.size(); ++k) change = std::max(change, std::abs(after[k] - before[k]));
    EXPECT_GT(change, 10.0 * tolerance) << what << ": the pass changes nothing beyond round-off in this case";
}

} // namespace billow::test
