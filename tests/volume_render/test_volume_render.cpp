// The volume renderer (examples/volume_render) against the reference on a tiny volume: a sphere of
// constant density, rendered with no scattering, no emission and no background, so what reaches
// the camera through the volume is its transmittance exp(-sigma * integral of density).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "reference/volume_render/volume_reference.hpp"
#include "support/gpu_test.hpp"
#include "volume_renderer.hpp"

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

render::VolumeLook transmittanceOnly(double extinction) {
    render::VolumeLook look;
    look.extinction = static_cast<float>(extinction);
    look.albedo = 0.0f;
    look.fireIntensity = 0.0f;
    look.groundTile = 0.0f;
    look.drawSolids = false;
    return look;
}

class VolumeRenderTest : public GpuTest {};

TEST_F(VolumeRenderTest, SphereTransmittanceMatchesBeerLambert) {
    const SphereVolume sphere;
    const ref::CellField field = sphere.field();
    SmokeSettings3D s;
    s.nx = sphere.n[0];
    s.ny = sphere.n[1];
    s.nz = sphere.n[2];
    s.cellSize = static_cast<float>(sphere.cellSize);
    SmokeSolver3D solver(context(), s);
    solver.upload(SmokeField3D::Density, std::vector<float>(field.values.begin(), field.values.end()));

    // Optical depth 2 along the diameter: sigma rho0 2 R h = 2.
    const double extinction = 2.0 / (sphere.density * 2.0 * sphere.radius * sphere.cellSize);
    // The default step, and a fine one whose tolerance is tight enough to catch a 5 % error in
    // the optical depth.
    for (const float viewStep : {0.5f, 0.125f}) {
        SCOPED_TRACE(viewStep);
        render::VolumeLook look = transmittanceOnly(extinction);
        look.viewStep = viewStep;
        render::OrbitCamera camera;
        camera.yawDegrees = 23.0f;
        camera.pitchDegrees = 17.0f;
        camera.distance = 1.3f;
        const uint32_t width = 45, height = 37;
        render::VolumeRenderer renderer(*context(), width, height);
        renderer.render(solver, camera, look);
        const std::vector<float>& transmittance = renderer.transmittance();
        ASSERT_EQ(transmittance.size(), size_t(width) * height);

        const ref::Camera refCamera{camera.yawDegrees, camera.pitchDegrees, camera.distance, camera.fovDegrees, {0.5, 0.5, 0.5}};
        const double sigmaPerCell = extinction * sphere.cellSize;  // path lengths are in cells
        const double step = look.viewStep;                          // cells
        size_t hits = 0, central = 0;
        double worstCentral = 0.0;
        for (uint32_t y = 0; y < height; ++y)
            for (uint32_t x = 0; x < width; ++x) {
                const ref::Ray ray = ref::cameraRay(refCamera, sphere.n, width, height, x, y);
                const ref::LineIntegral line = ref::integrateAlong(field, ray, 64);
                const double gpuDepth = -std::log(std::max<double>(transmittance[x + y * width], 1e-30));
                // The GPU integrates the same trilinear interpolant by the midpoint rule with steps of
                // `step` cells. On each step the rule errs by at most step * (the interpolant's
                // oscillation on the step), and these oscillations sum to at most the total variation
                // along the ray, so |error| <= step * TV. Densities below the 1e-5 cutoff are skipped:
                // at most 1e-5 per cell of path (<= 40 cells). Float rounding of ~80 steps of exp and
                // products: below 1e-4 in optical depth.
                const double tolerance = sigmaPerCell * (step * line.totalVariation + 1e-5 * 40.0) + 1e-4;
                ASSERT_NEAR(gpuDepth, sigmaPerCell * line.integral, tolerance) << "pixel " << x << ", " << y;
                if (line.integral == 0.0) {
                    EXPECT_EQ(transmittance[x + y * width], 1.0f) << "pixel " << x << ", " << y;
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
                    EXPECT_NEAR(transmittance[x + y * width], expected, expected * (std::exp(depthTolerance) - 1.0))
                        << "pixel " << x << ", " << y << ": chord " << chord << " cells";
                }
            }
        EXPECT_GT(central, 20u);  // the sphere fills a good part of the picture
        EXPECT_GT(hits, 3 * central / 2);
        std::printf("step %.3f cells: %zu pixels through the sphere, %zu central; worst central optical-depth error %.4f (of %.2f)\n",
                    viewStep, hits, central, worstCentral, sigmaPerCell * sphere.density * 2.0 * sphere.radius);
    }
}

// Scattering and self-shadowing: lit from above, a dense column's top is brighter than its bottom
// half, and the ground under it is darker than the ground beside it (its shadow).
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
    render::VolumeLook look;
    look.lightDirection = {0.0f, 1.0f, 0.0f};
    look.extinction = 20.0f;  // optical depth 1 per cell of the column
    render::OrbitCamera camera;
    camera.yawDegrees = 0.0f;
    camera.pitchDegrees = 0.0f;
    camera.distance = 1.2f;
    render::VolumeRenderer renderer(*context(), 64, 48);
    const render::Rgba8Image image = renderer.render(solver, camera, look);
    auto luminance = [&](uint32_t x, uint32_t y) {
        const uint8_t* p = &image.rgba[(x + y * image.width) * 4];
        return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
    };
    // The column spans the middle of the picture; rows near its top and bottom.
    const std::vector<float>& t = renderer.transmittance();
    uint32_t top = image.height, bottom = 0;
    for (uint32_t y = 0; y < image.height; ++y)
        if (t[image.width / 2 + y * image.width] < 0.5f) {
            top = std::min(top, y);
            bottom = std::max(bottom, y);
        }
    ASSERT_LT(top + 4, bottom);
    EXPECT_GT(luminance(image.width / 2, top + 1), luminance(image.width / 2, bottom - 1) + 20.0);
}

TEST_F(VolumeRenderTest, RejectsBadCameraAndLook) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 8;
    SmokeSolver3D solver(context(), s);
    render::VolumeRenderer renderer(*context(), 8, 8);
    render::OrbitCamera camera;
    camera.pitchDegrees = 90.0f;
    try {
        renderer.render(solver, camera, {});
        FAIL() << "pitch 90 accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("camera.pitchDegrees"), std::string::npos) << e.what();
    }
    render::VolumeLook look;
    look.albedo = 1.5f;
    EXPECT_THROW(renderer.render(solver, {}, look), std::invalid_argument);
    EXPECT_THROW(render::VolumeRenderer(*context(), 0, 8), std::invalid_argument);
}

} // namespace
} // namespace billow::test
