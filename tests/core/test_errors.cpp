// Bad input, one test per class: every rejection is the documented exception type, names the
// offending field, and leaves nothing half-built (the context keeps working afterwards).
#include "support/gpu_test.hpp"

#include <cmath>
#include <functional>
#include <limits>

#include "core/context_state.hpp"  // detail::checkDeviceRequirements, the device limits

namespace billow::test {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kDt = 1.0f / 60.0f;

class Errors : public GpuTest {
protected:
    // A small valid solver, built and stepped: proves the context survived earlier failures.
    void expectContextStillWorks() {
        SmokeSolver solver(context(), smallSettings());
        Splat splat;
        splat.x = 0.3f;
        splat.y = 0.3f;
        splat.density = 1.0f;
        solver.addSplat(splat);
        solver.step(kDt);
        auto density = solver.download(SmokeField::Density);
        double sum = 0.0;
        for (float d : density) sum += d;
        EXPECT_GT(sum, 0.0);
    }

    static SmokeSettings smallSettings() {
        SmokeSettings s;
        s.nx = 37;
        s.ny = 23;
        s.cellSize = 0.05f;
        return s;
    }
};

// Runs `action`, expects InvalidArgument whose field() is exactly `field` and whose message
// starts with it.
void expectInvalid(const std::function<void()>& action, const std::string& field) {
    try {
        action();
        ADD_FAILURE() << "expected InvalidArgument naming " << field;
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), field);
        EXPECT_EQ(std::string(e.what()).rfind(field, 0), 0u) << e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected InvalidArgument naming " << field << ", got: " << e.what();
    }
}

void expectInvalidSettings(const SmokeSettings& s, const std::string& field) {
    expectInvalid([&] { s.validate(); }, field);
}

TEST_F(Errors, GridSizesOutOfRange) {
    struct Case { uint32_t SmokeSettings::*member; const char* name; uint32_t value; };
    const Case cases[] = {
        {&SmokeSettings::nx, "nx", 0},         {&SmokeSettings::nx, "nx", 1},
        {&SmokeSettings::nx, "nx", 100000},    {&SmokeSettings::ny, "ny", 0},
        {&SmokeSettings::ny, "ny", 1},         {&SmokeSettings::ny, "ny", 16385},
        {&SmokeSettings::dyeNx, "dyeNx", 1},   {&SmokeSettings::dyeNy, "dyeNy", 100000},
    };
    for (const Case& c : cases) {
        SmokeSettings s = smallSettings();
        s.*c.member = c.value;
        SCOPED_TRACE(std::string(c.name) + " = " + std::to_string(c.value));
        expectInvalid([&] { SmokeSolver solver(context(), s); }, std::string("SmokeSettings::") + c.name);
    }
    SmokeSettings s = smallSettings();
    s.pressureIterations = 2000000;
    expectInvalidSettings(s, "SmokeSettings::pressureIterations");
    s = smallSettings();
    s.diffusionIterations = 2000000;
    expectInvalidSettings(s, "SmokeSettings::diffusionIterations");
    expectContextStillWorks();
}

// pressureTolerance: a relative residual in [0, 1), and only for the solvers that can stop at one.
TEST_F(Errors, PressureToleranceOutOfRangeOrWithoutMultigrid) {
    for (float tolerance : {-1e-4f, 1.0f, 2.0f, kNaN, kInf, -kInf}) {
        SmokeSettings s = smallSettings();
        s.pressureSolver = PressureSolverType::MultigridPCG;
        s.pressureTolerance = tolerance;
        SCOPED_TRACE(tolerance);
        expectInvalidSettings(s, "SmokeSettings::pressureTolerance");
    }
    for (PressureSolverType solver : {PressureSolverType::Jacobi, PressureSolverType::RedBlackSOR}) {
        SmokeSettings s = smallSettings();
        s.pressureSolver = solver;
        s.pressureTolerance = 1e-4f;
        expectInvalidSettings(s, "SmokeSettings::pressureTolerance");
    }
    SmokeSettings s = smallSettings();
    s.pressureSolver = PressureSolverType::Spectral;  // stops at a tolerance too (3D; 2D runs V-cycles)
    s.pressureTolerance = 1e-4f;
    EXPECT_NO_THROW(s.validate());
    s.pressureSolver = static_cast<PressureSolverType>(5);
    expectInvalidSettings(s, "SmokeSettings::pressureSolver");
    expectContextStillWorks();
}

TEST_F(Errors, CellSizeNotPositive) {
    for (float h : {0.0f, -0.01f, kNaN, kInf, -kInf}) {
        SmokeSettings s = smallSettings();
        s.cellSize = h;
        SCOPED_TRACE(h);
        expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::cellSize");
    }
    expectContextStillWorks();
}

// Every float setting, each with NaN, +Inf and -Inf; those that must be >= 0 also with -1.
TEST_F(Errors, NonFiniteOrNegativeFloatSettings) {
    struct Case { std::function<float&(SmokeSettings&)> get; std::string name; bool nonNegative; };
    std::vector<Case> cases = {
        {[](SmokeSettings& s) -> float& { return s.viscosity; }, "viscosity", true},
        {[](SmokeSettings& s) -> float& { return s.dyeDiffusion; }, "dyeDiffusion", true},
        {[](SmokeSettings& s) -> float& { return s.vorticity; }, "vorticity", true},
        {[](SmokeSettings& s) -> float& { return s.velocityDamping; }, "velocityDamping", true},
        {[](SmokeSettings& s) -> float& { return s.densityDamping; }, "densityDamping", true},
        {[](SmokeSettings& s) -> float& { return s.dyeDamping; }, "dyeDamping", true},
        {[](SmokeSettings& s) -> float& { return s.temperatureRelaxation; }, "temperatureRelaxation", true},
        {[](SmokeSettings& s) -> float& { return s.maxSpeed; }, "maxSpeed", true},
        {[](SmokeSettings& s) -> float& { return s.gravity[0]; }, "gravity[0]", false},
        {[](SmokeSettings& s) -> float& { return s.gravity[1]; }, "gravity[1]", false},
        {[](SmokeSettings& s) -> float& { return s.densityWeight; }, "densityWeight", false},
        {[](SmokeSettings& s) -> float& { return s.thermalExpansion; }, "thermalExpansion", false},
        {[](SmokeSettings& s) -> float& { return s.ambientTemperature; }, "ambientTemperature", false},
    };
    const char* sides[] = {"Left", "Right", "Bottom", "Top"};
    for (size_t side = 0; side < 4; ++side) {
        std::string prefix = std::string("boundaries[") + sides[side] + "].";
        cases.push_back({[side](SmokeSettings& s) -> float& { return s.boundaries[side].tangentialVelocity; },
                         prefix + "tangentialVelocity", false});
        cases.push_back({[side](SmokeSettings& s) -> float& { return s.boundaries[side].normalVelocity; },
                         prefix + "normalVelocity", false});
        cases.push_back({[side](SmokeSettings& s) -> float& { return s.boundaries[side].density; },
                         prefix + "density", false});
        cases.push_back({[side](SmokeSettings& s) -> float& { return s.boundaries[side].temperature; },
                         prefix + "temperature", false});
        for (size_t c = 0; c < 4; ++c)
            cases.push_back({[side, c](SmokeSettings& s) -> float& { return s.boundaries[side].dye[c]; },
                             prefix + "dye[" + std::to_string(c) + "]", false});
    }
    for (const Case& c : cases) {
        std::vector<float> bad = {kNaN, kInf, -kInf};
        if (c.nonNegative) bad.push_back(-1.0f);
        for (float value : bad) {
            SmokeSettings s = smallSettings();
            c.get(s) = value;
            SCOPED_TRACE(c.name + " = " + std::to_string(value));
            expectInvalidSettings(s, "SmokeSettings::" + c.name);
        }
    }
    // The constructor and updateSettings validate too.
    SmokeSettings s = smallSettings();
    s.vorticity = kNaN;
    expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::vorticity");
    SmokeSolver solver(context(), smallSettings());
    expectInvalid([&] { solver.updateSettings(s); }, "SmokeSettings::vorticity");
    EXPECT_EQ(solver.settings().vorticity, 0.0f) << "a rejected update must not be applied";
    expectContextStillWorks();
}

TEST_F(Errors, UnknownEnumValues) {
    SmokeSettings s = smallSettings();
    s.boundaries[2].type = static_cast<BoundaryType>(99);
    expectInvalidSettings(s, "SmokeSettings::boundaries[Bottom].type");
    s = smallSettings();
    s.pressureSolver = static_cast<PressureSolverType>(7);
    expectInvalidSettings(s, "SmokeSettings::pressureSolver");
    s = smallSettings();
    s.velocityAdvection = static_cast<AdvectionScheme>(3);
    expectInvalidSettings(s, "SmokeSettings::velocityAdvection");
    s = smallSettings();
    s.advectionLimiter = static_cast<AdvectionLimiter>(2);
    expectInvalidSettings(s, "SmokeSettings::advectionLimiter");
    s = smallSettings();
    s.dyeStorage = static_cast<DyeStorage>(2);
    expectInvalidSettings(s, "SmokeSettings::dyeStorage");
}

TEST_F(Errors, MismatchedPeriodicSides) {
    SmokeSettings s = smallSettings();
    s.boundaries[0].type = BoundaryType::Periodic;  // Left periodic, Right a wall
    expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::boundaries[Right].type");
    s = smallSettings();
    s.boundaries[3].type = BoundaryType::Periodic;  // Top periodic, Bottom a wall
    expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::boundaries[Bottom].type");
    expectContextStillWorks();
}

TEST_F(Errors, GridSizeChangeOnExistingSolver) {
    SmokeSolver solver(context(), smallSettings());
    SmokeSettings s = smallSettings();
    s.nx = 41;
    expectInvalid([&] { solver.updateSettings(s); }, "SmokeSettings::nx/ny");
    s = smallSettings();
    s.dyeNx = 74;
    expectInvalid([&] { solver.updateSettings(s); }, "SmokeSettings::dyeNx/dyeNy");
    solver.step(kDt);
}

TEST_F(Errors, TimeStepNotPositiveOrNotFinite) {
    SmokeSolver solver(context(), smallSettings());
    for (float dt : {0.0f, -kDt, kNaN, kInf, -kInf}) {
        SCOPED_TRACE(dt);
        expectInvalid([&] { solver.step(dt); }, "dt");
        expectInvalid([&] { solver.stepPass(SmokePass::Advect, dt); }, "dt");
        // Recording entry points reject it before touching the command buffer.
        expectInvalid([&] { solver.record(reinterpret_cast<VkCommandBuffer>(1), dt); }, "dt");
        expectInvalid([&] { solver.recordPass(reinterpret_cast<VkCommandBuffer>(1), SmokePass::Advect, dt); }, "dt");
    }
    expectInvalid([&] { solver.record(VK_NULL_HANDLE, kDt); }, "record: cmd");
    expectInvalid([&] { solver.stepPass(SmokePass::Count, kDt); }, "stepPass: pass");
    solver.step(kDt);  // still usable
}

TEST_F(Errors, WrongUploadSizes) {
    SmokeSolver solver(context(), smallSettings());
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Density, SmokeField::Temperature, SmokeField::Dye,
                    SmokeField::Pressure, SmokeField::Divergence}) {
        SCOPED_TRACE(fieldName(f));
        const std::string prefix = std::string("upload(") + fieldName(f) + "): values.size()";
        expectInvalid([&] { solver.upload(f, std::vector<float>(solver.fieldSize(f) - 1, 0.0f)); }, prefix);
        expectInvalid([&] { solver.upload(f, std::vector<float>(solver.fieldSize(f) + 1, 0.0f)); }, prefix);
        expectInvalid([&] { solver.upload(f, {}); }, prefix);
    }
    // Derived fields cannot be uploaded at all.
    for (SmokeField f : {SmokeField::Solid, SmokeField::OpenX, SmokeField::OpenY, SmokeField::Curl})
        expectInvalid([&] { solver.upload(f, std::vector<float>(solver.fieldSize(f), 0.0f)); },
                      std::string("upload: field ") + fieldName(f));
    solver.step(kDt);
}

TEST_F(Errors, NonFiniteUploadValues) {
    SmokeSolver solver(context(), smallSettings());
    auto before = solver.download(SmokeField::Density);
    for (float bad : {kNaN, kInf, -kInf}) {
        std::vector<float> values(solver.fieldSize(SmokeField::Density), 1.0f);
        values[123] = bad;
        expectInvalid([&] { solver.upload(SmokeField::Density, values); }, "upload(Density): values[123]");
        std::vector<float> dye(solver.fieldSize(SmokeField::Dye), 0.5f);
        dye.back() = bad;
        expectInvalid([&] { solver.upload(SmokeField::Dye, dye); },
                      "upload(Dye): values[" + std::to_string(dye.size() - 1) + "]");
    }
    EXPECT_EQ(solver.download(SmokeField::Density), before) << "a rejected upload must change nothing";
}

TEST_F(Errors, BadSolidMask) {
    SmokeSolver solver(context(), smallSettings());
    const size_t cells = solver.fieldSize(SmokeField::Solid);
    expectInvalid([&] { solver.setSolidMask(std::vector<float>(cells - 1, 0.0f)); }, "setSolidMask: solidFraction.size()");
    expectInvalid([&] { solver.setSolidMask(std::vector<float>(cells + 5, 0.0f)); }, "setSolidMask: solidFraction.size()");
    for (float bad : {-0.1f, 1.5f, kNaN, kInf}) {
        std::vector<float> mask(cells, 0.0f);
        mask[40] = bad;
        SCOPED_TRACE(bad);
        expectInvalid([&] { solver.setSolidMask(mask); }, "setSolidMask: solidFraction[40]");
    }
    EXPECT_EQ(solver.solidMask(), std::vector<float>(cells, 0.0f)) << "a rejected mask must not be kept";
    expectInvalid([&] { solver.addCircleObstacle(0.5f, 0.5f, 0.0f); }, "addCircleObstacle: radius");
    expectInvalid([&] { solver.addCircleObstacle(kNaN, 0.5f, 0.1f); }, "addCircleObstacle");
    expectInvalid([&] { solver.addBoxObstacle(0.5f, 0.5f, 0.4f, 0.6f); }, "addBoxObstacle");
    expectInvalid([&] { solver.addBoxObstacle(0.1f, 0.1f, kInf, 0.6f); }, "addBoxObstacle");
    expectInvalid([&] { solver.addWallObstacles(-0.1f); }, "addWallObstacles: thickness");
    expectInvalid([&] { solver.addWallObstacles(kNaN); }, "addWallObstacles");
    solver.step(kDt);
}

TEST_F(Errors, BadSplats) {
    SmokeSolver solver(context(), smallSettings());
    auto splatWith = [](const std::function<void(Splat&)>& change) {
        Splat s;
        s.x = 0.5f;
        s.y = 0.5f;
        change(s);
        return s;
    };
    for (float r : {0.0f, -0.1f, kNaN, kInf})
        expectInvalid([&] { solver.addSplat(splatWith([r](Splat& s) { s.radius = r; })); }, "Splat::radius");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.x = kNaN; })); }, "Splat::x/y");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.y = kInf; })); }, "Splat::x/y");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.velocity[1] = kNaN; })); }, "Splat::velocity");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.density = kInf; })); }, "Splat::density");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.temperature = kNaN; })); }, "Splat::temperature");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.dye[3] = -kInf; })); }, "Splat::dye");
    expectInvalid([&] { solver.addSplat(splatWith([](Splat& s) { s.falloff = static_cast<Falloff>(5); })); },
                  "Splat::falloff");

    // Too many splats in one step: the first kMaxSplatsPerStep are accepted, the next is not,
    // and a step empties the queue again.
    for (uint32_t k = 0; k < SmokeSolver::kMaxSplatsPerStep; ++k) solver.addSplat(splatWith([](Splat&) {}));
    expectInvalid([&] { solver.addSplat(splatWith([](Splat&) {})); }, "addSplat");
    solver.step(kDt);
    solver.addSplat(splatWith([](Splat&) {}));
    solver.step(kDt);
}

// The largest field must fit maxStorageBufferRange (lavapipe: 128 MiB); checked before anything
// is allocated, so even a grid that would need gigabytes fails at once.
TEST_F(Errors, GridTooLargeForTheDevice) {
    const uint64_t limit = context()->state().properties.limits.maxStorageBufferRange;
    // The smallest square velocity grid whose (n+1)^2 floats exceed the limit, if it is a legal size.
    uint64_t n = static_cast<uint64_t>(std::ceil(std::sqrt(double(limit) / sizeof(float))));
    if (n <= 16384) {
        SmokeSettings s = smallSettings();
        s.nx = s.ny = static_cast<uint32_t>(n);
        expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::nx/ny");
    }
    // The dye grid at the maximum legal size needs 16384^2 * 16 B = 4 GiB, above any uint32 limit.
    SmokeSettings s = smallSettings();
    s.dyeNx = s.dyeNy = 16384;
    expectInvalid([&] { SmokeSolver solver(context(), s); }, "SmokeSettings::dyeNx/dyeNy");
    expectContextStillWorks();
}

TEST_F(Errors, NullContext) {
    expectInvalid([&] { SmokeSolver solver(nullptr, smallSettings()); }, "SmokeSolver: context");
}

// detail::checkDeviceRequirements on fake device descriptions: each missing feature or limit is
// an UnsupportedDevice whose message names it and the value found.
TEST_F(Errors, MissingDeviceFeatures) {
    VkPhysicalDeviceProperties good = context()->state().properties;
    std::vector<VkQueueFamilyProperties> families(1);
    families[0].queueFlags = VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT;
    families[0].queueCount = 1;
    EXPECT_NO_THROW(detail::checkDeviceRequirements(good, families, 0));

    auto expectUnsupported = [&](const VkPhysicalDeviceProperties& p, const std::vector<VkQueueFamilyProperties>& f,
                                 uint32_t family, const std::string& mentions) {
        try {
            detail::checkDeviceRequirements(p, f, family);
            ADD_FAILURE() << "expected UnsupportedDevice mentioning " << mentions;
        } catch (const UnsupportedDevice& e) {
            EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
        }
    };
    VkPhysicalDeviceProperties p = good;
    p.apiVersion = VK_API_VERSION_1_0;
    expectUnsupported(p, families, 0, "Vulkan 1.1 (apiVersion is 1.0)");
    // The compute limits are asked at the specification's guaranteed values (the minimum
    // workgroup profile's needs): a device below them is not conformant, and is named.
    p = good;
    p.limits.maxComputeWorkGroupInvocations = 512;  // SwiftShader has 256, the specification guarantees 128
    EXPECT_NO_THROW(detail::checkDeviceRequirements(p, families, 0));
    EXPECT_EQ(detail::chooseWorkgroupProfile(p.limits), detail::WorkgroupProfile::Minimum);
    p.limits.maxComputeWorkGroupInvocations = 64;
    expectUnsupported(p, families, 0, "maxComputeWorkGroupInvocations >= 128 (Vulkan guarantees 128), has 64");
    p = good;
    p.limits.maxComputeWorkGroupSize[0] = 8;
    expectUnsupported(p, families, 0, "maxComputeWorkGroupSize >= (128, 8, 4) (Vulkan guarantees (128, 128, 64)), has (8,");
    p = good;
    p.limits.maxComputeSharedMemorySize = 4096;
    expectUnsupported(p, families, 0, "maxComputeSharedMemorySize >= 16384 (Vulkan guarantees 16384), has 4096");
    p = good;
    p.limits.maxPushConstantsSize = 64;
    expectUnsupported(p, families, 0, "maxPushConstantsSize >= 128 (Vulkan guarantees 128), has 64");
    p = good;
    p.limits.maxPerStageDescriptorStorageBuffers = 8;
    expectUnsupported(p, families, 0, "maxPerStageDescriptorStorageBuffers >= 12 (Vulkan guarantees 4), has 8");
    // The specification's minimum device passes, with the minimum workgroups.
    p = good;
    detail::capToSpecificationMinimum(p.limits);
    EXPECT_NO_THROW(detail::checkDeviceRequirements(p, families, 0));
    EXPECT_EQ(detail::chooseWorkgroupProfile(p.limits), detail::WorkgroupProfile::Minimum);
    expectUnsupported(good, families, 3, "queue family 3 (device has 1)");
    std::vector<VkQueueFamilyProperties> graphicsOnly = families;
    graphicsOnly[0].queueFlags = VK_QUEUE_GRAPHICS_BIT;
    expectUnsupported(good, graphicsOnly, 0, "VK_QUEUE_COMPUTE_BIT on queue family 0");
}

TEST_F(Errors, EmbeddedHandlesMissing) {
    auto ctx = context();
    EmbeddedHandles valid;
    valid.instance = ctx->instance();
    valid.physicalDevice = ctx->physicalDevice();
    valid.device = ctx->device();
    valid.queueFamilyIndex = ctx->queueFamilyIndex();
    valid.getInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(1);  // never called: rejected first
    struct Case { std::function<void(EmbeddedHandles&)> change; const char* field; };
    const Case cases[] = {
        {[](EmbeddedHandles& h) { h.instance = VK_NULL_HANDLE; }, "EmbeddedHandles::instance"},
        {[](EmbeddedHandles& h) { h.physicalDevice = VK_NULL_HANDLE; }, "EmbeddedHandles::physicalDevice"},
        {[](EmbeddedHandles& h) { h.device = VK_NULL_HANDLE; }, "EmbeddedHandles::device"},
        {[](EmbeddedHandles& h) { h.getInstanceProcAddr = nullptr; }, "EmbeddedHandles::getInstanceProcAddr"},
        {[](EmbeddedHandles& h) { h.apiVersion = VK_API_VERSION_1_0; }, "EmbeddedHandles::apiVersion"},
    };
    for (const Case& c : cases) {
        EmbeddedHandles h = valid;
        c.change(h);
        SCOPED_TRACE(c.field);
        expectInvalid([&] { Context::createEmbedded(h); }, c.field);
    }
    expectContextStillWorks();
}

TEST_F(Errors, VulkanErrorsCarryTheResultName) {
    VulkanError e(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkAllocateMemory");
    EXPECT_EQ(e.result(), VK_ERROR_OUT_OF_DEVICE_MEMORY);
    EXPECT_NE(std::string(e.what()).find("vkAllocateMemory"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("VK_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos);
    DeviceLost lost("vkQueueSubmit");
    EXPECT_EQ(lost.result(), VK_ERROR_DEVICE_LOST);
    EXPECT_NE(std::string(lost.what()).find("VK_ERROR_DEVICE_LOST"), std::string::npos);
    const VulkanError& base = lost;  // DeviceLost is caught as a VulkanError too
    EXPECT_EQ(base.result(), VK_ERROR_DEVICE_LOST);
}

} // namespace
} // namespace billow::test
