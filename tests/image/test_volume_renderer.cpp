// The volume renderer (billow/volume_renderer.hpp) against the reference on a tiny volume: a sphere
// of constant density, rendered with no scattering, no emission and no background, so what reaches
// the camera through the volume is its transmittance exp(-sigma * integral of density), read as
// 1 - alpha of the premultiplied output; the same with the engine's depth image cutting the rays.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vulkan/vulkan.h>

#include "reference/volume_render/volume_reference.hpp"
#include "support/engine_image.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

namespace ref = billow::volume_ref;

struct SphereVolume {
    std::array<uint32_t, 3> n{23, 21, 19};  // not multiples of the 8 x 8 x 4 light workgroup
    double cellSize = 0.02;                 // m
    ref::Vec3 centre{11.3, 10.6, 9.4};      // cell units, off the cell centres
    double radius = 6.2;                    // cells
    double density = 0.8;

    // Density per cell: `density` times the fraction of the cell inside the sphere (8^3 samples).
    ref::CellField field() const {
        ref::CellField f{n, std::vector<double>(size_t(n[0]) * n[1] * n[2])};
        constexpr int kSub = 8;
        for (uint32_t k = 0; k < n[2]; ++k)
            for (uint32_t j = 0; j < n[1]; ++j)
                for (uint32_t i = 0; i < n[0]; ++i) {
                    int inside = 0;
                    for (int c = 0; c < kSub * kSub * kSub; ++c) {
                        const double x = i + (c % kSub + 0.5) / kSub - centre[0];
                        const double y = j + (c / kSub % kSub + 0.5) / kSub - centre[1];
                        const double z = k + (c / (kSub * kSub) + 0.5) / kSub - centre[2];
                        inside += x * x + y * y + z * z < radius * radius;
                    }
                    f.values[i + n[0] * (j + size_t(n[1]) * k)] = density * inside / double(kSub * kSub * kSub);
                }
        return f;
    }
};

VolumeLook transmittanceOnly(double extinction) {
    VolumeLook look;
    look.extinction = static_cast<float>(extinction);
    look.albedo = 0.0f;
    look.fireIntensity = 0.0f;
    look.drawSolids = false;
    return look;
}

SmokeSettings3D sphereSettings(const SphereVolume& sphere) {
    SmokeSettings3D s;
    s.nx = sphere.n[0];
    s.ny = sphere.n[1];
    s.nz = sphere.n[2];
    s.cellSize = static_cast<float>(sphere.cellSize);
    return s;
}

OrbitCamera sphereCamera() {
    OrbitCamera camera;
    camera.yawDegrees = 23.0f;
    camera.pitchDegrees = 17.0f;
    camera.distance = 1.3f;
    return camera;
}

ref::Camera refCamera(const OrbitCamera& camera) {
    return {camera.yawDegrees, camera.pitchDegrees, camera.distance, camera.fovDegrees, {0.5, 0.5, 0.5}};
}

class VolumeRenderTest : public GpuTest {};

TEST_F(VolumeRenderTest, SphereTransmittanceMatchesBeerLambert) {
    const SphereVolume sphere;
    const ref::CellField field = sphere.field();
    SmokeSolver3D solver(context(), sphereSettings(sphere));
    solver.upload(SmokeField3D::Density, std::vector<float>(field.values.begin(), field.values.end()));

    // Optical depth 2 along the diameter: sigma rho0 2 R h = 2.
    const double extinction = 2.0 / (sphere.density * 2.0 * sphere.radius * sphere.cellSize);
    VolumeRenderer renderer(context());
    // The default step, and a fine one whose tolerance is tight enough to catch a 5 % error in
    // the optical depth.
    for (const float viewStep : {0.5f, 0.125f}) {
        SCOPED_TRACE(viewStep);
        VolumeLook look = transmittanceOnly(extinction);
        look.viewStep = viewStep;
        const OrbitCamera camera = sphereCamera();
        const uint32_t width = 45, height = 37;
        const VolumePicture picture =
            renderer.renderPicture(solver, orbitCamera(solver.settings(), camera, float(width) / height), look, width, height);
        ASSERT_EQ(picture.rgba.size(), size_t(width) * height * 4);

        const double sigmaPerCell = extinction * sphere.cellSize;  // path lengths are in cells
        const double step = look.viewStep;                          // cells
        size_t hits = 0, central = 0;
        double worstCentral = 0.0;
        for (uint32_t y = 0; y < height; ++y)
            for (uint32_t x = 0; x < width; ++x) {
                const float transmittance = 1.0f - picture.rgba[4 * (x + y * width) + 3];
                const ref::Ray ray = ref::cameraRay(refCamera(camera), sphere.n, width, height, x, y);
                const ref::LineIntegral line = ref::integrateAlong(field, ray, 64);
                const double gpuDepth = -std::log(std::max<double>(transmittance, 1e-30));
                // The GPU integrates the same trilinear interpolant by the midpoint rule with steps of
                // `step` cells. On each step the rule errs by at most step * (the interpolant's
                // oscillation on the step), and these oscillations sum to at most the total variation
                // along the ray, so |error| <= step * TV. Densities below the 1e-5 cutoff are skipped:
                // at most 1e-5 per cell of path (<= 40 cells). Float rounding of ~80 steps of exp and
                // products, and of 1 - alpha: below 1e-4 in optical depth.
                const double tolerance = sigmaPerCell * (step * line.totalVariation + 1e-5 * 40.0) + 1e-4;
                ASSERT_NEAR(gpuDepth, sigmaPerCell * line.integral, tolerance) << "pixel " << x << ", " << y;
                if (line.integral == 0.0) {
                    EXPECT_EQ(transmittance, 1.0f) << "pixel " << x << ", " << y;
                }

                // Against the analytic sphere, exp(-sigma rho0 chord): for rays through the middle
                // half of the sphere (closest approach b <= R / 2, so they cross its surface within
                // 30 degrees of the normal) the coverage rasterisation and the trilinear interpolant
                // smooth the surface symmetrically across it: what the smoothing removes inside is
                // added outside, up to the surface's curvature across the smoothing band (about 1.5
                // cells): 1.5^2 / (2 R) per crossing, < 0.2 cells for both. Plus the step error above.
                const double chord = ref::sphereChord(ray, sphere.centre, sphere.radius);
                if (chord > 0.0) ++hits;
                if (chord >= std::sqrt(3.0) * sphere.radius) {
                    ++central;
                    const double expected = std::exp(-sigmaPerCell * sphere.density * chord);
                    const double depthTolerance = sigmaPerCell * sphere.density * (0.2 + step * 2.0) + 1e-4;
                    worstCentral = std::max(worstCentral, std::fabs(gpuDepth - sigmaPerCell * sphere.density * chord));
                    EXPECT_NEAR(transmittance, expected, expected * (std::exp(depthTolerance) - 1.0))
                        << "pixel " << x << ", " << y << ": chord " << chord << " cells";
                }
            }
        EXPECT_GT(central, 20u);  // the sphere fills a good part of the picture
        EXPECT_GT(hits, 3 * central / 2);
        std::printf("step %.3f cells: %zu pixels through the sphere, %zu central; worst central optical-depth error %.4f (of %.2f)\n",
                    viewStep, hits, central, worstCentral, sigmaPerCell * sphere.density * 2.0 * sphere.radius);
    }
}

// The engine's depth image: a D32 image cleared to one depth, sampled by the renderer.
class DepthImage {
public:
    DepthImage(std::shared_ptr<Context> context, uint32_t width, uint32_t height) : context_(std::move(context)) {
        VkDevice device = context_->device();
        VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
        info.imageType = VK_IMAGE_TYPE_2D;
        info.format = VK_FORMAT_D32_SFLOAT;
        info.extent = {width, height, 1};
        info.mipLevels = info.arrayLayers = 1;
        info.samples = VK_SAMPLE_COUNT_1_BIT;
        info.tiling = VK_IMAGE_TILING_OPTIMAL;
        info.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
        EXPECT_EQ(vkCreateImage(device, &info, nullptr, &image_), VK_SUCCESS);
        VkMemoryRequirements requirements{};
        vkGetImageMemoryRequirements(device, image_, &requirements);
        VkPhysicalDeviceMemoryProperties properties{};
        vkGetPhysicalDeviceMemoryProperties(context_->physicalDevice(), &properties);
        VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        allocate.allocationSize = requirements.size;
        for (uint32_t i = 0; i < properties.memoryTypeCount; ++i)
            if (requirements.memoryTypeBits & (1u << i)) {
                allocate.memoryTypeIndex = i;
                break;
            }
        EXPECT_EQ(vkAllocateMemory(device, &allocate, nullptr, &memory_), VK_SUCCESS);
        EXPECT_EQ(vkBindImageMemory(device, image_, memory_, 0), VK_SUCCESS);
        VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        viewInfo.image = image_;
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
        viewInfo.format = VK_FORMAT_D32_SFLOAT;
        viewInfo.subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
        EXPECT_EQ(vkCreateImageView(device, &viewInfo, nullptr, &view_), VK_SUCCESS);
    }
    ~DepthImage() {
        VkDevice device = context_->device();
        vkDeviceWaitIdle(device);
        vkDestroyImageView(device, view_, nullptr);
        vkDestroyImage(device, image_, nullptr);
        vkFreeMemory(device, memory_, nullptr);
    }
    // Records the clear to `depth` and the transition to DEPTH_STENCIL_READ_ONLY_OPTIMAL, visible
    // to the compute shader (what the end of an engine's depth pass does).
    void recordClear(VkCommandBuffer cmd, float depth) {
        const VkImageSubresourceRange range{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
        VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
        barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
        barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.image = image_;
        barrier.subresourceRange = range;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1,
                             &barrier);
        const VkClearDepthStencilValue value{depth, 0};
        vkCmdClearDepthStencilImage(cmd, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
        barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
        barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
        barrier.newLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, nullptr, 0, nullptr,
                             1, &barrier);
    }
    VkImageView view() const { return view_; }

private:
    std::shared_ptr<Context> context_;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
};

// The engine's depth cuts the rays: a plane perpendicular to the view through the sphere's middle
// (one depth value everywhere) leaves the optical depth of the near half, and a plane in front of
// the sphere hides it entirely.
TEST_F(VolumeRenderTest, TheEnginesDepthOccludesTheVolume) {
    const SphereVolume sphere;
    const ref::CellField field = sphere.field();
    SmokeSolver3D solver(context(), sphereSettings(sphere));
    solver.upload(SmokeField3D::Density, std::vector<float>(field.values.begin(), field.values.end()));
    const double extinction = 2.0 / (sphere.density * 2.0 * sphere.radius * sphere.cellSize);
    // A fine step, so the tolerance below catches the cut plane 1 cell out of place.
    VolumeLook look = transmittanceOnly(extinction);
    look.viewStep = 0.125f;
    const OrbitCamera orbit = sphereCamera();
    const uint32_t width = 45, height = 37;
    const VolumeCamera camera = orbitCamera(solver.settings(), orbit, float(width) / height);
    const ref::Camera refCam = refCamera(orbit);
    // The eye's distance to the target (the domain's centre), cells, and the camera's forward axis.
    const double diagonal = std::sqrt(double(sphere.n[0]) * sphere.n[0] + double(sphere.n[1]) * sphere.n[1] +
                                      double(sphere.n[2]) * sphere.n[2]);
    const double toTarget = orbit.distance * diagonal;
    const double kRadians = 3.14159265358979323846 / 180.0;
    const double yaw = orbit.yawDegrees * kRadians, pitch = orbit.pitchDegrees * kRadians;
    const ref::Vec3 forward{-std::cos(pitch) * std::sin(yaw), -std::sin(pitch), -std::cos(pitch) * std::cos(yaw)};

    EngineImage colour(context(), VK_FORMAT_R32G32B32A32_SFLOAT, width, height);
    DepthImage depth(context(), width, height);
    VolumeRenderer renderer(context());
    // Eye-space distance of the plane (in front of the target by `offset` cells), and its depth
    // through the projection: d = (P[10] z + P[14]) / -z with z = -distance (eye looks down -z).
    for (const double offset : {0.0, 9.0}) {
        SCOPED_TRACE(offset);
        const double planeCells = toTarget - offset;
        const double z = -planeCells * sphere.cellSize;
        const float depthValue = float((camera.projection[10] * z + camera.projection[14]) / -z);
        VolumeTarget target;
        target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
        target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        target.colour.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        target.colour.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
        target.colour.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        target.colour.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
        target.depth = depth.view();
        target.depthExtent = {width, height};
        const auto texels = colour.frame([&](VkCommandBuffer cmd) {
            depth.recordClear(cmd, depthValue);
            renderer.record(cmd, solver, camera, look, target);
        });
        const double sigmaPerCell = extinction * sphere.cellSize;
        size_t cut = 0;
        for (uint32_t y = 0; y < height; ++y)
            for (uint32_t x = 0; x < width; ++x) {
                const ref::Ray ray = ref::cameraRay(refCam, sphere.n, width, height, x, y);
                const double cosine = ray.direction[0] * forward[0] + ray.direction[1] * forward[1] + ray.direction[2] * forward[2];
                const double end = planeCells / cosine;  // along this ray, cells
                const ref::LineIntegral whole = ref::integrateAlong(field, ray, 64);
                const ref::LineIntegral line = ref::integrateAlong(field, ray, 64, end);
                if (line.integral < whole.integral - 1e-3) ++cut;
                const double gpuDepth = -std::log(std::max<double>(1.0 - texels[x + y * width][3], 1e-30));
                // As above, plus the plane's position through float matrices and a float depth:
                // a few 1e-4 cells of path at the largest density.
                const double tolerance =
                    sigmaPerCell * (look.viewStep * whole.totalVariation + 1e-5 * 40.0 + sphere.density * 0.01) + 1e-4;
                ASSERT_NEAR(gpuDepth, sigmaPerCell * line.integral, tolerance) << "pixel " << x << ", " << y;
            }
        EXPECT_GT(cut, 100u);  // the plane cuts most rays through the sphere
    }
}

// Scattering and self-shadowing: lit from above, a dense column's top is brighter than its bottom
// half.
TEST_F(VolumeRenderTest, SelfShadowingDarkensTheFarSide) {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    SmokeSolver3D solver(context(), s);
    std::vector<float> density(size_t(s.nx) * s.ny * s.nz, 0.0f);
    for (uint32_t k = 3; k < 8; ++k)
        for (uint32_t j = 2; j < 11; ++j)
            for (uint32_t i = 7; i < 12; ++i) density[i + s.nx * (j + s.ny * size_t(k))] = 2.0f;
    solver.upload(SmokeField3D::Density, density);
    VolumeLook look;
    look.lightDirection = {0.0f, 1.0f, 0.0f};
    look.extinction = 20.0f;  // optical depth 1 per cell of the column
    look.background = VolumeBackground::SkyAndGround;
    look.displayEncode = true;
    OrbitCamera orbit;
    orbit.yawDegrees = 0.0f;
    orbit.pitchDegrees = 0.0f;
    orbit.distance = 1.2f;
    const uint32_t width = 64, height = 48;
    VolumeRenderer renderer(context());
    const VolumePicture lit = renderer.renderPicture(solver, orbitCamera(s, orbit, float(width) / height), look, width, height);
    look.background = VolumeBackground::Transparent;
    const VolumePicture alpha = renderer.renderPicture(solver, orbitCamera(s, orbit, float(width) / height), look, width, height);
    auto luminance = [&](uint32_t x, uint32_t y) {
        const float* p = &lit.rgba[(x + y * width) * 4];
        return 255.0 * (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]);
    };
    // The column spans the middle of the picture; rows near its top and bottom.
    uint32_t top = height, bottom = 0;
    for (uint32_t y = 0; y < height; ++y)
        if (alpha.rgba[(width / 2 + y * width) * 4 + 3] > 0.5f) {
            top = std::min(top, y);
            bottom = std::max(bottom, y);
        }
    ASSERT_LT(top + 4, bottom);
    EXPECT_GT(luminance(width / 2, top + 1), luminance(width / 2, bottom - 1) + 20.0);
}

// 16-bit flow storage (SmokeSettings3D::flowStorage): the march reads the density and temperature
// halves (and the temperature's origin), so a solver storing halves and a float32 one holding the
// same values (the halves, downloaded) render the same picture, fire included, bit for bit.
TEST_F(VolumeRenderTest, HalvesRenderAsTheFloatsTheyHold) {
    if (!context()->supports16BitStorage()) GTEST_SKIP() << "the device has no 16-bit storage buffers";
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    SmokeSettings3D halves = s;
    halves.flowStorage = FlowStorage::Float16;
    SmokeSolver3D full(context(), s), half(context(), halves);
    const size_t cells = size_t(s.nx) * s.ny * s.nz;
    std::vector<float> density(cells), temperature(cells);
    for (size_t c = 0; c < cells; ++c) {
        density[c] = float((c * 7919) % 101) / 50.0f;
        temperature[c] = 293.15f + float((c * 104729) % 997);  // up to ~1290 K: fire
    }
    half.upload(SmokeField3D::Density, density);
    half.upload(SmokeField3D::Temperature, temperature);
    full.upload(SmokeField3D::Density, half.download(SmokeField3D::Density));
    full.upload(SmokeField3D::Temperature, half.download(SmokeField3D::Temperature));
    VolumeLook look;
    look.fireIntensity = 2.0f;
    OrbitCamera orbit;
    orbit.distance = 1.5f;
    const uint32_t width = 32, height = 24;
    VolumeRenderer renderer(context());
    const VolumePicture a = renderer.renderPicture(full, orbitCamera(s, orbit, float(width) / height), look, width, height);
    const VolumePicture b = renderer.renderPicture(half, orbitCamera(s, orbit, float(width) / height), look, width, height);
    ASSERT_EQ(a.rgba.size(), b.rgba.size());
    for (size_t k = 0; k < a.rgba.size(); ++k) ASSERT_EQ(a.rgba[k], b.rgba[k]) << "value " << k;
    double sum = 0.0;
    for (float x : a.rgba) sum += x;
    EXPECT_GT(sum, 1.0) << "the picture is empty";
}

// A smoke ball in an 8^3 box, for the tests that render many small pictures.
void fillSmokeBall(SmokeSolver3D& solver) {
    const SmokeSettings3D& s = solver.settings();
    std::vector<float> density(size_t(s.nx) * s.ny * s.nz, 0.0f);
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const double x = i + 0.5 - s.nx / 2.0, y = j + 0.5 - s.ny / 2.0, z = k + 0.5 - s.nz / 2.0;
                if (x * x + y * y + z * z < 9.0) density[i + s.nx * (j + size_t(s.ny) * k)] = 1.0f;
            }
    solver.upload(SmokeField3D::Density, density);
}

// An engine that resizes its window makes a new colour image for every size and destroys the old
// one once its frame has completed, without telling the renderer: each frame is rendered into its
// own image, the pixels are the picture renderPicture gives (the same march), and nothing is held
// for the destroyed images (the driver may hand a new image the old one's handle values).
TEST_F(VolumeRenderTest, EngineImagesComeAndGoWithoutForgetView) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    s.cellSize = 0.05f;
    SmokeSolver3D solver(context(), s);
    fillSmokeBall(solver);
    VolumeRenderer renderer(context());
    VolumeLook look;
    look.extinction = 20.0f;
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    const VolumePicture reference = renderer.renderPicture(solver, camera, look, 8, 8);
    double covered = 0.0;
    for (uint32_t p = 0; p < 64; ++p) covered += reference.rgba[4 * p + 3];
    ASSERT_GT(covered, 1.0);  // the ball is in the picture
    constexpr int kImages = 70;  // more than any bounded cache of views would hold
    for (int frame = 0; frame < kImages; ++frame) {
        SCOPED_TRACE(frame);
        EngineImage colour(context(), VK_FORMAT_R8G8B8A8_UNORM, 8, 8);
        VolumeTarget target;
        target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
        target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        target.colour.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        target.colour.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
        target.colour.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
        target.colour.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
        const auto texels = colour.frame([&](VkCommandBuffer cmd) { renderer.record(cmd, solver, camera, look, target); });
        // RGBA8 holds the float picture to one step of 1/255 (Vulkan may round either way).
        for (uint32_t p = 0; p < 64; ++p)
            for (int c = 0; c < 4; ++c)
                ASSERT_NEAR(texels[p][c], std::clamp(reference.rgba[4 * p + c], 0.0f, 1.0f), 1.0 / 255.0 + 1e-6)
                    << "pixel " << p << " channel " << c;
    }
}

// Many renders in one frame (views of a light probe, say): each gets descriptor sets of its own
// until the GPU has run them; past 256 waiting for the GPU the next is refused, saying so, and
// once the frame has run the renderer records again.
TEST_F(VolumeRenderTest, ManyRendersInOneFrame) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    s.cellSize = 0.05f;
    SmokeSolver3D solver(context(), s);
    fillSmokeBall(solver);
    VolumeRenderer renderer(context());
    VolumeLook look;
    look.extinction = 20.0f;
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    const VolumePicture reference = renderer.renderPicture(solver, camera, look, 8, 8);
    EngineImage colour(context(), VK_FORMAT_R32G32B32A32_SFLOAT, 8, 8);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;  // each render overwrites the last
    target.colour.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.colour.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    target.colour.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.colour.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
    constexpr int kInFlight = 256;
    for (int frame = 0; frame < 2; ++frame) {
        SCOPED_TRACE(frame);
        const auto texels = colour.frame([&](VkCommandBuffer cmd) {
            for (int r = 0; r < kInFlight; ++r) renderer.record(cmd, solver, camera, look, target);
            try {
                renderer.record(cmd, solver, camera, look, target);
                ADD_FAILURE() << "a render past " << kInFlight << " in flight was recorded";
            } catch (const InvalidArgument& e) {
                EXPECT_EQ(e.field(), "VolumeRenderer::record");
                EXPECT_NE(std::string(e.what()).find("256 records are in flight"), std::string::npos) << e.what();
            }
        });
        for (uint32_t p = 0; p < 64; ++p)
            for (int c = 0; c < 4; ++c) ASSERT_EQ(texels[p][c], reference.rgba[4 * p + c]) << "pixel " << p;  // the same march
    }
}

// A solver made on another Context cannot be read by this renderer's pipelines: refused by name,
// nothing recorded.
TEST_F(VolumeRenderTest, RefusesASolverOfAnotherContext) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    std::shared_ptr<Context> other = Context::createStandalone();
    SmokeSolver3D foreign(other, s);
    SparseSmokeSolver3D foreignSparse(other, s);
    VolumeRenderer renderer(context());
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(foreign, camera, {}, 8, 8); }), "VolumeRenderer::renderPicture: solver");
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(foreignSparse, camera, {}, 8, 8); }),
              "VolumeRenderer::renderPicture: solver");
    EngineImage colour(context(), VK_FORMAT_R8G8B8A8_UNORM, 8, 8);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    colour.submit([&](VkCommandBuffer cmd) {
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, foreign, camera, {}, target); }), "VolumeRenderer::record: solver");
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, foreignSparse, camera, {}, target); }), "VolumeRenderer::record: solver");
    });
}

// The engine's depth image: its extent 1..32768 texels per side (the largest 2D image a GPU makes),
// so the shader's texel arithmetic stays in range.
TEST_F(VolumeRenderTest, TheDepthExtentIsBounded) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    SmokeSolver3D solver(context(), s);
    VolumeRenderer renderer(context());
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    EngineImage colour(context(), VK_FORMAT_R32G32B32A32_SFLOAT, 8, 8);
    DepthImage depth(context(), 8, 8);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    target.depth = depth.view();
    colour.submit([&](VkCommandBuffer cmd) {
        for (const VkExtent2D extent : {VkExtent2D{32769, 8}, VkExtent2D{8, 32769}, VkExtent2D{0xFFFFFFFFu, 8}, VkExtent2D{0, 8}}) {
            target.depthExtent = extent;
            EXPECT_EQ(fieldOf([&] { renderer.record(cmd, solver, camera, {}, target); }), "VolumeTarget::depthExtent")
                << extent.width << " x " << extent.height;
        }
    });
}

// A format outside the three is named in the message as Vulkan spells it, or by its number.
TEST_F(VolumeRenderTest, NamesTheFormatItRefuses) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    SmokeSolver3D solver(context(), s);
    VolumeRenderer renderer(context());
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    EngineImage colour(context(), VK_FORMAT_R8G8B8A8_UNORM, 8, 8);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
    auto message = [&](VkFormat format) {
        target.colour.format = format;
        std::string what = "(no error)";
        colour.submit([&](VkCommandBuffer cmd) {
            try {
                renderer.record(cmd, solver, camera, {}, target);
            } catch (const InvalidArgument& e) {
                EXPECT_EQ(e.field(), "VolumeTarget::colour.format");
                what = e.what();
            }
        });
        return what;
    };
    const std::string srgb = message(VK_FORMAT_R8G8B8A8_SRGB);
    EXPECT_NE(srgb.find("VK_FORMAT_R8G8B8A8_SRGB is not one of VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT, "
                        "VK_FORMAT_R32G32B32A32_SFLOAT"),
              std::string::npos)
        << srgb;
    const std::string bgra = message(VK_FORMAT_B8G8R8A8_SRGB);
    EXPECT_NE(bgra.find("VK_FORMAT_B8G8R8A8_SRGB"), std::string::npos) << bgra;
    const std::string unnamed = message(VK_FORMAT_G8B8G8R8_422_UNORM);
    EXPECT_NE(unnamed.find("VkFormat " + std::to_string(int(VK_FORMAT_G8B8G8R8_422_UNORM)) + " is not one of"),
              std::string::npos)
        << unnamed;
}

// Every bounded field of the look: at its bound it is accepted and the picture of a hot, smoky
// ball is finite everywhere; just beyond it (or NaN, or Inf) it is refused, naming the field.
TEST_F(VolumeRenderTest, EveryLookBoundIsCheckedAndRendersFinite) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    s.cellSize = 0.05f;
    SmokeSolver3D solver(context(), s);
    fillSmokeBall(solver);
    // A fire falling linearly from 3000 K at the box's centre to 300 K (ambient) 3.5 cells out,
    // so the march samples every part of the glow ramp (w from 0 to 1).
    std::vector<float> temperature(size_t(s.nx) * s.ny * s.nz);
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const double x = i + 0.5 - s.nx / 2.0, y = j + 0.5 - s.ny / 2.0, z = k + 0.5 - s.nz / 2.0;
                const double r = std::sqrt(x * x + y * y + z * z);
                temperature[i + s.nx * (j + size_t(s.ny) * k)] = float(std::max(300.0, 3000.0 - 2700.0 * r / 3.5));
            }
    solver.upload(SmokeField3D::Temperature, temperature);
    VolumeRenderer renderer(context());
    OrbitCamera orbit;
    orbit.yawDegrees = 0.0f;
    orbit.pitchDegrees = 0.0f;
    const VolumeCamera camera = orbitCamera(s, orbit, 1.0f);

    const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
    struct Case {
        const char* field;
        std::function<void(VolumeLook&, float)> set;
        float atBound;  // accepted, rendered finite
        std::vector<float> refused;
    };
    auto all3 = [](std::array<float, 3>& c, float v) { c = {v, v, v}; };
    const std::vector<Case> cases = {
        {"VolumeLook::extinction", [](VolumeLook& l, float v) { l.extinction = v; }, 1e6f, {-1e-6f, 1.1e6f, inf, nan}},
        {"VolumeLook::albedo", [](VolumeLook& l, float v) { l.albedo = v; }, 1.0f, {1.001f, -0.001f, nan}},
        {"VolumeLook::anisotropy", [](VolumeLook& l, float v) { l.anisotropy = v; }, 0.99f, {0.991f, -0.991f, 1.0f, nan}},
        {"VolumeLook::anisotropy", [](VolumeLook& l, float v) { l.anisotropy = v; }, -0.99f, {}},
        {"VolumeLook::lightDirection", [](VolumeLook& l, float v) { l.lightDirection = {v, v, 0.0f}; }, 1e-30f, {0.0f, inf, nan}},
        {"VolumeLook::lightDirection", [](VolumeLook& l, float v) { l.lightDirection = {v, v, v}; }, 3e38f, {}},
        {"VolumeLook::lightColour", [&](VolumeLook& l, float v) { all3(l.lightColour, v); }, 1e4f, {1.01e4f, -1e-6f, inf, nan}},
        {"VolumeLook::ambientColour", [&](VolumeLook& l, float v) { all3(l.ambientColour, v); }, 1e4f, {1.01e4f, -1e-6f, nan}},
        {"VolumeLook::skyZenith", [&](VolumeLook& l, float v) { all3(l.skyZenith, v); }, 1e4f, {1.01e4f, -1e-6f, nan}},
        {"VolumeLook::skyHorizon", [&](VolumeLook& l, float v) { all3(l.skyHorizon, v); }, 1e4f, {1.01e4f, -1e-6f, nan}},
        {"VolumeLook::groundColour", [&](VolumeLook& l, float v) { all3(l.groundColour, v); }, 1.0f, {1.01f, -1e-6f, nan}},
        {"VolumeLook::solidColour", [&](VolumeLook& l, float v) { all3(l.solidColour, v); }, 1.0f, {1.01f, -1e-6f, nan}},
        {"VolumeLook::groundTile", [](VolumeLook& l, float v) { l.groundTile = v; }, 1e-6f, {0.99e-6f, 1e-30f, -1.0f, nan}},
        {"VolumeLook::groundTile", [](VolumeLook& l, float v) { l.groundTile = v; }, 1e6f, {1.01e6f, inf}},
        {"VolumeLook::outlineColour", [](VolumeLook& l, float v) { l.outlineColour = {v, v, v, 1.0f}; }, 1e4f, {1.01e4f, nan}},
        {"VolumeLook::outlineWidth", [](VolumeLook& l, float v) { l.outlineWidth = v; }, 64.0f, {64.5f, 0.0f, nan}},
        {"VolumeLook::fireLow", [](VolumeLook& l, float v) { l.fireLow = v; }, 0.0f, {-1.0f, nan}},
        {"VolumeLook::fireHigh", [](VolumeLook& l, float v) { l.fireHigh = v; }, 1e5f, {1.01e5f, inf, nan}},
        // fireLow 700 K (the default): the ramp at least 1 K.
        {"VolumeLook::fireHigh", [](VolumeLook& l, float v) { l.fireHigh = v; }, 701.0f, {700.5f, 700.0f}},
        {"VolumeLook::fireIntensity", [](VolumeLook& l, float v) { l.fireIntensity = v; }, 1e6f, {1.01e6f, -1.0f, inf, nan}},
        {"VolumeLook::colourLow", [](VolumeLook& l, float v) { l.colourLow = v; }, 500.0f, {499.0f, 200.0f, 50.0f, 1e-30f, nan}},
        {"VolumeLook::colourLow", [](VolumeLook& l, float v) { l.colourLow = v; }, 50000.0f, {50001.0f, 3e38f, inf}},
        {"VolumeLook::colourHigh", [](VolumeLook& l, float v) { l.colourHigh = v; }, 50000.0f, {50001.0f, 3e38f, inf, nan}},
        {"VolumeLook::colourHigh", [](VolumeLook& l, float v) { l.colourHigh = v; }, 500.0f, {499.0f, 1e-30f}},
        {"VolumeLook::exposure", [](VolumeLook& l, float v) { l.exposure = v; }, 1e6f, {1.01e6f, inf, nan}},
        {"VolumeLook::exposure", [](VolumeLook& l, float v) { l.exposure = v; }, 1e-6f, {0.99e-6f, 1e-30f, 0.0f}},
        {"VolumeLook::viewStep", [](VolumeLook& l, float v) { l.viewStep = v; }, 0.05f, {0.049f, nan}},
        {"VolumeLook::lightStep", [](VolumeLook& l, float v) { l.lightStep = v; }, 8.0f, {8.01f, nan}},
    };
    // The whole look at work: scattering, fire, the sky and ground, the outline, the display curve.
    VolumeLook base;
    base.extinction = 20.0f;
    base.fireIntensity = 200.0f;
    base.background = VolumeBackground::SkyAndGround;
    base.outlineColour = {1.0f, 1.0f, 1.0f, 1.0f};
    {
        // The fire shows: the picture with it differs from the one without.
        VolumeLook dark = base;
        dark.fireIntensity = 0.0f;
        const VolumePicture lit = renderer.renderPicture(solver, camera, base, 8, 8);
        const VolumePicture unlit = renderer.renderPicture(solver, camera, dark, 8, 8);
        double glow = 0.0;
        for (size_t v = 0; v < lit.rgba.size(); ++v) glow += lit.rgba[v] - unlit.rgba[v];
        ASSERT_GT(glow, 1.0);
    }
    for (const bool display : {false, true}) {
        base.displayEncode = display;
        for (const Case& c : cases) {
            SCOPED_TRACE(testing::Message() << c.field << " = " << c.atBound << (display ? ", displayEncode" : ""));
            // The field an InvalidArgument names ("(no error)" when accepted) and, when accepted,
            // how many of the picture's 256 numbers are not finite.
            auto render = [&](const VolumeLook& look, size_t& nonFinite) {
                nonFinite = 0;
                try {
                    const VolumePicture picture = renderer.renderPicture(solver, camera, look, 8, 8);
                    for (float v : picture.rgba) nonFinite += !std::isfinite(v);
                } catch (const InvalidArgument& e) {
                    return e.field();
                }
                return std::string("(no error)");
            };
            VolumeLook look = base;
            c.set(look, c.atBound);
            size_t nonFinite = 0;
            EXPECT_EQ(render(look, nonFinite), "(no error)");
            EXPECT_EQ(nonFinite, 0u);
            if (display) continue;
            for (float bad : c.refused) {
                SCOPED_TRACE(testing::Message() << "refused " << bad);
                look = base;
                c.set(look, bad);
                EXPECT_EQ(render(look, nonFinite), c.field) << "accepted: " << nonFinite << " of 256 values not finite";
                EXPECT_EQ(fieldOf([&] { look.validate(); }), c.field);
            }
        }
    }
}

// The orbit camera's bounds: accepted at each, a finite picture; refused beyond, naming the field.
TEST_F(VolumeRenderTest, OrbitCameraBoundsAreChecked) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    s.cellSize = 0.05f;
    SmokeSolver3D solver(context(), s);
    fillSmokeBall(solver);
    VolumeRenderer renderer(context());
    const float nan = std::nanf("");
    struct Case {
        const char* field;
        std::function<void(OrbitCamera&, float)> set;
        float atBound;
        std::vector<float> refused;
    };
    const std::vector<Case> cases = {
        {"OrbitCamera::yawDegrees", [](OrbitCamera& o, float v) { o.yawDegrees = v; }, 1e5f, {1.01e5f, -1.01e5f, nan}},
        {"OrbitCamera::pitchDegrees", [](OrbitCamera& o, float v) { o.pitchDegrees = v; }, 89.9f, {90.0f, -90.0f, nan}},
        {"OrbitCamera::distance", [](OrbitCamera& o, float v) { o.distance = v; }, 1e-3f, {0.99e-3f, 1e-30f, 0.0f, nan}},
        {"OrbitCamera::distance", [](OrbitCamera& o, float v) { o.distance = v; }, 1000.0f, {1001.0f}},
        {"OrbitCamera::fovDegrees", [](OrbitCamera& o, float v) { o.fovDegrees = v; }, 0.01f, {0.009f, 1e-30f, nan}},
        {"OrbitCamera::fovDegrees", [](OrbitCamera& o, float v) { o.fovDegrees = v; }, 179.0f, {179.5f}},
        {"OrbitCamera::target", [](OrbitCamera& o, float v) { o.target = {v, 0.5f, 0.5f}; }, 1000.0f, {1001.0f, 3e38f, nan}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(testing::Message() << c.field << " = " << c.atBound);
        OrbitCamera orbit;
        c.set(orbit, c.atBound);
        const VolumePicture picture = renderer.renderPicture(solver, orbitCamera(s, orbit, 1.0f), {}, 8, 8);
        size_t nonFinite = 0;
        for (float v : picture.rgba) nonFinite += !std::isfinite(v);
        EXPECT_EQ(nonFinite, 0u);
        for (float bad : c.refused) {
            SCOPED_TRACE(testing::Message() << "refused " << bad);
            orbit = {};
            c.set(orbit, bad);
            EXPECT_EQ(fieldOf([&] { orbitCamera(s, orbit, 1.0f); }), c.field);
            EXPECT_EQ(fieldOf([&] { orbit.validate(); }), c.field);
        }
    }
    for (const float aspect : {1e-4f, 1e4f}) {
        const VolumePicture picture = renderer.renderPicture(solver, orbitCamera(s, {}, aspect), {}, 8, 8);
        for (float v : picture.rgba) ASSERT_TRUE(std::isfinite(v)) << "aspect " << aspect;
    }
    for (const float aspect : {0.99e-4f, 1.01e4f, 1e-30f, std::numeric_limits<float>::infinity()})
        EXPECT_EQ(fieldOf([&] { orbitCamera(s, {}, aspect); }), "orbitCamera: aspect") << aspect;
}

TEST_F(VolumeRenderTest, RejectsBadCameraLookAndTarget) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    SmokeSolver3D solver(context(), s);
    VolumeRenderer renderer(context());
    OrbitCamera orbit;
    orbit.pitchDegrees = 90.0f;
    EXPECT_EQ(fieldOf([&] { orbitCamera(s, orbit, 1.0f); }), "OrbitCamera::pitchDegrees");
    const VolumeCamera camera = orbitCamera(s, {}, 1.0f);
    VolumeLook look;
    look.albedo = 1.5f;
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(solver, camera, look, 8, 8); }), "VolumeLook::albedo");
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(solver, camera, {}, 0, 8); }), "VolumeRenderer::renderPicture: width, height");
    VolumeCamera flat = camera;
    flat.projection = kIdentity4;  // orthographic
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(solver, flat, {}, 8, 8); }), "VolumeCamera::projection");
    VolumeCamera singular = camera;
    singular.view = {};
    EXPECT_EQ(fieldOf([&] { renderer.renderPicture(solver, singular, {}, 8, 8); }), "VolumeCamera::view");

    EngineImage colour(context(), VK_FORMAT_R32_SFLOAT, 8, 8);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), colour.format(), colour.extent()};
    colour.submit([&](VkCommandBuffer cmd) {
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, solver, camera, {}, target); }), "VolumeTarget::colour.format");
        target.colour.format = VK_FORMAT_R32G32B32A32_SFLOAT;
        target.colour.extent = {8, 8, 2};
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, solver, camera, {}, target); }), "VolumeTarget::colour.extent");
        target.colour.extent = {8, 8, 1};
        target.depth = colour.view();
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, solver, camera, {}, target); }), "VolumeTarget::depthExtent");
        std::vector<Collider> many(kMaxColliders + 1);
        target.depth = VK_NULL_HANDLE;
        EXPECT_EQ(fieldOf([&] { renderer.record(cmd, solver, camera, {}, target, many); }), "VolumeRenderer::record: colliders");
    });
}

} // namespace
} // namespace billow::test
