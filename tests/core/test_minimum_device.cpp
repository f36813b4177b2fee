// The smallest conformant Vulkan device: a context whose limits are capped at the values the
// specification guarantees (StandaloneSettings::specificationMinimumLimits) takes the minimum
// workgroup profile, and every solver is created and stepped on it. Each scenario runs twice on
// the same device, once per profile, and the fields must agree: the two profiles' kernels do the
// same arithmetic per cell in other workgroup shapes, so they differ only where a sum is reduced
// in another order (the mass correction's totals, the conjugate gradient's dot products) and,
// on a GPU, where one compile fuses a multiply and an add that the other does not.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/context_state.hpp"

namespace billow::test {
namespace {

std::shared_ptr<Context> minimumContext() {
    static std::shared_ptr<Context> context = [] {
        StandaloneSettings settings;
        settings.validation = true;
        settings.specificationMinimumLimits = true;
        settings.waitTimeoutSeconds = sharedContext()->waitTimeoutSeconds();
        settings.onMessage = [](MessageSeverity severity, const std::string& message) {
            if (severity == MessageSeverity::Info) return;
            ValidationLog& log = validationLog();
            std::lock_guard lock(log.mutex);
            log.messages.push_back(message);
        };
        return Context::createStandalone(settings);
    }();
    return context;
}

class MinimumDevice : public GpuTest {
protected:
    void SetUp() override {
        GpuTest::SetUp();
        minimumContext();
        if (std::string(sharedContext()->workgroupProfile()) != "wide")
            GTEST_SKIP() << "this device runs the minimum workgroups anyway (the whole suite tests them)";
    }
};

// Fields of one run, by name.
using Fields = std::vector<std::pair<std::string, std::vector<float>>>;

// Relative tolerance of a field after the scenarios' few steps, as a fraction of its largest
// magnitude: each step passes a value through some 50 roundings (advection's interpolation, the
// forces, the pressure solve's sweeps), and a sum reduced in another order or a multiply-add
// fused differently changes one of them by at most 2^-24 relative; over 8 steps, with the
// pressure solve's coupling spreading a change over neighbours, 8 x 50 x 2^-24 < 3e-5.
constexpr double kRelative = 3e-5;

void expectAgree(const Fields& wide, const Fields& minimum) {
    ASSERT_EQ(wide.size(), minimum.size());
    for (size_t f = 0; f < wide.size(); ++f) {
        const std::vector<float>& a = wide[f].second;
        const std::vector<float>& b = minimum[f].second;
        SCOPED_TRACE(wide[f].first);
        ASSERT_EQ(a.size(), b.size());
        ASSERT_FALSE(a.empty());
        double largest = 0.0, worst = 0.0;
        size_t where = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            ASSERT_TRUE(std::isfinite(a[i]) && std::isfinite(b[i])) << "at " << i;
            largest = std::max(largest, double(std::fabs(a[i])));
            const double d = std::fabs(double(a[i]) - double(b[i]));
            if (d > worst) worst = d, where = i;
        }
        EXPECT_LE(worst, kRelative * std::max(largest, 1e-30))
            << "largest difference " << worst << " at " << where << " (" << a[where] << " wide, " << b[where]
            << " minimum), largest magnitude " << largest;
    }
}

void runOnBoth(const std::function<Fields(std::shared_ptr<Context>)>& scenario) {
    ASSERT_EQ(std::string(minimumContext()->workgroupProfile()), "minimum");
    const Fields wide = scenario(sharedContext());
    const Fields minimum = scenario(minimumContext());
    expectAgree(wide, minimum);
}

TEST_F(MinimumDevice, CapsTheLimitsToTheSpecificationsGuarantees) {
    const VkPhysicalDeviceLimits& l = minimumContext()->state().properties.limits;
    EXPECT_EQ(l.maxComputeWorkGroupInvocations, 128u);
    EXPECT_EQ(l.maxComputeSharedMemorySize, 16384u);
    EXPECT_LE(l.maxStorageBufferRange, uint32_t(1) << 27);
    EXPECT_LE(l.maxComputeWorkGroupCount[0], 65535u);
    EXPECT_LE(l.maxImageDimension3D, 256u);
}

TEST_F(MinimumDevice, Smoke2D) {
    runOnBoth([](std::shared_ptr<Context> context) {
        SmokeSettings s;
        s.nx = 37;
        s.ny = 23;
        s.cellSize = 1.0f / 37;
        SmokeSolver solver(context, s);
        Emitter2D e;
        e.centre = {0.4f, 0.2f};
        e.radius = 0.1f;
        e.density = 2.0f;
        e.temperature = 40.0f;
        e.velocity = {0.3f, 1.0f};
        e.velocityCoupling = 5.0f;
        e.dye = {1.0f, 0.5f, 0.2f, 1.0f};
        solver.setEmitters(std::span<const Emitter2D>(&e, 1));
        solver.step(1.0f / 60, 8);
        return Fields{{"velocity x", solver.download(SmokeField::VelocityX)},
                      {"velocity y", solver.download(SmokeField::VelocityY)},
                      {"density", solver.download(SmokeField::Density)},
                      {"temperature", solver.download(SmokeField::Temperature)},
                      {"dye", solver.download(SmokeField::Dye)},
                      {"pressure", solver.download(SmokeField::Pressure)}};
    });
}

// A rising hot plume in 3D: the emitter of the dense and sparse scenarios.
Emitter3D plume(std::array<float, 3> centre, float radius) {
    Emitter3D e;
    e.centre = centre;
    e.radius = radius;
    e.density = 2.0f;
    e.temperature = 40.0f;
    e.velocity = {0.0f, 1.0f, 0.0f};
    e.velocityCoupling = 5.0f;
    return e;
}

TEST_F(MinimumDevice, Smoke3D) {
    runOnBoth([](std::shared_ptr<Context> context) {
        SmokeSettings3D s;
        s.nx = 19;
        s.ny = 13;
        s.nz = 11;
        s.cellSize = 1.0f / 19;
        s.colour = true;
        SmokeSolver3D solver(context, s);
        Emitter3D e = plume({0.45f, 0.15f, 0.3f}, 0.12f);
        e.fuel = 1.0f;
        e.velocity = {0.2f, 1.0f, 0.1f};
        e.colour = {1.0f, 0.5f, 0.2f, 1.0f};
        solver.setEmitters(std::span<const Emitter3D>(&e, 1));
        solver.step(1.0f / 60, 8);
        // The volume renderer's light bake and march (one shape on every device) over it.
        VolumeRenderer renderer(context);
        const VolumePicture picture =
            renderer.renderPicture(solver, orbitCamera(s, OrbitCamera{}, 1.0f), VolumeLook{}, 48, 48);
        return Fields{{"picture", picture.rgba},
                      {"velocity x", solver.download(SmokeField3D::VelocityX)},
                      {"velocity y", solver.download(SmokeField3D::VelocityY)},
                      {"velocity z", solver.download(SmokeField3D::VelocityZ)},
                      {"density", solver.download(SmokeField3D::Density)},
                      {"temperature", solver.download(SmokeField3D::Temperature)},
                      {"fuel", solver.download(SmokeField3D::Fuel)},
                      {"colour", solver.download(SmokeField3D::Colour)},
                      {"pressure", solver.download(SmokeField3D::Pressure)}};
    });
}

TEST_F(MinimumDevice, Sparse3D) {
    runOnBoth([](std::shared_ptr<Context> context) {
        SmokeSettings3D s;
        s.nx = 37;
        s.ny = 23;
        s.nz = 19;
        s.cellSize = 1.0f / 37;
        SparseSettings3D sparse;
        sparse.poolBricks = 64;
        SparseSmokeSolver3D solver(context, s, sparse);
        const Emitter3D e = plume({0.5f, 0.15f, 0.25f}, 0.08f);
        solver.setEmitters(std::span<const Emitter3D>(&e, 1));
        solver.step(1.0f / 60, 8);
        const std::array<uint32_t, 3> origin{0, 0, 0}, size{37, 23, 19};
        return Fields{{"velocity y", solver.downloadBox(SparseField3D::VelocityY, origin, size)},
                      {"density", solver.downloadBox(SparseField3D::Density, origin, size)},
                      {"temperature", solver.downloadBox(SparseField3D::Temperature, origin, size)},
                      {"pressure", solver.downloadBox(SparseField3D::Pressure, origin, size)}};
    });
}

Fields waterScenario(WaterLattice lattice, std::shared_ptr<Context> context) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.lattice = lattice;
    WaterSolver solver(context, s);
    std::vector<float> terrain(size_t(s.nx) * s.ny), depth(terrain.size());
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            terrain[i + s.nx * j] = 0.02f * float(i) + 0.1f * std::sin(0.3f * float(j));
            depth[i + s.nx * j] = i < s.nx / 3 ? 0.8f : 0.05f;
        }
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    for (int frame = 0; frame < 8; ++frame) solver.step(1.0f / 60);
    return {{"depth", solver.download(WaterField::Depth)},
           {"flow x", solver.download(WaterField::FlowX)},
           {"flow y", solver.download(WaterField::FlowY)}};
}

TEST_F(MinimumDevice, WaterSquare) {
    runOnBoth([](std::shared_ptr<Context> context) { return waterScenario(WaterLattice::Square, context); });
}

TEST_F(MinimumDevice, WaterTriangle) {
    runOnBoth([](std::shared_ptr<Context> context) { return waterScenario(WaterLattice::Triangle, context); });
}

// A grid the minimum device cannot hold in one storage buffer (a 2^27-byte range) is refused by
// name there, while the real device takes it.
TEST_F(MinimumDevice, RefusesWhatExceedsTheMinimumStorageRange) {
    SmokeSettings3D s;
    s.nx = 512;
    s.ny = 256;
    s.nz = 300;  // 39.3 M cells: 157 MB a float field, above 2^27 = 134 MB
    s.cellSize = 1.0f / 512;
    try {
        SmokeSolver3D solver(minimumContext(), s);
        ADD_FAILURE() << "expected a refusal of the storage range";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("maxStorageBufferRange of 134217728"), std::string::npos) << e.what();
    }
}

// The renderer's picture is an image of Billow's own: on the minimum device at most 4096 a side.
TEST_F(MinimumDevice, RefusesAPictureBeyondTheMinimumImageSize) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 16;
    SmokeSolver3D solver(minimumContext(), s);
    VolumeRenderer renderer(minimumContext());
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(solver, orbitCamera(s, OrbitCamera{}, 8.0f), VolumeLook{}, 4100, 512); }),
              "VolumeRenderer::renderPicture: width, height");
}

// A sparse pool of more bricks than one dispatch may have workgroups along x (65535 on the minimum
// device; its brick kernels run a workgroup per brick) is refused by name.
TEST_F(MinimumDevice, RefusesAPoolBeyondTheMinimumWorkgroupCount) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 512;
    s.cellSize = 1.0f / 512;
    SparseSettings3D sparse;
    sparse.poolBricks = 70000;
    try {
        SparseSmokeSolver3D solver(minimumContext(), s, sparse);
        ADD_FAILURE() << "expected a refusal of the workgroup count";
    } catch (const UnsupportedDevice& e) {
        EXPECT_NE(std::string(e.what()).find("maxComputeWorkGroupCount[0] of 65535"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace billow::test
