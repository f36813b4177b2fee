// API misuse, one test per class of bad input, for all three solvers: values that validation used
// to accept but that overflow float32 within a step (3e38 speeds and amounts, 1e-45 cell sizes
// and steps, 1e30 gravity), out-of-range enums, null command buffers, bad uploads. Each is
// InvalidArgument naming the field (and the first bad index), never a crash or a silent NaN.
#include "support/gpu_test.hpp"

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace billow::test {
namespace {

constexpr float kHuge = 3e38f;     // finite, far beyond limits::kMaxMagnitude
constexpr float kTiny = 1e-45f;    // the smallest denormal
constexpr float kDt = 1.0f / 60.0f;

// `action` throws InvalidArgument whose field() is `field`.
void expectInvalid(const std::function<void()>& action, const std::string& field) {
    try {
        action();
        ADD_FAILURE() << "expected InvalidArgument naming " << field;
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), field) << e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected InvalidArgument naming " << field << ", got: " << e.what();
    }
}

SmokeSettings smoke2d() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.05f;
    return s;
}

SmokeSettings3D smoke3d() {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    s.pressureIterations = 4;
    return s;
}

WaterSettings water() {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    return s;
}

class Misuse : public GpuTest {};

// Settings whose arithmetic overflows float32: each is refused, naming the field.
TEST_F(Misuse, SettingsBeyondFloatRange) {
    auto check2d = [](auto edit, const std::string& field) {
        SmokeSettings s = smoke2d();
        edit(s);
        expectInvalid([&] { s.validate(); }, field);
    };
    check2d([](SmokeSettings& s) { s.cellSize = kTiny; }, "SmokeSettings::cellSize");
    check2d([](SmokeSettings& s) { s.cellSize = 1e7f; }, "SmokeSettings::cellSize");
    check2d([](SmokeSettings& s) { s.gravity[1] = -1e30f; }, "SmokeSettings::gravity[1]");
    check2d([](SmokeSettings& s) { s.vorticity = kHuge; }, "SmokeSettings::vorticity");
    check2d([](SmokeSettings& s) { s.viscosity = 1e7f; }, "SmokeSettings::viscosity");
    check2d([](SmokeSettings& s) { s.densityWeight = -kHuge; }, "SmokeSettings::densityWeight");
    check2d([](SmokeSettings& s) { s.boundaries[0].type = BoundaryType::Inflow; s.boundaries[0].normalVelocity = kHuge; },
            "SmokeSettings::boundaries[Left].normalVelocity");
    check2d([](SmokeSettings& s) { s.boundaries[3].dye[2] = kHuge; }, "SmokeSettings::boundaries[Top].dye[2]");

    auto check3d = [](auto edit, const std::string& field) {
        SmokeSettings3D s = smoke3d();
        edit(s);
        expectInvalid([&] { s.validate(); }, field);
    };
    check3d([](SmokeSettings3D& s) { s.cellSize = kTiny; }, "SmokeSettings3D::cellSize");
    check3d([](SmokeSettings3D& s) { s.gravity[2] = 1e30f; }, "SmokeSettings3D::gravity[2]");
    check3d([](SmokeSettings3D& s) { s.combustion.heatRelease = kHuge; }, "SmokeSettings3D::combustion.heatRelease");
    check3d([](SmokeSettings3D& s) { s.boundaries[4].normalVelocity = kHuge; },
            "SmokeSettings3D::boundaries[Back].normalVelocity");

    auto checkWater = [](auto edit, const std::string& field) {
        WaterSettings s = water();
        edit(s);
        expectInvalid([&] { s.validate(); }, field);
    };
    checkWater([](WaterSettings& s) { s.cellSize = kTiny; }, "WaterSettings::cellSize");
    checkWater([](WaterSettings& s) { s.gravity = 1e30f; }, "WaterSettings::gravity");
    checkWater([](WaterSettings& s) { s.boundaries[0].flow = kHuge; }, "WaterSettings::boundaries[Left].flow");
    checkWater([](WaterSettings& s) { s.boundaries[1].period = kTiny; }, "WaterSettings::boundaries[Right].period");

    // The bounds themselves are accepted (the limits are inclusive).
    SmokeSettings edge = smoke2d();
    edge.cellSize = limits::kMinScale;
    edge.gravity[1] = -limits::kMaxMagnitude;
    EXPECT_NO_THROW(edge.validate());
}

// A step's dt: a denormal, zero, a huge value or NaN.
TEST_F(Misuse, TimeStepOutOfRange) {
    SmokeSolver smoke(context(), smoke2d());
    SmokeSolver3D smoke3(context(), smoke3d());
    WaterSolver pool(context(), water());
    for (float dt : {kTiny, 0.0f, -kDt, 1e7f, std::numeric_limits<float>::quiet_NaN()}) {
        expectInvalid([&] { smoke.step(dt); }, "dt");
        expectInvalid([&] { smoke3.step(dt); }, "dt");
        expectInvalid([&] { pool.step(dt); }, "dt");
    }
}

// Per-call amounts: splats, emitters, brushes and colliders.
TEST_F(Misuse, EditsBeyondFloatRange) {
    SmokeSolver smoke(context(), smoke2d());
    Splat splat;
    splat.velocity = {kHuge, 0.0f};
    expectInvalid([&] { smoke.addSplat(splat); }, "Splat::velocity");
    splat = Splat{};
    splat.dye = {0.0f, kHuge, 0.0f, 0.0f};
    expectInvalid([&] { smoke.addSplat(splat); }, "Splat::dye");
    splat = Splat{};
    splat.density = kHuge;
    expectInvalid([&] { smoke.addSplat(splat); }, "Splat::density");

    SmokeSolver3D smoke3(context(), smoke3d());
    Emitter3D emitter;
    emitter.temperature = kHuge;
    expectInvalid([&] { smoke3.setEmitters(std::span(&emitter, 1)); }, "Emitter3D[0]::temperature");
    Collider collider;
    collider.velocity = {0.0f, kHuge, 0.0f};
    expectInvalid([&] { smoke3.setColliders(std::span(&collider, 1)); }, "setColliders: colliders[0].velocity");

    WaterSolver pool(context(), water());
    WaterBrush brush;
    brush.water = kHuge;
    expectInvalid([&] { pool.addBrush(brush); }, "WaterBrush::water");
}

// Uploads: non-finite or out-of-range values name the field and the first bad index.
TEST_F(Misuse, UploadOutOfRange) {
    SmokeSolver smoke(context(), smoke2d());
    std::vector<float> u(smoke.fieldSize(SmokeField::VelocityX), 0.0f);
    u[17] = kHuge;
    u[30] = std::numeric_limits<float>::quiet_NaN();
    expectInvalid([&] { smoke.upload(SmokeField::VelocityX, u); }, "upload(VelocityX): values[17]");

    SmokeSolver3D smoke3(context(), smoke3d());
    std::vector<float> density(smoke3.fieldSize(SmokeField3D::Density), 1.0f);
    density[5] = -std::numeric_limits<float>::infinity();
    expectInvalid([&] { smoke3.upload(SmokeField3D::Density, density); }, "upload(Density): values[5]");

    WaterSolver pool(context(), water());
    std::vector<float> flow(pool.fieldSize(WaterField::FlowX), 0.0f);
    flow[3] = 2e6f;
    expectInvalid([&] { pool.upload(WaterField::FlowX, flow); }, "upload(FlowX): values[3]");
}

// SmokeField enums cast from numbers beyond the last enumerator.
TEST_F(Misuse, UnknownFieldEnums) {
    SmokeSolver smoke(context(), smoke2d());
    const SmokeField badField = static_cast<SmokeField>(99);
    expectInvalid([&] { smoke.download(badField); }, "download: field");
    expectInvalid([&] { smoke.upload(badField, std::vector<float>(10)); }, "upload: field");
    EXPECT_EQ(smoke.buffer(badField), VK_NULL_HANDLE);
    EXPECT_EQ(smoke.fieldSize(badField), 0u);
    EXPECT_EQ(smoke.bufferSize(badField), 0u);

    SmokeSolver3D smoke3(context(), smoke3d());
    const SmokeField3D badField3 = static_cast<SmokeField3D>(1000);
    expectInvalid([&] { smoke3.download(badField3); }, "download: field");
    expectInvalid([&] { smoke3.upload(badField3, std::vector<float>(10)); }, "upload: field");
    EXPECT_EQ(smoke3.buffer(badField3), VK_NULL_HANDLE);
    EXPECT_EQ(smoke3.fieldSize(badField3), 0u);

    WaterSolver pool(context(), water());
    const WaterField badWater = static_cast<WaterField>(99);
    expectInvalid([&] { pool.download(badWater); }, "download: field");
    expectInvalid([&] { pool.upload(badWater, std::vector<float>(10)); }, "upload: field");
    EXPECT_EQ(pool.buffer(badWater), VK_NULL_HANDLE);
    EXPECT_EQ(pool.fieldSize(badWater), 0u);
}

// SmokePass enums beyond Count, and the settings enums (NonFiniteCheck included).
TEST_F(Misuse, UnknownPassAndSettingEnums) {
    SmokeSolver smoke(context(), smoke2d());
    expectInvalid([&] { smoke.stepPass(SmokePass::Count, kDt); }, "stepPass: pass");
    expectInvalid([&] { smoke.stepPass(static_cast<SmokePass>(77), kDt); }, "stepPass: pass");
    SmokeSolver3D smoke3(context(), smoke3d());
    expectInvalid([&] { smoke3.stepPass(static_cast<SmokePass3D>(77), kDt); }, "stepPass: pass");

    SmokeSettings s = smoke2d();
    s.nonFiniteCheck = static_cast<NonFiniteCheck>(3);
    expectInvalid([&] { s.validate(); }, "SmokeSettings::nonFiniteCheck");
    SmokeSettings3D s3 = smoke3d();
    s3.nonFiniteCheck = static_cast<NonFiniteCheck>(9);
    expectInvalid([&] { s3.validate(); }, "SmokeSettings3D::nonFiniteCheck");
    WaterSettings w = water();
    w.nonFiniteCheck = static_cast<NonFiniteCheck>(4);
    expectInvalid([&] { w.validate(); }, "WaterSettings::nonFiniteCheck");
}

// Null command buffers for every recording call.
TEST_F(Misuse, NullCommandBuffer) {
    SmokeSolver smoke(context(), smoke2d());
    expectInvalid([&] { smoke.record(VK_NULL_HANDLE, kDt); }, "record: cmd");
    expectInvalid([&] { smoke.recordPass(VK_NULL_HANDLE, SmokePass::Advect, kDt); }, "recordPass: cmd");
    expectInvalid([&] { smoke.recordReleaseBarrier(VK_NULL_HANDLE, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                                                   VK_ACCESS_SHADER_READ_BIT); },
                  "recordReleaseBarrier: cmd");
    SmokeSolver3D smoke3(context(), smoke3d());
    expectInvalid([&] { smoke3.record(VK_NULL_HANDLE, kDt); }, "record: cmd");
    expectInvalid([&] { smoke3.recordPass(VK_NULL_HANDLE, SmokePass3D::Emit, kDt); }, "recordPass: cmd");
    expectInvalid([&] { smoke3.recordReleaseBarrier(VK_NULL_HANDLE, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                                                    VK_ACCESS_SHADER_READ_BIT); },
                  "recordReleaseBarrier: cmd");
    WaterSolver pool(context(), water());
    expectInvalid([&] { pool.record(VK_NULL_HANDLE, kDt); }, "record: cmd");
    expectInvalid([&] { pool.recordReleaseBarrier(VK_NULL_HANDLE, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                                                  VK_ACCESS_SHADER_READ_BIT); },
                  "recordReleaseBarrier: cmd");
}

// Input that would have no effect is refused: an emitter colour without a colour field (it used
// to be dropped silently); an ambient temperature at or below 0 K.
TEST_F(Misuse, InputWithoutEffectIsRefused) {
    SmokeSolver smoke(context(), smoke2d());
    Emitter2D flat;
    flat.radius = 0.0f;
    expectInvalid([&] { smoke.setEmitters(std::span(&flat, 1)); }, "Emitter2D[0]::radius");
    flat.radius = 0.1f;
    flat.dye = {kHuge, 0.0f, 0.0f, 0.0f};
    expectInvalid([&] { smoke.setEmitters(std::span(&flat, 1)); }, "Emitter2D[0]::dye[0]");
    SmokeSolver3D smoke3(context(), smoke3d());
    Emitter3D coloured;
    coloured.colour = {1.0f, 0.5f, 0.2f, 1.0f};
    expectInvalid([&] { smoke3.setEmitters(std::span(&coloured, 1)); }, "Emitter3D[0]::colour");
    SmokeSettings3D s3 = smoke3d();
    s3.ambientTemperature = -50.0f;
    expectInvalid([&] { s3.validate(); }, "SmokeSettings3D::ambientTemperature");
    SmokeSettings s2 = smoke2d();
    s2.ambientTemperature = 0.0f;
    expectInvalid([&] { s2.validate(); }, "SmokeSettings::ambientTemperature");
}

// History indices beyond the rings.
TEST_F(Misuse, HistoryIndexOutOfRange) {
    SmokeSolver smoke(context(), smoke2d());
    expectInvalid([&] { (void)smoke.health(SmokeSolver::kHealthHistory); }, "health: recordsAgo");
    SmokeSolver3D smoke3(context(), smoke3d());
    expectInvalid([&] { (void)smoke3.health(SmokeSolver3D::kHealthHistory); }, "health: recordsAgo");
    WaterSolver pool(context(), water());
    expectInvalid([&] { (void)pool.health(WaterSolver::kHealthHistory); }, "health: recordsAgo");
}

// The wait timeout: outside [1 ms, 1 day] in settings or at run time.
TEST_F(Misuse, WaitTimeoutOutOfRange) {
    const double before = context()->waitTimeoutSeconds();
    expectInvalid([&] { context()->setWaitTimeout(0.0); }, "Context::setWaitTimeout: seconds");
    expectInvalid([&] { context()->setWaitTimeout(std::numeric_limits<double>::infinity()); },
                  "Context::setWaitTimeout: seconds");
    EXPECT_EQ(context()->waitTimeoutSeconds(), before);
    StandaloneSettings settings;
    settings.waitTimeoutSeconds = -1.0;
    expectInvalid([&] { Context::createStandalone(settings); }, "StandaloneSettings::waitTimeoutSeconds");
}

} // namespace
} // namespace billow::test
