// The bundled 3D scenes at small sizes under the validation layer, with the physics each one
// promises: the smoke column rises and the moving sphere leaves its wake behind it; the campfire's
// flames are hotter than the ignition temperature where fuel burns; smoke crosses the doorway into
// the room; and everything else a 3D run writes (every field's .npy, labelled slices, metrics, the
// MP4). The bad 3D scene files are in test_scene_runner.cpp's table.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/file_io.hpp"
#include "common/legends.hpp"
#include "smoke3d/smoke3d_outputs.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using billow::scene::NpyArray;
using billow::scene::readNpy;
using namespace billow::scene_test;

namespace {

std::string scene(const char* name) { return std::string(BILLOW_SCENES_DIR) + "/" + name; }

std::vector<nlohmann::json> metricsLines(const std::string& dir) {
    std::vector<nlohmann::json> lines;
    std::istringstream text(readText(dir + "/metrics.jsonl"));
    for (std::string line; std::getline(text, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

NpyArray field(const std::string& dir, const char* name, uint32_t step) {
    char file[96];
    std::snprintf(file, sizeof(file), "/fields/%s_%06u.npy", name, step);
    return readNpy(dir + file);
}

// Value of a (nz, ny, nx)-shaped array at cell (i, j, k).
float at(const NpyArray& a, uint64_t i, uint64_t j, uint64_t k) { return a.values[i + a.shape[2] * (j + a.shape[1] * k)]; }

} // namespace

// The column rises (the density centroid climbs), and when the sphere has crossed most of it the
// fluid right behind the sphere follows it (u > 0 there) and the smoke is dragged its way.
TEST(SceneRunner3D, SphereWakeIsBehindTheSphere) {
    const std::string dir = outputDir("smoke3d_sphere");
    // 40 steps of 0.04 s: at 1.6 s the sphere (path 0.15 -> 0.85 m between 0.6 s and 2.2 s) is at
    // x = 0.59 m, moving +x at 0.44 m/s.
    const Result r = runRunner(scene("smoke3d_sphere.json") + " --size 16 --steps 40 --pictures-every 20 "
                               "--render-width 128 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const auto lines = metricsLines(dir);
    ASSERT_EQ(lines.size(), 40u);
    const double early = lines[9]["centroidHeight"], late = lines[39]["centroidHeight"];
    EXPECT_GT(late, early + 0.1) << "0.4 s: " << early << " m, 1.6 s: " << late << " m";
    EXPECT_TRUE(fs::exists(dir + "/render/0002.png"));

    const NpyArray u = field(dir, "velocityX", 40);
    ASSERT_EQ(u.shape, (std::vector<uint64_t>{16, 21, 17}));
    const double h = 1.0 / 16, sphereX = 0.15 + 0.7 * (1.6 - 0.6) / 1.6, radius = 0.11, speed = 0.7 / 1.6;
    // Faces in the band up to 2 cells behind the sphere's trailing surface, within half a
    // radius of its axis of motion (y = 0.55, z = 0.5); and the same band ahead of it.
    auto meanU = [&](double fromX, double toX) {
        double sum = 0;
        int count = 0;
        for (uint64_t k = 0; k < u.shape[0]; ++k)
            for (uint64_t j = 0; j < u.shape[1]; ++j)
                for (uint64_t i = 0; i < u.shape[2]; ++i) {
                    const double x = i * h, y = (j + 0.5) * h, z = (k + 0.5) * h;
                    if (x < fromX || x > toX || std::hypot(y - 0.55, z - 0.5) > 0.5 * radius) continue;
                    sum += at(u, i, j, k);
                    ++count;
                }
        return count ? sum / count : 0.0;
    };
    // Potential flow round a sphere would move the fluid as much ahead as behind; the wake makes
    // the fluid behind follow the sphere far more.
    const double behind = meanU(sphereX - radius - 2 * h, sphereX - radius);
    const double ahead = meanU(sphereX + radius, sphereX + radius + 2 * h);
    EXPECT_GT(behind, 0.3 * speed) << "mean u behind the sphere " << behind << " m/s";
    EXPECT_GT(behind, 1.5 * ahead) << "behind " << behind << " m/s, ahead " << ahead << " m/s";
    // The smoke the sphere met is pulled along +x: the centroid moved from the emitter's x (0.5 m).
    const auto centroid = lines.back()["densityCentroid"];
    EXPECT_GT(double(centroid[0]), 0.505) << centroid.dump();
    EXPECT_EQ(readText(dir + "/metrics.jsonl").find("nan"), std::string::npos);
}

// Where fuel burns (the Combustion pass's expansion source > 0) the gas is at least at the
// ignition temperature, and the flames' core is far hotter; fuel is being burnt.
TEST(SceneRunner3D, CampfireBurnsAboveIgnition) {
    const std::string dir = outputDir("campfire");
    const Result r = runRunner(scene("campfire.json") + " --size 16 --steps 30 --pictures-every 30 "
                               "--render-width 140 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const auto lines = metricsLines(dir);
    ASSERT_EQ(lines.size(), 30u);
    EXPECT_GT(double(lines.back()["fuelBurnRate"]), 0.0);
    EXPECT_GT(uint32_t(lines.back()["burningCells"]), 0u);

    const NpyArray temperature = field(dir, "temperature", 30), source = field(dir, "expansionSource", 30);
    ASSERT_EQ(temperature.shape, source.shape);
    const double ignition = 550.0;
    double hottestBurning = 0;
    size_t burning = 0;
    for (size_t c = 0; c < source.values.size(); ++c) {
        if (source.values[c] <= 0.0f) continue;
        ++burning;
        hottestBurning = std::max(hottestBurning, double(temperature.values[c]));
    }
    ASSERT_GT(burning, 0u);
    EXPECT_GT(hottestBurning, ignition + 300.0);
    EXPECT_GT(double(lines.back()["maxTemperature"]), ignition);
    EXPECT_GT(double(lines.back()["totalDensity"]), 0.0);  // smoke from the burnt fuel
    // The render shows the fire: some pixels are bright and warm (red above blue).
    const auto picture = billow::scene::readPngRgba(dir + "/render/0001.png");
    size_t warm = 0;
    for (size_t p = 0; p < size_t(picture.width) * picture.height; ++p) {
        const uint8_t* c = &picture.pixels[4 * p];
        warm += c[0] > 150 && c[0] > c[2] + 60;
    }
    EXPECT_GT(warm, 20u);
}

// Smoke made in the corridor reaches the room beyond the wall (x > 0.7 m) within 2 s.
TEST(SceneRunner3D, DoorwaySmokeEntersTheRoom) {
    const std::string dir = outputDir("doorway");
    const Result r = runRunner(scene("doorway.json") + " --size 20 --steps 50 --pictures-every 50 "
                               "--render-width 160 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const NpyArray density = field(dir, "density", 50);
    const double h = 1.6 / 20;
    double room = 0, total = 0;
    for (uint64_t k = 0; k < density.shape[0]; ++k)
        for (uint64_t j = 0; j < density.shape[1]; ++j)
            for (uint64_t i = 0; i < density.shape[2]; ++i) {
                total += at(density, i, j, k);
                if ((i + 0.5) * h > 0.7) room += at(density, i, j, k);
            }
    ASSERT_GT(total, 0.0);
    EXPECT_GT(room / total, 0.1) << "share of the smoke in the room";
}

// What a 3D run writes besides the physics, on a grid that is no multiple of the workgroup: a
// .npy of every field with its documented (z, y, x) shape, a slice of every view at 512 pixels
// on its long side with its colour bar's label, a contact sheet, the 3D metrics keys, the renders
// as an MP4 and (built with OpenVDB) a .vdb file per written step.
TEST(SceneRunner3D, EveryFieldSliceMetricMp4AndVdb) {
    const std::string dir = outputDir("smoke3d_outputs");
    fs::create_directories(dir);
    std::ofstream(dir + "/outputs.json") << R"({
      "solver": "smoke3d",
      "grid": { "nx": 11, "ny": 9, "nz": 7, "width": 1.1 },
      "boundaries": { "top": "outflow" },
      "settings": { "colour": true, "thermalExpansion": 0.003, "pressureSolver": "multigridPCG", "pressureIterations": 4,
                    "combustion": { "ignitionTemperature": 400 } },
      "emitters": [ { "position": [0.5, 0.2, 0.35], "radius": 0.15, "fuel": 20, "density": 3, "temperature": 5000,
                      "colour": [1, 0.5, 0.2, 1], "velocity": [0, 0.5, 0], "velocityCoupling": 5 } ],
      "time": { "dt": 0.05, "steps": 4 },
      "output": {
        "pictures": { "every": 2, "views": ["render", "density", "temperature", "fuel", "speed", "vorticity", "pressure", "divergence"] },
        "render": { "width": 64, "height": 48 },
        "fields": { "every": 4, "names": ["velocityX", "velocityY", "velocityZ", "density", "temperature", "fuel", "pressure",
                                          "divergence", "vorticity", "solid", "expansionSource", "colour"] },
        "animation": { "format": "mp4", "view": "render", "fps": 10 })" +
                                          std::string(billow::scene::vdbAvailable() ? R"(, "vdb": { "every": 2 })" : "") + R"(
      }
    })";
    const Result r = runRunner(dir + "/outputs.json --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const std::string out = dir + "/out";

    using Shape = std::vector<uint64_t>;
    const std::vector<std::pair<const char*, Shape>> shapes = {
        {"velocityX", {7, 9, 12}}, {"velocityY", {7, 10, 11}}, {"velocityZ", {8, 9, 11}}, {"density", {7, 9, 11}},
        {"temperature", {7, 9, 11}}, {"fuel", {7, 9, 11}}, {"pressure", {7, 9, 11}}, {"divergence", {7, 9, 11}},
        {"vorticity", {7, 9, 11}}, {"solid", {7, 9, 11}}, {"expansionSource", {7, 9, 11}}, {"colour", {7, 9, 11, 4}}};
    for (const auto& [name, shape] : shapes) {
        const NpyArray a = field(out, name, 4);
        EXPECT_EQ(a.shape, shape) << name;
        EXPECT_TRUE(std::all_of(a.values.begin(), a.values.end(), [](float v) { return std::isfinite(v); })) << name;
    }
    const NpyArray density = field(out, "density", 4);
    EXPECT_GT(*std::max_element(density.values.begin(), density.values.end()), 0.0f);

    // Slices across z (x right, y up): 11 x 9 cells -> 512 x 419 pixels, the colour bar below.
    const std::vector<std::pair<const char*, const char*>> labels = {
        {"density", "density (units)"}, {"temperature", "temperature - ambient (K)"}, {"fuel", "fuel (units)"},
        {"speed", "speed (m/s)"}, {"vorticity", "vorticity (1/s)"}, {"pressure", "pressure (m^2/s^2)"},
        {"divergence", "divergence (1/s)"}};
    for (const auto& [view, label] : labels) {
        const billow::scene::Picture p = readPicture(out + "/" + std::string(view) + "/0002.png");
        EXPECT_EQ(p.width, 512u) << view;
        EXPECT_GT(p.height, 419u) << view << ": no legend strip";
        const uint32_t s = billow::scene::legendTextScale(p.width);
        EXPECT_TRUE(findText(p, label, s, billow::scene::kLegendText, billow::scene::kLegendBackground, 419)) << view;
    }
    // The render keeps its own size (64 x 48), not stretched to the slices' 512 x 419 and more.
    const billow::scene::Picture render = readPicture(out + "/render/0002.png");
    EXPECT_EQ(render.width, 64u);
    EXPECT_EQ(render.height, 48u);
    EXPECT_TRUE(fs::exists(out + "/sheet/0002.png"));

    // Colour bars fit their quantity: temperature above ambient, density and speed from 0 to the
    // largest value on the plane (z = 3 of 7); pressure symmetric about 0.
    const NpyArray temperature = field(out, "temperature", 4);
    float hottest = 0.0f;
    for (uint32_t y = 0; y < 9; ++y)
        for (uint32_t x = 0; x < 11; ++x) hottest = std::max(hottest, temperature.values[x + 11 * (y + 9 * 3)] - billow::SmokeSettings3D{}.ambientTemperature);
    ASSERT_GT(hottest, 1.0f);
    const billow::scene::Picture temperatureSlice = readPicture(out + "/temperature/0002.png");
    const uint32_t scale = billow::scene::legendTextScale(temperatureSlice.width);
    auto legendShows = [&](const billow::scene::Picture& p, const std::string& text) {
        return findText(p, text, scale, billow::scene::kLegendText, billow::scene::kLegendBackground, 419).has_value();
    };
    EXPECT_TRUE(legendShows(temperatureSlice, billow::scene::legendNumber(hottest)));
    EXPECT_FALSE(legendShows(temperatureSlice, billow::scene::legendNumber(-hottest))) << "a negative end on a non-negative quantity";
    const NpyArray pressure = field(out, "pressure", 4);
    float strongest = 0.0f;
    for (uint32_t y = 0; y < 9; ++y)
        for (uint32_t x = 0; x < 11; ++x) strongest = std::max(strongest, std::fabs(pressure.values[x + 11 * (y + 9 * 3)]));
    EXPECT_TRUE(legendShows(readPicture(out + "/pressure/0002.png"), billow::scene::legendNumber(-strongest)));

    const auto lines = metricsLines(out);
    ASSERT_EQ(lines.size(), 4u);
    for (const char* key : {"gpuMs", "maxDivergence", "kineticEnergy", "totalDensity", "totalFuel", "maxTemperature",
                            "fuelBurnRate", "burningCells", "densityCentroid", "centroidHeight"})
        EXPECT_TRUE(lines.back().contains(key)) << key;

    // An OpenVDB file per second step, step 0 included, numbered by output frame (its contents:
    // tests/vdb), when built with OpenVDB.
    if (billow::scene::vdbAvailable()) {
        for (const char* frame : {"000000", "000001", "000002"}) {
            const std::string vdb = readText(out + "/vdb/outputs_" + std::string(frame) + ".vdb");
            ASSERT_GT(vdb.size(), 8u) << frame;
            EXPECT_EQ(vdb.substr(0, 4), std::string(" BDV")) << frame;  // OPENVDB_MAGIC 0x56444220, little-endian
        }
        EXPECT_FALSE(fs::exists(out + "/vdb/outputs_000004.vdb")) << "numbered by step";
    }

    // An MP4 (ISO base media: a "ftyp" box first) when ffmpeg is there, as scripts/install-deps.sh installs it.
    if (std::system("command -v ffmpeg >/dev/null 2>&1") == 0) {
        const std::string mp4 = readText(out + "/outputs.mp4");
        ASSERT_GT(mp4.size(), 8u) << r.output;
        EXPECT_EQ(mp4.substr(4, 4), "ftyp");
    }
}
