// Water scenes ("solver": "water") in the scene runner: the bundled lake drains after its channel
// is dug and the water balance closes, terrain from a PNG heightmap and from .npy lands on the
// grid with the promised mapping, and events add exactly the volumes they promise. Runs on
// lavapipe at small sizes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/file_io.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using billow::scene::NpyArray;
using billow::scene::readNpy;
using namespace billow::scene_test;

namespace {

std::vector<nlohmann::json> readMetrics(const std::string& path) {
    std::vector<nlohmann::json> lines;
    std::istringstream text(readText(path));
    for (std::string line; std::getline(text, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

std::string fieldFile(const std::string& dir, const char* name, uint32_t step) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%06u.npy", step);
    return dir + "/fields/" + name + number;
}

// Water volume (m^3) within `radius` of (cx, cy) of a (ny, nx) depth array with cells of size h.
double volumeInDisc(const NpyArray& depth, double h, double cx, double cy, double radius) {
    double volume = 0.0;
    for (uint64_t j = 0; j < depth.shape[0]; ++j)
        for (uint64_t i = 0; i < depth.shape[1]; ++i)
            if (std::hypot((i + 0.5) * h - cx, (j + 0.5) * h - cy) <= radius) volume += depth.values[j * depth.shape[1] + i];
    return volume * h * h;
}

} // namespace

// lake_drain at 32 x 32 (4 m cells) for 120 s: the lake holds until the dig at 30 s, then loses a
// large part of its water; the volume that left through the sides equals the fall in total water.
TEST(WaterScenes, LakeDrainsAfterTheDigAndTheWaterBalanceCloses) {
    const std::string dir = outputDir("lake_drain");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) +
                               "/lake_drain.json --size 32 --seconds 120 --fields-every 50 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_TRUE(fs::exists(dir + "/water/0040.png"));

    // The lake (centre (35.8, 64) m, rim at 23 m) before the dig (step 100 = 30 s) and after.
    const double h = 4.0;
    auto lake = [&](uint32_t step) { return volumeInDisc(readNpy(fieldFile(dir, "depth", step)), h, 35.8, 64.0, 23.0); };
    const double start = lake(0), beforeDig = lake(100), end = lake(400);
    RecordProperty("lake_m3_start", std::to_string(start));
    RecordProperty("lake_m3_end", std::to_string(end));
    EXPECT_GT(start, 5000.0);
    EXPECT_NEAR(beforeDig, start, 0.01 * start) << "the lake must hold until the dig";
    // Measured at this size: about 6900 -> 4970 m^3 of all water, the lake alone loses more than
    // a third. Ask for a quarter.
    EXPECT_LT(end, beforeDig * 0.75) << "start " << start << " m^3, before the dig " << beforeDig << ", end " << end;
    // The channel is there: 5 m deep on its centre line (y = 64 m) with a 4 m reach; the nearest
    // cell centres (y = 62 and 66 m, at x = 70 m) lie half a reach off it and sink by 0.54 of that
    // (the integral of the cone across the line). Measured 2.68 m.
    const NpyArray t0 = readNpy(fieldFile(dir, "terrain", 0)), t1 = readNpy(fieldFile(dir, "terrain", 400));
    for (double y : {62.0, 66.0}) {
        const size_t cell = size_t(y / h) * 32 + size_t(70.0 / h);
        EXPECT_NEAR(t0.values[cell] - t1.values[cell], 2.68, 0.05) << "y = " << y;
    }

    // Balance: with one substep per step the boundary faces hold exactly the flows that moved
    // water in that step, so sum(dt * (out - in)) over steps 2..N = V(1) - V(N) (no events add
    // water). Float32 rounding of each depth update is at most 2^-23 * maxDepth per cell per step.
    const auto metrics = readMetrics(dir + "/metrics.jsonl");
    ASSERT_EQ(metrics.size(), 400u);
    double leftThroughSides = 0.0, maxDepth = 0.0;
    for (size_t k = 0; k < metrics.size(); ++k) {
        ASSERT_EQ(metrics[k]["substeps"].get<int>(), 1) << "step " << k + 1;
        maxDepth = std::max(maxDepth, metrics[k]["maxDepth"].get<double>());
        if (k > 0) leftThroughSides += 0.3 * (metrics[k]["boundaryOutflow"].get<double>() - metrics[k]["boundaryInflow"].get<double>());
    }
    const double fall = metrics.front()["totalWater"].get<double>() - metrics.back()["totalWater"].get<double>();
    const double tolerance = metrics.size() * 32.0 * 32.0 * h * h * maxDepth * std::ldexp(1.0, -23);
    EXPECT_GT(fall, 1000.0);
    EXPECT_NEAR(leftThroughSides, fall, tolerance) << "tolerance " << tolerance << " m^3";
    EXPECT_EQ(metrics.back()["addedWater"].get<double>(), 0.0);
    // The river: 0.4 m^2/s over the opening [96, 100] m of the top side, one 4 m face here.
    EXPECT_NEAR(metrics.back()["boundaryInflow"].get<double>(), 0.4 * 4.0, 1e-6);
}

// A 4 x 3 PNG on a 4 x 3 grid: each cell gets low + grey / 255 * (high - low); the picture's top
// row is the domain's top row.
TEST(WaterScenes, PngHeightmapMapsGreyLevelsToHeights) {
    const std::string dir = outputDir("heightmap");
    fs::create_directories(dir);
    const uint8_t grey[3][4] = {{0, 50, 100, 150}, {200, 250, 255, 10}, {20, 30, 40, 60}};  // rows from the top
    std::vector<uint8_t> rgb;
    for (const auto& row : grey)
        for (uint8_t g : row) rgb.insert(rgb.end(), {g, g, g});
    billow::scene::writePngRgb(dir + "/height.png", 4, 3, rgb);
    std::ofstream(dir + "/scene.json") << R"({
      "solver": "water", "grid": { "nx": 4, "ny": 3, "cellSize": 2 },
      "terrain": { "base": 1, "heightmap": { "image": "height.png", "low": -2, "high": 8 } },
      "time": { "steps": 0 },
      "output": { "pictures": { "every": 1, "views": ["water", "terrain"] }, "animation": { "format": "none" },
                  "metrics": false, "fields": { "names": ["terrain"] } }
    })";
    const Result r = runRunner(dir + "/scene.json --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const NpyArray t = readNpy(fieldFile(dir + "/out", "terrain", 0));
    ASSERT_EQ(t.shape, (std::vector<uint64_t>{3, 4}));
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 4; ++i)
            EXPECT_NEAR(t.values[j * 4 + i], 1.0 - 2.0 + grey[2 - j][i] / 255.0 * 10.0, 1e-5) << i << "," << j;
    EXPECT_TRUE(fs::exists(dir + "/out/terrain/0000.png"));
}

// A .npy terrain of the grid's shape lands one value per cell; a coarser one is stretched over the
// domain bilinearly (a linear ramp stays exact inside; edge cells take the edge values).
TEST(WaterScenes, NpyTerrainLoadsExactlyAndStretches) {
    const std::string dir = outputDir("npy_terrain");
    fs::create_directories(dir);
    std::vector<float> ramp(3 * 4);
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 4; ++i) ramp[j * 4 + i] = 3.0f * i + 10.0f * j + 0.25f;
    billow::scene::writeNpy(dir + "/ramp.npy", {3, 4}, ramp);
    for (int size : {4, 8}) {
        SCOPED_TRACE(size);
        const std::string scene = dir + "/scene" + std::to_string(size) + ".json";
        std::ofstream(scene) << R"({ "solver": "water", "grid": { "nx": 4, "ny": 3, "width": 4 },
          "terrain": { "npy": "ramp.npy" }, "time": { "steps": 0 },
          "output": { "pictures": { "every": 0 }, "animation": { "format": "none" }, "metrics": false,
                      "fields": { "names": ["terrain"] } } })";
        const std::string out = dir + "/out" + std::to_string(size);
        const Result r = runRunner(scene + " --size " + std::to_string(size) + " --out " + out);
        ASSERT_EQ(r.status, 0) << r.output;
        const NpyArray t = readNpy(fieldFile(out, "terrain", 0));
        const uint64_t nx = t.shape[1], ny = t.shape[0];
        ASSERT_EQ(nx, uint64_t(size));
        for (uint64_t j = 0; j < ny; ++j)
            for (uint64_t i = 0; i < nx; ++i) {
                // Cell centre in the array's sample coordinates, clamped to the outer samples.
                const double x = std::clamp((i + 0.5) / nx * 4 - 0.5, 0.0, 3.0), y = std::clamp((j + 0.5) / ny * 3 - 0.5, 0.0, 2.0);
                EXPECT_NEAR(t.values[j * nx + i], 3.0 * x + 10.0 * y + 0.25, 1e-4) << i << "," << j;
            }
    }
}

// In a closed box: a spring, rain and a sink change the total by exactly what the metrics say
// they added; a dig along a line leaves its depth on the centre line; a raise builds a mound.
TEST(WaterScenes, EventsAddTheirVolumesAndShapeTheTerrain) {
    const std::string dir = outputDir("events");
    fs::create_directories(dir);
    std::ofstream(dir + "/scene.json") << R"({
      "solver": "water", "grid": { "nx": 24, "ny": 24, "cellSize": 1 },
      "initial": { "fills": [ { "level": 1 } ] },
      "events": [
        { "type": "spring", "position": [5, 5], "radius": 2.5, "flow": 2, "start": 0, "end": 5, "dye": 1 },
        { "type": "rain", "rate": 0.001, "start": 1, "end": 4 },
        { "type": "sink", "position": [18, 18], "radius": 3, "flow": 1, "start": 5, "end": 9 },
        { "type": "dig", "path": [[4, 12.5], [20, 12.5]], "radius": 3, "depth": 2, "start": 2, "duration": 1.5 },
        { "type": "raise", "path": [[12, 20]], "radius": 2, "height": 0.5, "start": 3 }
      ],
      "time": { "dt": 0.25, "seconds": 10 },
      "output": { "pictures": { "every": 40, "views": ["water", "depth", "speed", "velocity", "dye"] },
                  "animation": { "format": "none" }, "fields": { "names": ["terrain", "depth"] } }
    })";
    const Result r = runRunner(dir + "/scene.json --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const auto metrics = readMetrics(dir + "/out/metrics.jsonl");
    ASSERT_EQ(metrics.size(), 40u);
    // 2 m^3/s for 5 s + 1 mm/s on 576 m^2 for 3 s - 1 m^3/s for 4 s.
    const double added = 2.0 * 5 + 0.001 * 576 * 3 - 1.0 * 4;
    EXPECT_NEAR(metrics.back()["addedWater"].get<double>(), added, 1e-6);  // rates are floats
    EXPECT_NEAR(metrics.back()["totalWater"].get<double>() - 576.0, added, 1e-3);
    EXPECT_GT(metrics.back()["totalDye"].get<double>(), 0.0);
    const NpyArray t = readNpy(fieldFile(dir + "/out", "terrain", 40));
    for (int i = 8; i <= 16; ++i) EXPECT_NEAR(t.values[12 * 24 + i], -2.0, 1e-4) << "centre line, x = " << i + 0.5;
    EXPECT_NEAR(t.values[19 * 24 + 11], 0.5 * (1.0 - std::hypot(0.5, 0.5) / 2.0), 1e-5) << "the mound";
    EXPECT_EQ(t.values[2 * 24 + 2], 0.0f) << "untouched ground";
}
