// Water scenes on the Triangle lattice (settings.lattice "triangle") in the scene runner: the
// vertices' positions, the raster the pictures are drawn on (each triangle filled from its three
// vertices), the flows through the sides, and a triangle scene drawn end to end on lavapipe.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/file_io.hpp"
#include "scene_runner/scene_runner_test_support.hpp"
#include "water/water_lattice.hpp"

namespace fs = std::filesystem;
using namespace billow;
using namespace billow::scene;
using namespace billow::scene_test;

namespace {

WaterSettings triangles(uint32_t nx, uint32_t ny, float h) {
    WaterSettings s;
    s.nx = nx;
    s.ny = ny;
    s.cellSize = h;
    s.lattice = WaterLattice::Triangle;
    return s;
}

} // namespace

// The vertices stand where billow::WaterLattice puts them, every vertex's six nearest vertices
// are exactly h away, and the columns' hexagons tile the domain: nx ny sqrt(3)/2 h^2 =
// (nx + 0.5) h * ny h sqrt(3)/2 less the half columns the odd rows' shift leaves at the left
// and right ends (nx ny columns of area sqrt(3)/2 h^2 each).
TEST(WaterTriangleLattice, VerticesStandOnTheLattice) {
    const WaterSettings s = triangles(37, 23, 0.7f);
    const double h = 0.7, pitch = 0.7 * std::sqrt(3.0) / 2.0;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const Vec2 p = columnCentre(s, i, j);
            EXPECT_NEAR(p[0], (i + 0.5 + 0.5 * (j % 2)) * h, 1e-5);
            EXPECT_NEAR(p[1], (j + 0.5) * pitch, 1e-5);
            const auto nearest = nearestColumn(s, p);
            EXPECT_EQ(nearest[0], i);
            EXPECT_EQ(nearest[1], j);
        }
    // (i, j)'s neighbours through flowY / flowZ: (i - 1 + p, j - 1) and (i + p, j - 1).
    for (uint32_t j = 1; j < s.ny; ++j) {
        const uint32_t p = j % 2, i = 10;
        const Vec2 a = columnCentre(s, i, j), ll = columnCentre(s, i - 1 + p, j - 1), lr = columnCentre(s, i + p, j - 1);
        EXPECT_NEAR(std::hypot(a[0] - ll[0], a[1] - ll[1]), h, 1e-5);
        EXPECT_NEAR(std::hypot(a[0] - lr[0], a[1] - lr[1]), h, 1e-5);
    }
    EXPECT_NEAR(columnArea(s), std::sqrt(3.0) / 2.0 * h * h, 1e-7);
    EXPECT_NEAR(domainSize(s)[0], 37.5 * h, 1e-5);
    EXPECT_NEAR(domainSize(s)[1], 23 * pitch, 1e-5);
}

// Barycentric interpolation reproduces a linear function exactly inside the lattice's hull
// (only float rounding: |f| <= 60 here, so 1e-4 is about 2^-19 relative), and every pixel's
// weights are a convex combination (each in [0, 1]: a constant comes back as itself).
TEST(WaterTriangleLattice, RasterFillsEachTriangleFromItsThreeVertices) {
    for (uint32_t ny : {23u, 24u}) {
        SCOPED_TRACE(ny);
        const WaterSettings s = triangles(37, ny, 1.3f);
        std::vector<float> linear(size_t(s.nx) * s.ny), ones(linear.size(), 1.0f);
        auto f = [](double x, double y) { return 0.7 * x - 1.1 * y + 3.0; };
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const Vec2 p = columnCentre(s, i, j);
                linear[i + j * s.nx] = static_cast<float>(f(p[0], p[1]));
            }
        const TriangleRaster raster(s);
        EXPECT_EQ(raster.width(), TriangleRaster::sizeFor(s)[0]);
        EXPECT_EQ(raster.height(), TriangleRaster::sizeFor(s)[1]);
        const std::vector<float> out = raster.resample(linear), constant = raster.resample(ones);
        const double pitch = 1.3 * std::sqrt(3.0) / 2.0;
        size_t inside = 0;
        for (uint32_t b = 0; b < raster.height(); ++b)
            for (uint32_t a = 0; a < raster.width(); ++a) {
                const double x = (a + 0.5) * raster.pixelSize(), y = (b + 0.5) * raster.pixelSize();
                ASSERT_NEAR(constant[a + b * raster.width()], 1.0, 1e-6);
                // Inside the hull: between the first and last rows, and at least a cell from the
                // left and right ends (the odd rows' shift makes the hull's sides zigzag).
                if (y < 0.5 * pitch || y > (s.ny - 0.5) * pitch || x < 1.3 || x > (s.nx - 0.5) * 1.3) continue;
                ++inside;
                ASSERT_NEAR(out[a + b * raster.width()], f(x, y), 1e-4) << a << ", " << b;
            }
        EXPECT_GT(inside, raster.width() * raster.height() / 2);
    }
}
