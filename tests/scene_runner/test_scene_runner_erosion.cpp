// Water scenes with erosion in the scene runner: the lattice, evaporation, erosion and hardness
// keys reach the solver's settings and fields, bad values are named by their key, and a run
// writes the terrain change picture and the soil budget (soil + suspended sediment, conserved in
// a closed domain). Runs on lavapipe at small sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/file_io.hpp"
#include "scene_loader.hpp"
#include "scene_runner/scene_runner_test_support.hpp"
#include "water/water_lattice.hpp"

namespace fs = std::filesystem;
using namespace billow;
using namespace billow::scene;
using namespace billow::scene_test;

namespace {

// A closed 20 x 14 box of 1 m cells: a slope of soft soil under a lake that a spring-free dam
// break sets moving, with both kinds of erosion on. `edit` changes the JSON before it is written.
nlohmann::json erodingBox() {
    return nlohmann::json::parse(R"({
      "solver": "water",
      "grid": { "nx": 20, "ny": 14, "width": 20 },
      "settings": { "lattice": "square", "evaporation": 0.001, "friction": 0.02,
                    "erosion": { "hydraulic": { "enabled": true, "capacity": 0.3, "minimumTilt": 0.1, "dissolveRate": 0.4,
                                                "depositRate": 0.7, "deepWaterLimit": 2 },
                                 "thermal": { "enabled": true, "talusAngle": 30, "rate": 3 } } },
      "terrain": { "base": 1, "features": [ { "type": "slope", "gradient": [-0.15, 0] },
                                            { "type": "noise", "amplitude": 0.3, "wavelength": 6, "seed": 4 } ],
                   "hardness": { "base": 0.2, "layers": [ { "below": 0, "hardness": 0.9 }, { "below": -1, "hardness": 0.5 } ],
                                 "noise": { "amplitude": 0.05, "wavelength": 5, "seed": 9 } } },
      "initial": { "fills": [ { "level": 1.5, "from": [2, 7], "within": 4 } ] },
      "time": { "dt": 0.1, "steps": 20 },
      "output": { "pictures": { "every": 10, "views": ["water", "terrainChange", "sediment"] },
                  "animation": { "format": "none" }, "metrics": { "every": 1 },
                  "fields": { "every": 20, "names": ["terrain", "sediment", "hardness"] } }
    })");
}

std::string writeScene(const std::string& dir, const nlohmann::json& scene, const std::string& name = "scene.json") {
    fs::create_directories(dir);
    const std::string path = dir + "/" + name;
    std::ofstream(path) << scene.dump(2);
    return path;
}

std::vector<nlohmann::json> readMetrics(const std::string& path) {
    std::vector<nlohmann::json> lines;
    std::ifstream text(path);
    for (std::string line; std::getline(text, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

} // namespace

// Every key lands in WaterSettings; the hardness follows the layers by initial height (the
// lowest layer a column lies below wins) plus noise of at most its amplitude, clamped to [0, 1];
// the noise feature stays within its amplitude.
TEST(WaterErosionScenes, KeysReachTheSolver) {
    const std::string dir = outputDir("erosion_keys");
    nlohmann::json scene = erodingBox();
    const WaterScene loaded = std::get<WaterScene>(loadScene(writeScene(dir, scene), LoadOptions{}));
    const WaterSettings& s = loaded.settings;
    EXPECT_EQ(s.lattice, WaterLattice::Square);
    EXPECT_FLOAT_EQ(s.evaporation, 0.001f);
    const HydraulicErosionSettings& h = s.erosion.hydraulic;
    EXPECT_TRUE(h.enabled);
    EXPECT_FLOAT_EQ(h.capacity, 0.3f);
    EXPECT_FLOAT_EQ(h.minimumTilt, 0.1f);
    EXPECT_FLOAT_EQ(h.dissolveRate, 0.4f);
    EXPECT_FLOAT_EQ(h.depositRate, 0.7f);
    EXPECT_FLOAT_EQ(h.deepWaterLimit, 2.0f);
    EXPECT_TRUE(s.erosion.thermal.enabled);
    EXPECT_FLOAT_EQ(s.erosion.thermal.talusAngle, 30.0f);
    EXPECT_FLOAT_EQ(s.erosion.thermal.rate, 3.0f);
    ASSERT_EQ(loaded.hardness.size(), loaded.terrain.size());
    size_t rock = 0, soft = 0, middle = 0;
    for (size_t c = 0; c < loaded.terrain.size(); ++c) {
        const float t = loaded.terrain[c];
        // Terrain 1 - 0.15 x + noise: x = 0.5..19.5 m gives about 0.9 down to -1.9 m.
        const float layer = t < -1.0f ? 0.5f : t < 0.0f ? 0.9f : 0.2f;
        EXPECT_NEAR(loaded.hardness[c], layer, 0.05f + 1e-6f) << c;
        rock += layer == 0.9f, middle += layer == 0.5f, soft += layer == 0.2f;
        const float x = (c % 20) + 0.5f;
        EXPECT_NEAR(t, 1.0f - 0.15f * x, 0.3f + 1e-5f) << c;
    }
    EXPECT_GT(rock, 0u);
    EXPECT_GT(middle, 0u);
    EXPECT_GT(soft, 0u);

    // A block without "enabled" is on; "enabled": false keeps the others' values but switches it
    // off; no "erosion" leaves both off.
    scene["settings"]["erosion"]["hydraulic"].erase("enabled");
    scene["settings"]["erosion"]["thermal"]["enabled"] = false;
    const WaterScene second = std::get<WaterScene>(loadScene(writeScene(dir, scene), LoadOptions{}));
    EXPECT_TRUE(second.settings.erosion.hydraulic.enabled);
    EXPECT_FALSE(second.settings.erosion.thermal.enabled);
    scene["settings"].erase("erosion");
    scene["terrain"].erase("hardness");
    const WaterScene third = std::get<WaterScene>(loadScene(writeScene(dir, scene), LoadOptions{}));
    EXPECT_FALSE(third.settings.erosion.hydraulic.enabled);
    EXPECT_FALSE(third.settings.erosion.thermal.enabled);
    EXPECT_TRUE(third.hardness.empty());
}

// Each bad value is refused with a SceneError naming its key.
TEST(WaterErosionScenes, BadKeysAreNamed) {
    const std::string dir = outputDir("erosion_bad_keys");
    using Edit = void (*)(nlohmann::json&);
    const std::vector<std::pair<Edit, std::string>> cases = {
        {[](nlohmann::json& j) { j["settings"]["lattice"] = "hexagon"; },
         "settings.lattice: expected one of \"square\", \"triangle\""},
        {[](nlohmann::json& j) { j["settings"]["evaporation"] = -0.1; }, "settings.evaporation: expected a number >= 0"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["capacity"] = -1; },
         "settings.erosion.hydraulic.capacity: expected a number >= 0"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["minimumTilt"] = 1.5; },
         "settings.erosion.hydraulic.minimumTilt: expected a number in [0, 1]"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["dissolveRate"] = -2; },
         "settings.erosion.hydraulic.dissolveRate: expected a number >= 0"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["depositRate"] = "fast"; },
         "settings.erosion.hydraulic.depositRate: expected a number"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["deepWaterLimit"] = -1; },
         "settings.erosion.hydraulic.deepWaterLimit: expected a number >= 0"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["enabled"] = 1; },
         "settings.erosion.hydraulic.enabled: expected true or false"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["hydraulic"]["capcity"] = 1; },
         "settings.erosion.hydraulic.capcity: unknown key"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["thermal"]["talusAngle"] = 90; },
         "settings.erosion.thermal.talusAngle: expected a number in (0, 90)"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["thermal"]["rate"] = -1; },
         "settings.erosion.thermal.rate: expected a number >= 0"},
        {[](nlohmann::json& j) { j["settings"]["erosion"]["wind"] = nlohmann::json::object(); },
         "settings.erosion.wind: unknown key"},
        {[](nlohmann::json& j) { j["terrain"]["hardness"]["base"] = 1.5; }, "terrain.hardness.base: expected a number in [0, 1]"},
        {[](nlohmann::json& j) { j["terrain"]["hardness"]["layers"][0]["hardness"] = -0.1; },
         "terrain.hardness.layers[0].hardness: expected a number in [0, 1]"},
        {[](nlohmann::json& j) { j["terrain"]["hardness"]["layers"][1].erase("below"); },
         "terrain.hardness.layers[1].below: missing"},
        {[](nlohmann::json& j) { j["terrain"]["hardness"]["layers"][1]["above"] = 2; },
         "terrain.hardness.layers[1].above: unknown key"},
        {[](nlohmann::json& j) { j["terrain"]["hardness"]["noise"]["wavelength"] = 0; },
         "terrain.hardness.noise.wavelength: expected a number > 0"},
        {[](nlohmann::json& j) { j["terrain"]["features"][1]["octaves"] = 9; },
         "terrain.features[1].octaves: expected a whole number in [1, 8]"},
        {[](nlohmann::json& j) { j["terrain"]["features"][1].erase("amplitude"); }, "terrain.features[1].amplitude: missing"},
        // The library refuses the Momentum model on triangles (its own message, under the key).
        {[](nlohmann::json& j) {
             j["settings"]["lattice"] = "triangle";
             j["settings"]["model"] = "momentum";
         },
         "settings.model"},
        {[](nlohmann::json& j) { j["output"]["fields"]["names"].push_back("flowZ"); },
         "output.fields.names: \"flowZ\" exists on the triangle lattice only"},
        {[](nlohmann::json& j) {
             j["settings"]["lattice"] = "triangle";
             j["bodies"] = nlohmann::json::parse(R"([{ "shape": "box", "centre": [10, 7, 1.6], "halfExtents": [1, 0.5, 0.3], "mass": 100 }])");
         },
         "bodies: the scene runner places floating bodies on the square lattice only"},
        // The triangle domain is (nx + 0.5) h wide and ny h sqrt(3)/2 = 12.12 m high here.
        {[](nlohmann::json& j) {
             j["settings"]["lattice"] = "triangle";
             j["initial"]["fills"][0]["from"] = {2, 13};
         },
         "initial.fills[0].from: expected a point inside the domain"},
    };
    for (size_t k = 0; k < cases.size(); ++k) {
        SCOPED_TRACE(cases[k].second);
        nlohmann::json scene = erodingBox();
        cases[k].first(scene);
        try {
            loadScene(writeScene(dir, scene, "case" + std::to_string(k) + ".json"), LoadOptions{});
            ADD_FAILURE() << "loaded";
        } catch (const SceneError& e) {
            EXPECT_NE(std::string(e.what()).find(cases[k].second), std::string::npos) << e.what();
        }
    }
}

// A run writes the terrain change picture, the sediment and hardness fields, and the soil budget
// in every metrics line. The box is closed, nothing is dug or raised, so soil + suspended
// sediment is conserved: the kernels move soil between the terrain and the sediment and
// sediment between columns, each move one float subtraction and one addition, so each column's
// rounding per pass is at most 2^-24 of its terrain height plus its sediment (here under 4 m).
// Bound: steps x (substeps + 2 passes) x columns x 2 x 2^-24 x 4 m x cell area; the budget is
// summed from differences in double.
TEST(WaterErosionScenes, TerrainChangeAndSoilBudgetAreWritten) {
    const std::string dir = outputDir("erosion_budget");
    const Result r = runRunner(writeScene(dir, erodingBox()) + " --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    for (const char* picture : {"/terrainChange/0000.png", "/terrainChange/0002.png", "/sediment/0002.png", "/water/0002.png"})
        EXPECT_TRUE(fs::exists(dir + "/out" + picture)) << picture;
    const NpyArray hardness = readNpy(dir + "/out/fields/hardness_000020.npy");
    EXPECT_EQ(hardness.shape, (std::vector<uint64_t>{14, 20}));
    const NpyArray t0 = readNpy(dir + "/out/fields/terrain_000000.npy"), t1 = readNpy(dir + "/out/fields/terrain_000020.npy");
    const NpyArray sediment = readNpy(dir + "/out/fields/sediment_000020.npy");

    const auto metrics = readMetrics(dir + "/out/metrics.jsonl");
    ASSERT_EQ(metrics.size(), 20u);
    double moved = 0.0;
    uint32_t substeps = 0;
    for (const nlohmann::json& m : metrics) {
        ASSERT_TRUE(m.contains("soilChange") && m.contains("suspendedSediment") && m.contains("soilBalance")) << m.dump();
        EXPECT_DOUBLE_EQ(m["soilBalance"].get<double>(), m["soilChange"].get<double>() + m["suspendedSediment"].get<double>());
        moved = std::max(moved, m["suspendedSediment"].get<double>());
        substeps = std::max(substeps, m["substeps"].get<uint32_t>());
    }
    // The metrics' figures are the fields' (the last step's fields were written too).
    double change = 0.0, carried = 0.0;
    for (size_t c = 0; c < t0.values.size(); ++c) change += double(t1.values[c]) - t0.values[c];
    for (float s : sediment.values) carried += s;
    EXPECT_NEAR(metrics.back()["soilChange"].get<double>(), change, 1e-9 + 1e-9 * std::fabs(change));
    EXPECT_NEAR(metrics.back()["suspendedSediment"].get<double>(), carried, 1e-9 + 1e-9 * carried);
    // The flood moved soil (so the budget below is not trivially 0).
    EXPECT_GT(moved, 1e-3);
    const double tolerance = 20.0 * (substeps + 2) * 20 * 14 * 2.0 * std::ldexp(1.0, -24) * 4.0;
    for (const nlohmann::json& m : metrics)
        EXPECT_NEAR(m["soilBalance"].get<double>(), 0.0, tolerance) << "step " << m["step"] << ", tolerance " << tolerance << " m^3";
    RecordProperty("soil_moved_m3", std::to_string(moved));
    RecordProperty("soil_balance_end_m3", std::to_string(metrics.back()["soilBalance"].get<double>()));

    // Without erosion the budget is not in the metrics (nothing to account for).
    nlohmann::json still = erodingBox();
    still["settings"].erase("erosion");
    const Result plain = runRunner(writeScene(dir, still, "still.json") + " --steps 2 --out " + dir + "/still");
    ASSERT_EQ(plain.status, 0) << plain.output;
    EXPECT_EQ(readText(dir + "/still/metrics.jsonl").find("soilChange"), std::string::npos);
}

// The terrain change picture is red where the terrain was cut and blue where it was filled: a
// dig event lowers a trench (no erosion needed), which shows red on white.
TEST(WaterErosionScenes, TerrainChangeIsRedWhereCut) {
    const std::string dir = outputDir("erosion_change_colour");
    nlohmann::json scene = erodingBox();
    scene["settings"].erase("erosion");
    scene["initial"].erase("fills");
    scene["events"] = nlohmann::json::parse(R"([{ "type": "dig", "path": [[10, 7]], "radius": 3, "depth": 1 },
                                                { "type": "raise", "path": [[3, 3]], "radius": 2, "height": 0.5 }])");
    scene["time"]["steps"] = 1;
    scene["output"]["pictures"] = nlohmann::json::parse(R"({ "every": 1, "views": ["terrainChange"], "pixelsPerCell": 1 })");
    const Result r = runRunner(writeScene(dir, scene) + " --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const Picture p = readPicture(dir + "/out/terrainChange/0001.png");
    ASSERT_GE(p.width, 20u);
    // The picture's first row is the top (y = 14 m); cell (i, j) at pixel (i, 13 - j) scaled.
    const double scale = p.width / 20.0;
    auto pixel = [&](double x, double y) {
        const size_t a = size_t(x * scale), b = size_t((14.0 - y) * scale);
        return std::array<int, 3>{p.rgb[(a + b * p.width) * 3], p.rgb[(a + b * p.width) * 3 + 1], p.rgb[(a + b * p.width) * 3 + 2]};
    };
    const auto cut = pixel(10.5, 7.5), fill = pixel(3.5, 3.5), untouched = pixel(18.5, 12.5);
    EXPECT_GT(cut[0], cut[2] + 60) << "cut: red";
    EXPECT_GT(fill[2], fill[0] + 60) << "fill: blue";
    EXPECT_GT(untouched[0], 220);
    EXPECT_GT(untouched[1], 220);
    EXPECT_GT(untouched[2], 220);
}
