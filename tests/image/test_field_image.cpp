// Fields published into engine images (billow/field_image.hpp): each format read back and compared
// with the field, and each quantity with its definition computed here in double precision from the
// downloaded buffers, on grids that are not multiples of the workgroup (37 x 23, 19 x 13 x 11),
// with validation and synchronization validation on.
//
// Tolerances come from the formats: R32F/RGBA32F hold the float the pass computed (a mean of two
// floats or a length: a few float roundings, 1e-6 relative); R16F/RGBA16F keep 11 significant bits,
// and Vulkan lets a conversion to them round toward zero as well as to nearest, so the error is up
// to one unit in the last place (relative 2^-10, absolute 2^-24 for subnormals); R8/RGBA8 quantise
// to steps of 1/255 (one step, for the same reason).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "billow/billow.hpp"
#include "support/engine_image.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

using Texels = std::vector<std::array<float, 4>>;
using Rgba = std::array<double, 4>;

double tolerance(VkFormat format, double expected) {
    switch (format) {
    case VK_FORMAT_R8_UNORM: case VK_FORMAT_R8G8B8A8_UNORM: return 1.0 / 255.0 + 1e-6;
    case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16G16B16A16_SFLOAT: return std::ldexp(std::abs(expected), -10) + std::ldexp(1.0, -24) + 1e-6 * std::abs(expected);
    default: return 1e-6 * (1.0 + std::abs(expected));
    }
}

// What a UNORM format stores of a value: clamped to [0, 1].
double stored(VkFormat format, double value) {
    return format == VK_FORMAT_R8_UNORM || format == VK_FORMAT_R8G8B8A8_UNORM ? std::clamp(value, 0.0, 1.0) : value;
}

void expectTexels(const Texels& texels, const std::vector<Rgba>& expected, VkFormat format, const std::string& what) {
    ASSERT_EQ(texels.size(), expected.size()) << what;
    const uint32_t channels = channelCount(format);
    int reported = 0;
    for (size_t t = 0; t < texels.size(); ++t)
        for (uint32_t c = 0; c < channels; ++c) {
            const double want = stored(format, expected[t][c]);
            if (std::abs(texels[t][c] - want) > tolerance(format, want) && reported++ < 5)
                ADD_FAILURE() << what << ": texel " << t << " channel " << c << " is " << texels[t][c] << ", expected " << want;
        }
}

std::vector<float> randomValues(size_t count, float lo, float hi, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> values(count);
    for (float& v : values) v = dist(rng);
    return values;
}

Rgba scalar(double s) { return {s, s, s, 1.0}; }

// The engine's frame: the publish pass leaves the image ready for the copy back.
ImageTarget copyTarget(const EngineImage& image) {
    ImageTarget target{image.image(), image.view(), image.format(), image.extent()};
    target.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;  // overwritten whole: the old contents may go
    target.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;  // the last frame's copy
    target.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    target.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
    return target;
}

constexpr VkFormat kFormats[] = {VK_FORMAT_R8_UNORM,       VK_FORMAT_R16_SFLOAT,          VK_FORMAT_R32_SFLOAT,
                                 VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT};

class FieldImageTest : public GpuTest {
protected:
    static constexpr uint32_t nx = 37, ny = 23;
    void checkThreeDimensionalFields(FlowStorage storage);
    SmokeSettings smokeSettings() const {
        SmokeSettings s;
        s.nx = nx;
        s.ny = ny;
        s.cellSize = 0.05f;
        return s;
    }
    template <class Solver, class Quantity>
    Texels publish(Solver& solver, Quantity quantity, VkFormat format, uint32_t w, uint32_t h, uint32_t d = 1,
                   const ImageMapping& mapping = {}) {
        EngineImage image(context(), format, w, h, d, d > 1);
        FieldImage published(context(), solver, quantity, copyTarget(image), mapping);
        return image.frame([&](VkCommandBuffer cmd) { published.record(cmd, solver); });
    }
};

// The face means at cell centres of a 2D MAC velocity.
struct Faces2D {
    std::vector<float> u, v;
    uint32_t nx, ny;
    double uAt(int i, int j) const { return u[size_t(i) + size_t(nx + 1) * j]; }
    double vAt(int i, int j) const { return v[size_t(i) + size_t(nx) * j]; }
    double centreU(int i, int j) const { return 0.5 * (uAt(i, j) + uAt(i + 1, j)); }
    double centreV(int i, int j) const { return 0.5 * (vAt(i, j) + vAt(i, j + 1)); }
    // Circulation per area around node (a, b): the faces on either side, the nearest inside where
    // the grid ends.
    double nodeCurl(int a, int b, double h) const {
        const int left = std::clamp(a - 1, 0, int(nx) - 1), right = std::clamp(a, 0, int(nx) - 1);
        const int below = std::clamp(b - 1, 0, int(ny) - 1), above = std::clamp(b, 0, int(ny) - 1);
        return ((vAt(right, b) - vAt(left, b)) - (uAt(a, above) - uAt(a, below))) / h;
    }
};

TEST_F(FieldImageTest, EveryFormatHoldsTheDensity) {
    SmokeSolver solver(context(), smokeSettings());
    const std::vector<float> density = randomValues(size_t(nx) * ny, 0.0f, 1.0f, 11);
    solver.upload(SmokeField::Density, density);
    std::vector<Rgba> expected;
    for (float d : density) expected.push_back(scalar(d));
    for (VkFormat format : kFormats) {
        SCOPED_TRACE(testing::Message() << "format " << int(format));
        expectTexels(publish(solver, SmokeImage::Density, format, nx, ny), expected, format, "Density");
    }
}

TEST_F(FieldImageTest, VelocitySpeedAndVorticityComeFromTheFaces) {
    SmokeSettings s = smokeSettings();
    SmokeSolver solver(context(), s);
    Faces2D faces{randomValues(size_t(nx + 1) * ny, -2.0f, 2.0f, 21), randomValues(size_t(nx) * (ny + 1), -2.0f, 2.0f, 22), nx, ny};
    solver.upload(SmokeField::VelocityX, faces.u);
    solver.upload(SmokeField::VelocityY, faces.v);
    std::vector<Rgba> velocity, speed, vorticity;
    for (int j = 0; j < int(ny); ++j)
        for (int i = 0; i < int(nx); ++i) {
            const double u = faces.centreU(i, j), v = faces.centreV(i, j);
            velocity.push_back({u, v, 0.0, 1.0});
            speed.push_back(scalar(std::hypot(u, v)));
            const double h = s.cellSize;
            vorticity.push_back(scalar(0.25 * (faces.nodeCurl(i, j, h) + faces.nodeCurl(i + 1, j, h) +
                                               faces.nodeCurl(i, j + 1, h) + faces.nodeCurl(i + 1, j + 1, h))));
        }
    const VkFormat rgba = VK_FORMAT_R32G32B32A32_SFLOAT, r = VK_FORMAT_R32_SFLOAT;
    expectTexels(publish(solver, SmokeImage::Velocity, rgba, nx, ny), velocity, rgba, "Velocity");
    expectTexels(publish(solver, SmokeImage::Speed, r, nx, ny), speed, r, "Speed");
    // The curl divides differences of ~1 by h = 0.05: its float rounding grows by 1/h.
    Texels curl = publish(solver, SmokeImage::Vorticity, r, nx, ny);
    for (size_t t = 0; t < curl.size(); ++t) EXPECT_NEAR(curl[t][0], vorticity[t][0], 2e-5 * (1.0 + std::abs(vorticity[t][0]))) << t;
}

// The premultiplied dye composited over a background on the CPU equals the blend of the
// definition: rgb = max(dye * scale, 0), alpha = min(1, max(r, g, b)), out = rgb + (1 - alpha) B.
TEST_F(FieldImageTest, PremultipliedDyeOverABackgroundEqualsTheBlend) {
    for (DyeStorage storage : {DyeStorage::Float32, DyeStorage::Float16}) {
        SCOPED_TRACE(storage == DyeStorage::Float16 ? "Float16 dye" : "Float32 dye");
        SmokeSettings s = smokeSettings();
        s.dyeStorage = storage;
        s.dyeNx = 2 * nx;  // the dye's own grid
        s.dyeNy = 2 * ny;
        SmokeSolver solver(context(), s);
        const std::vector<float> dye = randomValues(size_t(4) * s.dyeNx * s.dyeNy, -0.2f, 1.2f, 31);
        solver.upload(SmokeField::Dye, dye);
        const std::vector<float> held = solver.download(SmokeField::Dye);  // as stored (halves rounded)
        ImageMapping mapping;
        mapping.scale = {1.5f, 1.5f, 1.5f, 1.0f};
        const std::array<double, 3> background{0.2, 0.5, 0.8};
        for (VkFormat format : {VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R8G8B8A8_UNORM}) {
            const Texels texels = publish(solver, SmokeImage::Dye, format, s.dyeNx, s.dyeNy, 1, mapping);
            std::vector<Rgba> premultiplied;
            for (size_t t = 0; t < texels.size(); ++t) {
                Rgba p{};
                for (int c = 0; c < 3; ++c) p[c] = std::max(0.0, double(held[4 * t + c]) * 1.5);
                p[3] = std::min(1.0, std::max({p[0], p[1], p[2]}));
                premultiplied.push_back(p);
                for (int c = 0; c < 3; ++c) {
                    const double want = stored(format, p[c]) + (1.0 - p[3]) * background[c];
                    const double got = texels[t][c] + (1.0 - texels[t][3]) * background[c];
                    // The colour's error plus the background's share of the alpha's.
                    const double bound = tolerance(format, p[c]) + background[c] * tolerance(format, p[3]);
                    ASSERT_NEAR(got, want, bound) << "texel " << t << " channel " << c;
                }
            }
            expectTexels(texels, premultiplied, format, "Dye");
        }
    }
}

// Scale and offset per channel, and a colour map over a range, against the map's own entries.
TEST_F(FieldImageTest, ScaleOffsetAndColourMap) {
    SmokeSolver solver(context(), smokeSettings());
    const std::vector<float> temperature = randomValues(size_t(nx) * ny, 250.0f, 420.0f, 41);
    solver.upload(SmokeField::Temperature, temperature);

    ImageMapping affine;
    affine.scale = {0.5f, 2.0f, -1.0f, 1.0f};
    affine.offset = {-100.0f, 3.0f, 400.0f, 0.25f};
    std::vector<Rgba> expected;
    for (float t : temperature) expected.push_back({t * 0.5 - 100.0, t * 2.0 + 3.0, 400.0 - t, 1.25});
    const VkFormat rgba = VK_FORMAT_R32G32B32A32_SFLOAT;
    expectTexels(publish(solver, SmokeImage::Temperature, rgba, nx, ny, 1, affine), expected, rgba, "affine");

    ImageMapping mapped;
    mapped.colourMap = colourMap(ColourMapPreset::Heat);
    mapped.rangeMin = 280.0f;
    mapped.rangeMax = 380.0f;
    const auto& map = mapped.colourMap;
    expected.clear();
    for (float t : temperature) {
        const double x = std::clamp((t - 280.0) / 100.0, 0.0, 1.0) * double(map.size() - 1);
        const size_t below = std::min(size_t(x), map.size() - 2);
        const double f = x - double(below);
        Rgba c{};
        for (int k = 0; k < 4; ++k) c[k] = map[below][k] + (map[below + 1][k] - map[below][k]) * f;
        expected.push_back(c);
    }
    for (VkFormat format : {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32G32B32A32_SFLOAT})
        expectTexels(publish(solver, SmokeImage::Temperature, format, nx, ny, 1, mapped), expected, format, "Heat map");
}

// After each step the pass reads the solver's current ping-pong buffers.
TEST_F(FieldImageTest, EachStepPublishesTheCurrentBuffers) {
    SmokeSettings s = smokeSettings();
    SmokeSolver solver(context(), s);
    solver.upload(SmokeField::Density, randomValues(size_t(nx) * ny, 0.0f, 1.0f, 51));
    solver.upload(SmokeField::VelocityX, randomValues(size_t(nx + 1) * ny, -0.3f, 0.3f, 52));
    const VkFormat r = VK_FORMAT_R32_SFLOAT;
    EngineImage image(context(), r, nx, ny);
    FieldImage published(context(), solver, SmokeImage::Density, copyTarget(image));
    for (int frame = 0; frame < 3; ++frame) {
        const Texels texels = image.frame([&](VkCommandBuffer cmd) {
            solver.record(cmd, 0.02f);
            published.record(cmd, solver);
        });
        const std::vector<float> density = solver.download(SmokeField::Density);
        std::vector<Rgba> expected;
        for (float d : density) expected.push_back(scalar(d));
        expectTexels(texels, expected, r, "frame " + std::to_string(frame));
    }
}

// Every 3D quantity against the solver's own values (downloaded: with 16-bit flow storage, the
// halves it stored, which the pass reads and converts as download() does).
void FieldImageTest::checkThreeDimensionalFields(FlowStorage storage) {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.1f;
    s.colour = true;
    s.flowStorage = storage;
    SmokeSolver3D solver(context(), s);
    const size_t cells = size_t(s.nx) * s.ny * s.nz;
    solver.upload(SmokeField3D::Density, randomValues(cells, 0.0f, 2.0f, 61));
    solver.upload(SmokeField3D::Temperature, randomValues(cells, 250.0f, 900.0f, 62));
    solver.upload(SmokeField3D::Colour, randomValues(4 * cells, 0.0f, 1.0f, 63));
    solver.upload(SmokeField3D::VelocityX, randomValues(size_t(s.nx + 1) * s.ny * s.nz, -1.0f, 1.0f, 64));
    solver.upload(SmokeField3D::VelocityY, randomValues(size_t(s.nx) * (s.ny + 1) * s.nz, -1.0f, 1.0f, 65));
    solver.upload(SmokeField3D::VelocityZ, randomValues(size_t(s.nx) * s.ny * (s.nz + 1), -1.0f, 1.0f, 66));
    const std::vector<float> density = solver.download(SmokeField3D::Density);
    const std::vector<float> temperature = solver.download(SmokeField3D::Temperature);
    const std::vector<float> colour = solver.download(SmokeField3D::Colour);
    const std::vector<float> u = solver.download(SmokeField3D::VelocityX);
    const std::vector<float> v = solver.download(SmokeField3D::VelocityY);
    const std::vector<float> w = solver.download(SmokeField3D::VelocityZ);

    std::vector<Rgba> expectDensity, expectTemperature, expectFlame, expectColour, expectVelocity, expectSpeed;
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const size_t c = i + size_t(s.nx) * (j + size_t(s.ny) * k);
                expectDensity.push_back(scalar(density[c]));
                expectTemperature.push_back(scalar(temperature[c]));
                expectFlame.push_back(scalar(std::max(0.0, double(temperature[c]) - double(s.ambientTemperature))));
                expectColour.push_back({colour[4 * c], colour[4 * c + 1], colour[4 * c + 2], colour[4 * c + 3]});
                const double uc = 0.5 * (double(u[i + (s.nx + 1) * (j + size_t(s.ny) * k)]) + u[i + 1 + (s.nx + 1) * (j + size_t(s.ny) * k)]);
                const double vc = 0.5 * (double(v[i + s.nx * (j + size_t(s.ny + 1) * k)]) + v[i + s.nx * (j + 1 + size_t(s.ny + 1) * k)]);
                const double wc = 0.5 * (double(w[i + s.nx * (j + size_t(s.ny) * k)]) + w[i + s.nx * (j + size_t(s.ny) * (k + 1))]);
                expectVelocity.push_back({uc, vc, wc, 1.0});
                expectSpeed.push_back(scalar(std::sqrt(uc * uc + vc * vc + wc * wc)));
            }
    auto run = [&](Smoke3DImage quantity, VkFormat format, const std::vector<Rgba>& expected, const char* what) {
        expectTexels(publish(solver, quantity, format, s.nx, s.ny, s.nz), expected, format, what);
    };
    run(Smoke3DImage::Density, VK_FORMAT_R32_SFLOAT, expectDensity, "Density");
    run(Smoke3DImage::Flame, VK_FORMAT_R16_SFLOAT, expectFlame, "Flame");
    run(Smoke3DImage::Colour, VK_FORMAT_R8G8B8A8_UNORM, expectColour, "Colour");
    run(Smoke3DImage::Velocity, VK_FORMAT_R32G32B32A32_SFLOAT, expectVelocity, "Velocity");
    run(Smoke3DImage::Speed, VK_FORMAT_R16G16B16A16_SFLOAT, expectSpeed, "Speed");
    run(Smoke3DImage::Temperature, VK_FORMAT_R32_SFLOAT, expectTemperature, "Temperature");
}

TEST_F(FieldImageTest, ThreeDimensionalFields) { checkThreeDimensionalFields(FlowStorage::Float32); }

// The same from 16-bit flow storage (SmokeSettings3D::flowStorage): the pass reads the halves as
// words and adds the temperature's origin.
TEST_F(FieldImageTest, ThreeDimensionalFieldsStoredInHalves) {
    if (!context()->supports16BitStorage()) GTEST_SKIP() << "the device has no 16-bit storage buffers";
    checkThreeDimensionalFields(FlowStorage::Float16);
}

TEST_F(FieldImageTest, WaterDepthSurfaceAndVelocity) {
    WaterSettings s;
    s.nx = nx;
    s.ny = ny;
    WaterSolver solver(context(), s);
    const std::vector<float> terrain = randomValues(size_t(nx) * ny, 0.0f, 0.5f, 71);
    const std::vector<float> depth = randomValues(size_t(nx) * ny, 0.5f, 1.5f, 72);
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    solver.step(0.05f);
    const std::vector<float> nowDepth = solver.download(WaterField::Depth);
    const std::vector<float> velocity = solver.download(WaterField::Velocity);
    std::vector<Rgba> surface, flow;
    for (size_t c = 0; c < nowDepth.size(); ++c) {
        surface.push_back(scalar(double(terrain[c]) + nowDepth[c]));
        flow.push_back({velocity[2 * c], velocity[2 * c + 1], 0.0, 1.0});
    }
    const VkFormat r = VK_FORMAT_R32_SFLOAT, rgba = VK_FORMAT_R32G32B32A32_SFLOAT;
    expectTexels(publish(solver, WaterImage::SurfaceHeight, r, nx, ny), surface, r, "SurfaceHeight");
    expectTexels(publish(solver, WaterImage::Velocity, rgba, nx, ny), flow, rgba, "Velocity");
    // The suspended sediment is published as it is stored (an upload stands in for the erosion).
    const std::vector<float> sediment = randomValues(size_t(nx) * ny, 0.0f, 0.1f, 73);
    solver.upload(WaterField::Sediment, sediment);
    std::vector<Rgba> expectSediment;
    for (float value : sediment) expectSediment.push_back(scalar(value));
    expectTexels(publish(solver, WaterImage::Sediment, r, nx, ny), expectSediment, r, "Sediment");
}

// An engine that replaces its solver (a new scene) hands the FieldImage a new one of the same kind
// and size once the old one is gone: every publish shows the new solver's field, however many
// solvers came before and whatever handles the driver gave their buffers.
TEST_F(FieldImageTest, ASolverTakingAnothersPlaceIsPublished) {
    EngineImage image(context(), VK_FORMAT_R32_SFLOAT, nx, ny);
    std::unique_ptr<FieldImage> published;
    constexpr int kSolvers = 10;  // more than a set per combination of one solver's buffers would hold (8)
    for (int round = 0; round < kSolvers; ++round) {
        SCOPED_TRACE(round);
        SmokeSolver solver(context(), smokeSettings());
        const std::vector<float> density = randomValues(size_t(nx) * ny, 0.0f, 1.0f, 100 + round);
        solver.upload(SmokeField::Density, density);
        if (!published) published = std::make_unique<FieldImage>(context(), solver, SmokeImage::Density, copyTarget(image));
        published->expectLayout(VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_TRANSFER_BIT, 0);
        const Texels texels = image.frame([&](VkCommandBuffer cmd) { published->record(cmd, solver); });
        std::vector<Rgba> expected;
        for (float d : density) expected.push_back(scalar(d));
        expectTexels(texels, expected, VK_FORMAT_R32_SFLOAT, "Density");
    }
}

// A solver made on another Context is refused by name, at creation and when recording.
TEST_F(FieldImageTest, RefusesASolverOfAnotherContext) {
    std::shared_ptr<Context> other = Context::createStandalone();
    SmokeSolver foreign(other, smokeSettings());
    SmokeSolver solver(context(), smokeSettings());
    EngineImage image(context(), VK_FORMAT_R32_SFLOAT, nx, ny);
    const ImageTarget target = copyTarget(image);
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), foreign, SmokeImage::Density, target); }), "FieldImage: solver");
    FieldImage published(context(), solver, SmokeImage::Density, target);
    image.submit([&](VkCommandBuffer cmd) {
        EXPECT_EQ(fieldOf([&] { published.record(cmd, foreign); }), "FieldImage::record: solver");
    });
    SmokeSettings3D s3;
    s3.nx = s3.ny = s3.nz = 8;
    SmokeSolver3D foreign3(other, s3);
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), foreign3, Smoke3DImage::Density, target); }), "FieldImage: solver");
    WaterSettings w;
    w.nx = nx;
    w.ny = ny;
    WaterSolver foreignWater(other, w);
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), foreignWater, WaterImage::Depth, target); }), "FieldImage: solver");
}

// The mapping's bounds: at each bound accepted, beyond refused naming the field; and a value
// whose mapping leaves a format's range is written as the format's largest value, never Inf.
TEST_F(FieldImageTest, MappingBoundsAreCheckedAndOverflowIsClamped) {
    SmokeSolver solver(context(), smokeSettings());
    EngineImage image(context(), VK_FORMAT_R32_SFLOAT, nx, ny);
    const ImageTarget good = copyTarget(image);
    auto make = [&](const ImageMapping& mapping) {
        return fieldOf([&] { FieldImage f(context(), solver, SmokeImage::Density, good, mapping); });
    };
    const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
    for (const float v : {1e12f, -1e12f, 0.0f, 1e-30f}) {
        ImageMapping m;
        m.scale[1] = v;
        m.offset[2] = v;
        EXPECT_EQ(make(m), "(no error)") << v;
    }
    for (const float v : {1.01e12f, -1.01e12f, 3e38f, inf, nan}) {
        ImageMapping m;
        m.scale[3] = v;
        EXPECT_EQ(make(m), "ImageMapping::scale") << v;
        m = {};
        m.offset[0] = v;
        EXPECT_EQ(make(m), "ImageMapping::offset") << v;
        m = {};
        m.rangeMin = -std::abs(v);
        EXPECT_EQ(make(m), "ImageMapping::rangeMin") << v;
        m = {};
        m.rangeMax = std::abs(v);
        EXPECT_EQ(make(m), "ImageMapping::rangeMax") << v;
        m = {};
        m.colourMap = {{0, 0, 0, 1}, {v, 0, 0, 1}};
        EXPECT_EQ(make(m), "ImageMapping::colourMap") << v;
    }
    // The range: the widest, and the narrowest in absolute and relative terms.
    ImageMapping m;
    m.rangeMin = -1e12f;
    m.rangeMax = 1e12f;
    EXPECT_EQ(make(m), "(no error)");
    m.rangeMin = 0.0f;
    m.rangeMax = 1e-30f;
    EXPECT_EQ(make(m), "(no error)");
    m.rangeMax = 0.99e-30f;
    EXPECT_EQ(make(m), "ImageMapping::rangeMin");
    m.rangeMin = 1000.0f;
    m.rangeMax = 1000.0011f;  // 1e-6 of the ends is 0.001: the float nearest is 1000.0011 (steps of 2^-14)
    EXPECT_EQ(make(m), "(no error)");
    m.rangeMax = 1000.0009f;
    EXPECT_EQ(make(m), "ImageMapping::rangeMin");
    m.rangeMin = 2.0f;
    m.rangeMax = 1.0f;
    EXPECT_EQ(make(m), "ImageMapping::rangeMin");
    m = {};
    m.colourMap = {{-1e12f, 0, 0, 1}, {1e12f, 1e12f, 1e12f, 1}};
    EXPECT_EQ(make(m), "(no error)");

    // The largest density an upload takes (1e6) times the largest scale is 1e18: past the half
    // formats' range, stored as their largest finite value of that sign (65504); the float
    // formats hold it.
    std::vector<float> density(size_t(nx) * ny, 1e6f);
    for (size_t c = 0; c < density.size(); c += 2) density[c] = -1e6f;
    solver.upload(SmokeField::Density, density);
    ImageMapping huge;
    huge.scale = {1e12f, 1e12f, 1e12f, 1e12f};
    for (const VkFormat format : {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R32_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT,
                                  VK_FORMAT_R32G32B32A32_SFLOAT}) {
        SCOPED_TRACE(testing::Message() << "format " << int(format));
        const bool half = format == VK_FORMAT_R16_SFLOAT || format == VK_FORMAT_R16G16B16A16_SFLOAT;
        const double largest = half ? 65504.0 : double(std::numeric_limits<float>::max());
        const Texels texels = publish(solver, SmokeImage::Density, format, nx, ny, 1, huge);
        std::vector<Rgba> expected;
        for (float d : density) {
            const double v = std::clamp(double(d) * 1e12, -largest, largest);
            expected.push_back({v, v, v, std::min(1e12, largest)});  // the scalar's alpha of 1, times 1e12
        }
        expectTexels(texels, expected, format, "Density x 1e12");
    }
}

// A format outside the six is named in the message as Vulkan spells it.
TEST_F(FieldImageTest, NamesTheFormatItRefuses) {
    SmokeSolver solver(context(), smokeSettings());
    EngineImage image(context(), VK_FORMAT_R32_SFLOAT, nx, ny);
    ImageTarget target = copyTarget(image);
    target.format = VK_FORMAT_R8G8B8A8_SRGB;
    try {
        FieldImage f(context(), solver, SmokeImage::Density, target);
        ADD_FAILURE() << "accepted VK_FORMAT_R8G8B8A8_SRGB";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "ImageTarget::format");
        EXPECT_NE(std::string(e.what()).find("VK_FORMAT_R8G8B8A8_SRGB is not one of VK_FORMAT_R8_UNORM, VK_FORMAT_R16_SFLOAT, "
                                             "VK_FORMAT_R32_SFLOAT, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT, "
                                             "VK_FORMAT_R32G32B32A32_SFLOAT"),
                  std::string::npos)
            << e.what();
    }
}

TEST_F(FieldImageTest, BadTargetsMappingsAndCallsAreRefused) {
    SmokeSolver solver(context(), smokeSettings());
    EngineImage image(context(), VK_FORMAT_R32_SFLOAT, nx, ny);
    const ImageTarget good = copyTarget(image);
    auto make = [&](ImageTarget target, ImageMapping mapping = {}) {
        return fieldOf([&] { FieldImage f(context(), solver, SmokeImage::Density, target, mapping); });
    };
    ImageTarget t = good;
    t.view = VK_NULL_HANDLE;
    EXPECT_EQ(make(t), "ImageTarget::view");
    t = good;
    t.format = VK_FORMAT_B8G8R8A8_UNORM;
    EXPECT_EQ(make(t), "ImageTarget::format");
    t = good;
    t.extent = {nx + 1, ny, 1};
    EXPECT_EQ(make(t), "ImageTarget::extent");
    t = good;
    t.extent = {nx, ny, 2};
    EXPECT_EQ(make(t), "ImageTarget::extent");
    ImageMapping m;
    m.scale[2] = std::nanf("");
    EXPECT_EQ(make(good, m), "ImageMapping::scale");
    m = {};
    m.rangeMin = 2.0f;
    m.rangeMax = 1.0f;
    EXPECT_EQ(make(good, m), "ImageMapping::rangeMin");
    m = {};
    m.colourMap = {{1, 0, 0, 1}};
    EXPECT_EQ(make(good, m), "ImageMapping::colourMap");
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), solver, SmokeImage(99), good); }), "FieldImage: quantity");

    // A 3D quantity without its field, a 2D extent for a 3D quantity.
    SmokeSettings3D s3;
    s3.nx = s3.ny = s3.nz = 8;
    SmokeSolver3D solver3(context(), s3);
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), solver3, Smoke3DImage::Colour, good); }), "FieldImage: quantity");
    EXPECT_EQ(fieldOf([&] { FieldImage f(context(), solver3, Smoke3DImage::Density, good); }), "ImageTarget::extent");

    // Recording with a solver of another kind or size, or a moved-from FieldImage.
    FieldImage published(context(), solver, SmokeImage::Density, good);
    SmokeSettings other = smokeSettings();
    other.nx = nx + 2;
    SmokeSolver wider(context(), other);
    image.submit([&](VkCommandBuffer cmd) {
        EXPECT_EQ(fieldOf([&] { published.record(cmd, solver3); }), "FieldImage::record: solver");
        EXPECT_EQ(fieldOf([&] { published.record(cmd, wider); }), "FieldImage::record: solver");
        FieldImage taken = std::move(published);
        EXPECT_THROW(published.record(cmd, solver), Error);
    });
    m = {};
    m.colourMap = colourMap(ColourMapPreset::Greyscale);
    EXPECT_THROW(published.setMapping(m), Error);
}

} // namespace
} // namespace billow::test
