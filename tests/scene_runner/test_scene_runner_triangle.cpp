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
#include "common/pictures.hpp"
#include "scene_runner/scene_runner_test_support.hpp"
#include "scene_loader.hpp"
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

namespace {

std::vector<nlohmann::json> readMetricsLines(const std::string& path) {
    std::vector<nlohmann::json> lines;
    std::ifstream text(path);
    for (std::string line; std::getline(text, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

} // namespace

// The bundled triangle scene draws: the pictures have the triangle domain's aspect
// ((nx + 0.5) h by ny h sqrt(3)/2, not nx by ny), show water (blue) over terrain (not blue), and
// the flowZ field has the layout's shape.
TEST(WaterTriangleScenes, TriangleSceneDraws) {
    const std::string dir = outputDir("triangle_draws");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) + "/triangle_dam_break.json --size 32 --steps 4 --fields-every 4 "
                                                                "--animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const Picture p = readPicture(dir + "/water/0000.png");
    ASSERT_GT(p.width, 0u);
    // The automatic size: 512 pixels on the long side (the raster is 130 x 111 pixels).
    EXPECT_EQ(p.width, 512u);
    // (The legend rows below a picture: the water view has none.)
    EXPECT_NEAR(double(p.width) / p.height, 32.5 / (32 * std::sqrt(3.0) / 2), 0.02);
    size_t water = 0, ground = 0;
    for (size_t k = 0; k < size_t(p.width) * p.height; ++k) {
        const int red = p.rgb[k * 3], blue = p.rgb[k * 3 + 2];
        (blue > red + 40 ? water : ground) += 1;
    }
    // The column covers a disc of 12 m radius in a 100 m x 87 m domain: about 5 % of the picture.
    const double share = double(water) / (water + ground);
    EXPECT_GT(share, 0.03);
    EXPECT_LT(share, 0.12);
    EXPECT_EQ(readNpy(dir + "/fields/flowZ_000004.npy").shape, (std::vector<uint64_t>{33, 33}));
    EXPECT_EQ(readNpy(dir + "/fields/flowY_000004.npy").shape, (std::vector<uint64_t>{33, 33}));
    EXPECT_EQ(readNpy(dir + "/fields/flowX_000004.npy").shape, (std::vector<uint64_t>{32, 33}));
}

// The metrics' side flows on triangles count every boundary edge of the lattice (three arrays,
// up to three edges per side vertex): with one substep per step the boundary edges hold exactly
// the flows that moved water in that step, so sum(dt * (in - out)) over steps 2..N equals
// V(N) - V(1). Float32 rounding of each depth update is at most 2^-23 * maxDepth per vertex
// and step.
TEST(WaterTriangleScenes, SideFlowsCloseTheWaterBalance) {
    const std::string dir = outputDir("triangle_balance");
    fs::create_directories(dir);
    std::ofstream(dir + "/scene.json") << R"({
      "solver": "water", "grid": { "nx": 24, "ny": 20, "cellSize": 1 },
      "settings": { "lattice": "triangle" },
      "boundaries": { "left": { "type": "inflow", "flow": 0.2 }, "right": { "type": "outflow", "drop": 0.2 },
                      "openings": [ { "side": "top", "from": 4, "to": 10, "type": "outflow" } ] },
      "terrain": { "features": [ { "type": "waves", "amplitude": 0.1, "wavelength": [7, 9] } ] },
      "initial": { "fills": [ { "level": 0.5 } ] },
      "time": { "dt": 0.1, "steps": 40 },
      "output": { "pictures": { "every": 0 }, "animation": { "format": "none" }, "metrics": { "every": 1 } }
    })";
    const Result r = runRunner(dir + "/scene.json --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const auto metrics = readMetricsLines(dir + "/out/metrics.jsonl");
    ASSERT_EQ(metrics.size(), 40u);
    double net = 0.0, maxDepth = 0.0, inflow = 0.0, outflow = 0.0;
    for (size_t k = 0; k < metrics.size(); ++k) {
        ASSERT_EQ(metrics[k]["substeps"].get<int>(), 1);
        maxDepth = std::max(maxDepth, metrics[k]["maxDepth"].get<double>());
        if (k == 0) continue;
        inflow += metrics[k]["boundaryInflow"].get<double>();
        outflow += metrics[k]["boundaryOutflow"].get<double>();
        net += 0.1 * (metrics[k]["boundaryInflow"].get<double>() - metrics[k]["boundaryOutflow"].get<double>());
    }
    EXPECT_GT(inflow, 0.0);
    EXPECT_GT(outflow, 0.0);
    const double gain = metrics.back()["totalWater"].get<double>() - metrics.front()["totalWater"].get<double>();
    const double tolerance = 40.0 * 24 * 20 * std::sqrt(3.0) / 2 * maxDepth * std::ldexp(1.0, -23);
    EXPECT_NEAR(net, gain, tolerance) << "tolerance " << tolerance << " m^3";
    RecordProperty("balance_error_m3", std::to_string(net - gain));
}

// A .npy terrain of the grid's shape gives one value per vertex (a terrain dump loads back
// exactly).
TEST(WaterTriangleScenes, NpyTerrainOfTheGridsShapeLoadsExactly) {
    const std::string dir = outputDir("triangle_npy");
    fs::create_directories(dir);
    std::vector<float> heights(14 * 9);
    for (size_t c = 0; c < heights.size(); ++c) heights[c] = 0.25f * float((c * 7) % 11);
    writeNpy(dir + "/terrain.npy", {9, 14}, heights);
    std::ofstream(dir + "/scene.json") << R"({ "solver": "water", "grid": { "nx": 14, "ny": 9, "cellSize": 2 },
      "settings": { "lattice": "triangle" }, "terrain": { "npy": "terrain.npy" }, "time": { "steps": 0 },
      "output": { "pictures": { "every": 0 }, "animation": { "format": "none" }, "metrics": false } })";
    const WaterScene scene = std::get<WaterScene>(loadScene(dir + "/scene.json", LoadOptions{}));
    ASSERT_EQ(scene.terrain.size(), heights.size());
    for (size_t c = 0; c < heights.size(); ++c) EXPECT_EQ(scene.terrain[c], heights[c]) << c;
}
