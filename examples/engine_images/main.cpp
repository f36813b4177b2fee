// Billow's smoke drawn as an engine draws it: from images the "engine" owns, never from a Billow
// buffer. Two pictures:
//   dye_over_background.png  a 2D SmokeSolver's dye published (FieldImage, SmokeImage::Dye) into
//                            an RGBA8 image, premultiplied, composited over the engine's
//                            background: out = dye + (1 - alpha) * background
//   fire_behind_pillar.png   a 3D fire ray-marched (VolumeRenderer) into an RGBA16F image with the
//                            engine's camera matrices and its depth buffer (a pillar in front of
//                            the fire), composited over the engine's picture of sky and pillar
// The compositing is done here on the CPU, as the engine's blend state would on the GPU.
//
//   engine_images [OUT_DIR] [--steps N]      (default out/engine_images, 120 steps)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <billow/billow.hpp>

#include "common/file_io.hpp"
#include "engine_side.hpp"

using namespace billow;
using example::EngineImage;
using example::HostBuffer;

namespace {

// The engine's background: a soft blue-grey checker.
std::array<float, 3> checker(uint32_t x, uint32_t y) {
    const bool dark = ((x / 32) + (y / 32)) % 2 == 0;
    return dark ? std::array<float, 3>{0.16f, 0.18f, 0.22f} : std::array<float, 3>{0.22f, 0.25f, 0.3f};
}

uint8_t toByte(float v) { return uint8_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

// IEEE binary16 -> float.
float halfToFloat(uint16_t h) {
    const int exponent = (h >> 10) & 31, mantissa = h & 1023;
    const float value = exponent == 0 ? std::ldexp(float(mantissa), -24) : std::ldexp(1.0f + mantissa / 1024.0f, exponent - 15);
    return (h & 0x8000) ? -value : value;
}

void dyeOverBackground(std::shared_ptr<Context> context, const std::string& path, int steps) {
    SmokeSettings s;
    s.nx = s.ny = 256;
    s.cellSize = 1.0f / 256.0f;
    s.vorticity = 2.0f;
    SmokeSolver solver(context, s);
    EngineImage image(context, VK_FORMAT_R8G8B8A8_UNORM, s.nx, s.ny);
    HostBuffer readBack(context, VkDeviceSize(s.nx) * s.ny * 4);
    ImageTarget target{image.image(), image.view(), VK_FORMAT_R8G8B8A8_UNORM, image.extent()};
    target.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    target.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;  // the last frame's read-back
    target.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    target.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
    FieldImage dye(context, solver, SmokeImage::Dye, target);

    const std::array<std::array<float, 4>, 3> colours{{{1.0f, 0.35f, 0.1f, 1.0f}, {0.15f, 0.6f, 1.0f, 1.0f}, {0.3f, 1.0f, 0.4f, 1.0f}}};
    for (int step = 0; step < steps; ++step) {
        if (step % 20 == 0) {
            for (int k = 0; k < 3; ++k) {
                const float angle = float(step) * 0.05f + float(k) * 2.094f;
                Splat splat;
                splat.x = 0.5f + 0.3f * std::cos(angle);
                splat.y = 0.5f + 0.3f * std::sin(angle);
                splat.radius = 0.03f;
                splat.velocity = {-1.5f * std::cos(angle) - 1.0f * std::sin(angle), -1.5f * std::sin(angle) + 1.0f * std::cos(angle)};
                splat.dye = colours[k];
                solver.addSplat(splat);
            }
        }
        const bool last = step == steps - 1;
        example::submitFrame(*context, [&](VkCommandBuffer cmd) {
            solver.record(cmd, 1.0f / 60.0f);
            if (!last) return;
            dye.record(cmd, solver);  // the engine draws from this image; here it reads it back
            example::recordReadBack(cmd, image, readBack);
        });
    }
    std::vector<uint8_t> rgb(size_t(s.nx) * s.ny * 3);
    const auto* texels = static_cast<const uint8_t*>(readBack.data());
    for (uint32_t y = 0; y < s.ny; ++y)
        for (uint32_t x = 0; x < s.nx; ++x) {
            // Row 0 of the image is the domain's bottom; the PNG's first row is its top.
            const uint8_t* t = texels + 4 * (x + size_t(s.nx) * (s.ny - 1 - y));
            const float alpha = t[3] / 255.0f;
            const std::array<float, 3> back = checker(x, y);
            for (int c = 0; c < 3; ++c) rgb[3 * (x + size_t(s.nx) * y) + c] = toByte(t[c] / 255.0f + (1.0f - alpha) * back[c]);
        }
    scene::writePngRgb(path, s.nx, s.ny, rgb);
}

void fireBehindPillar(std::shared_ptr<Context> context, const std::string& path, int steps) {
    SmokeSettings3D s;
    s.nx = 40;
    s.ny = 64;
    s.nz = 40;
    s.cellSize = 1.0f / 40.0f;
    s.thermalExpansion = 0.0006f;
    s.temperatureRelaxation = 6.0f;
    s.vorticity = 1.0f;
    s.densityDamping = 0.3f;
    s.fuelDamping = 2.0f;
    s.combustion.enabled = true;
    s.combustion.ignitionTemperature = 550.0f;
    s.combustion.burnRate = 14.0f;
    s.combustion.heatRelease = 1300.0f;
    s.combustion.smokeYield = 0.35f;
    // Open on every side but the ground, as the campfire scene: the smoke leaves instead of
    // filling the box.
    for (Side side : {Side::Left, Side::Right, Side::Top, Side::Back, Side::Front})
        s.boundaries[uint32_t(side)].type = BoundaryType::Outflow;
    SmokeSolver3D solver(context, s);
    Emitter3D fire;
    fire.centre = {0.5f, 0.1f, 0.5f};
    fire.radius = 0.08f;
    fire.fuel = 12.0f;
    fire.temperature = 2500.0f;
    fire.velocity = {0.0f, 0.8f, 0.0f};
    fire.velocityCoupling = 4.0f;
    solver.setEmitters({&fire, 1});
    for (int step = 0; step < steps; ++step) solver.step(1.0f / 60.0f);

    // The engine's camera and its depth buffer: a pillar standing left of the fire, nearer the
    // camera, drawn into depth as an engine's depth pre-pass would (here one depth per column of
    // pixels it covers, from its plane's distance through the projection).
    const uint32_t width = 480, height = 640;
    OrbitCamera orbit;
    orbit.yawDegrees = 0.0f;
    orbit.pitchDegrees = 8.0f;
    orbit.distance = 1.1f;
    orbit.target = {0.5f, 0.45f, 0.5f};
    const VolumeCamera camera = orbitCamera(s, orbit, float(width) / float(height));
    const double diagonal = s.cellSize * std::sqrt(double(s.nx) * s.nx + double(s.ny) * s.ny + double(s.nz) * s.nz);
    const double pillarDistance = orbit.distance * diagonal - 0.3;  // m in front of the target
    const float pillarDepth = float((camera.projection[10] * -pillarDistance + camera.projection[14]) / pillarDistance);
    const uint32_t pillarLeft = width * 30 / 100, pillarRight = width * 44 / 100;
    std::vector<float> depth(size_t(width) * height, 1.0f);
    for (uint32_t y = 0; y < height; ++y)
        for (uint32_t x = pillarLeft; x < pillarRight; ++x) depth[x + size_t(width) * y] = pillarDepth;
    HostBuffer depthUpload(context, depth.size() * sizeof(float));
    std::memcpy(depthUpload.data(), depth.data(), depth.size() * sizeof(float));

    EngineImage colour(context, VK_FORMAT_R16G16B16A16_SFLOAT, width, height);
    EngineImage depthImage(context, VK_FORMAT_D32_SFLOAT, width, height);
    HostBuffer readBack(context, VkDeviceSize(width) * height * 8);
    VolumeRenderer renderer(context);
    VolumeTarget target;
    target.colour = {colour.image(), colour.view(), VK_FORMAT_R16G16B16A16_SFLOAT, colour.extent()};
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    target.colour.srcStage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;
    target.colour.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    target.colour.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.colour.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
    target.depth = depthImage.view();
    target.depthExtent = {width, height};
    // Premultiplied linear radiance over nothing: the engine composites and tone-maps. The
    // campfire scene's dusk look: a dim key light and a low blackbody range, so the flames glow
    // orange and yellow where the default range (1200-3400 K) reads as white at this heat.
    VolumeLook look;
    look.extinction = 35.0f;
    look.albedo = 0.45f;
    look.fireLow = 800.0f;
    look.fireHigh = 1900.0f;
    look.fireIntensity = 350.0f;
    look.colourLow = 900.0f;
    look.colourHigh = 2000.0f;
    look.lightColour = {1.6f, 1.5f, 1.4f};
    look.ambientColour = {0.12f, 0.13f, 0.2f};
    example::submitFrame(*context, [&](VkCommandBuffer cmd) {
        depthImage.recordDepthUpload(cmd, depthUpload.buffer());
        renderer.record(cmd, solver, camera, look, target);
        example::recordReadBack(cmd, colour, readBack);
    });

    // The engine's picture behind: a dusk sky, and the pillar in stone where its depth is.
    std::vector<uint8_t> rgb(size_t(width) * height * 3);
    const auto* halves = static_cast<const uint16_t*>(readBack.data());
    for (uint32_t y = 0; y < height; ++y)
        for (uint32_t x = 0; x < width; ++x) {
            const size_t p = x + size_t(width) * y;
            const float up = 1.0f - float(y) / float(height);
            std::array<float, 3> scene{0.05f + 0.1f * up, 0.06f + 0.12f * up, 0.1f + 0.25f * up};
            if (x >= pillarLeft && x < pillarRight) {
                const float shade = 0.25f + 0.1f * float(x - pillarLeft) / float(pillarRight - pillarLeft);
                scene = {shade, shade * 0.95f, shade * 0.9f};
            }
            const float alpha = halfToFloat(halves[4 * p + 3]);
            for (int c = 0; c < 3; ++c) {
                // Composite (premultiplied), then the engine's tone curve: 1 - e^-x and sRGB.
                const float linear = halfToFloat(halves[4 * p + c]) + (1.0f - alpha) * scene[c];
                const float mapped = 1.0f - std::exp(-linear);
                const float srgb = mapped <= 0.0031308f ? 12.92f * mapped : 1.055f * std::pow(mapped, 1.0f / 2.4f) - 0.055f;
                rgb[3 * p + c] = toByte(srgb);
            }
        }
    scene::writePngRgb(path, width, height, rgb);
}

} // namespace

int main(int argc, char** argv) {
    std::string outDir = "out/engine_images";
    int steps = 120;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--steps" && i + 1 < argc) steps = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--help") {
            std::printf("usage: engine_images [OUT_DIR] [--steps N]\n");
            return 0;
        } else outDir = arg;
    }
    try {
        std::filesystem::create_directories(outDir);
        StandaloneSettings settings;
        settings.waitTimeoutSeconds = 600.0;  // a CPU device (lavapipe) is slow
        auto context = Context::createStandalone(settings);
        std::printf("engine_images: device %s\n", context->deviceInfo().name.c_str());
        dyeOverBackground(context, outDir + "/dye_over_background.png", steps);
        std::printf("  %s/dye_over_background.png: the 2D dye published into an RGBA8 image, over a background\n", outDir.c_str());
        fireBehindPillar(context, outDir + "/fire_behind_pillar.png", steps);
        std::printf("  %s/fire_behind_pillar.png: the 3D fire rendered into an RGBA16F image, occluded by the depth buffer\n",
                    outDir.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "engine_images: %s\n", e.what());
        return 1;
    }
    return 0;
}
