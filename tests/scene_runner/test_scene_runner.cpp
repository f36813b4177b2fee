// The scene runner as a user runs it: every bundled scene at a small size (under the validation
// layer), the physics the smoke scenes promise (the plume rises, the cylinder sheds vortices),
// exact .npy round trips, and the promised errors for bad scene files (with nothing written).
// Water scenes' own checks are in test_scene_runner_water.cpp.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "common/file_io.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using billow::scene::NpyArray;
using billow::scene::readNpy;
using billow::scene::writeNpy;
using namespace billow::scene_test;

namespace {

// Dye-weighted mean height (m) of an RGBA dye array of shape (dyeNy, dyeNx, 4) over a domain of
// height `height`; the weight is the sum of the colour channels.
double dyeCentroidY(const NpyArray& dye, double height) {
    const uint64_t ny = dye.shape[0], nx = dye.shape[1];
    double weight = 0.0, moment = 0.0;
    for (uint64_t j = 0; j < ny; ++j)
        for (uint64_t i = 0; i < nx; ++i) {
            const float* c = &dye.values[(j * nx + i) * 4];
            const double w = double(c[0]) + c[1] + c[2];
            weight += w;
            moment += w * (j + 0.5) / ny * height;
        }
    return weight > 0 ? moment / weight : 0.0;
}

} // namespace

TEST(Npy, RoundTripsExactlyWithAlignedHeader) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> values(-1e6f, 1e6f);
    const std::vector<uint64_t> shape = {23, 37, 4};
    std::vector<float> data(23 * 37 * 4);
    for (float& x : data) x = values(rng);
    data[5] = 1e-40f;  // a denormal survives too
    const std::string dir = outputDir("npy_unit");
    fs::create_directories(dir);
    const std::string path = dir + "/a.npy";
    writeNpy(path, shape, data);
    const NpyArray back = readNpy(path);
    EXPECT_EQ(back.shape, shape);
    ASSERT_EQ(back.values.size(), data.size());
    EXPECT_EQ(std::memcmp(back.values.data(), data.data(), data.size() * sizeof(float)), 0);
    // numpy's rule: the data starts at a multiple of 64 bytes, and the header says what it is.
    const std::string bytes = readText(path);
    EXPECT_EQ((bytes.size() - data.size() * 4) % 64, 0u);
    EXPECT_NE(bytes.find("{'descr': '<f4', 'fortran_order': False, 'shape': (23, 37, 4), }"), std::string::npos);
}

// Every scene in examples/scenes runs at a small size and writes what it promises: smoke scenes
// dye pictures and divergence metrics, water scenes water pictures and water totals.
TEST(SceneRunner, EveryBundledSceneRunsSmall) {
    size_t scenes = 0, waterScenes = 0, smoke3dScenes = 0;
    for (const auto& entry : fs::directory_iterator(BILLOW_SCENES_DIR)) {
        if (entry.path().extension() != ".json") continue;
        ++scenes;
        const std::string name = entry.path().stem().string();
        SCOPED_TRACE(name);
        const std::string solver = nlohmann::json::parse(readText(entry.path()), nullptr, true, true).value("solver", "");
        const bool water = solver == "water", smoke3d = solver == "smoke3d";
        waterScenes += water;
        smoke3dScenes += smoke3d;
        const std::string dir = outputDir("bundled_" + name);
        // 3D scenes: a coarse grid and small renders (their physics has its own tests).
        const std::string size = smoke3d ? " --size 12 --pictures-every 6 --render-width 96" : " --size 24";
        const Result r = runRunner(entry.path().string() + size + " --steps 12 --validation --out " + dir);
        ASSERT_EQ(r.status, 0) << r.output;
        const char* firstPicture = water ? "/water/0000.png" : smoke3d ? "/render/0000.png" : "/dye/0000.png";
        EXPECT_TRUE(fs::exists(dir + firstPicture)) << r.output;
        if (ffmpegAvailable()) {
            EXPECT_TRUE(fs::exists(dir + "/" + name + ".gif")) << r.output;
        } else {
            EXPECT_NE(r.output.find("no animation: ffmpeg not found"), std::string::npos) << r.output;
        }
        EXPECT_EQ(countLines(dir + "/metrics.jsonl"), 12u);
        const std::string metrics = readText(dir + "/metrics.jsonl");
        EXPECT_NE(metrics.find(water ? "\"totalWater\"" : "\"maxDivergence\""), std::string::npos);
        EXPECT_NE(metrics.find("\"gpuMs\""), std::string::npos);
        EXPECT_EQ(metrics.find("nan"), std::string::npos);
    }
    EXPECT_GE(scenes, 5u);
    EXPECT_GE(waterScenes, 1u);
    EXPECT_GE(smoke3dScenes, 3u);
}

// The plume's dye rises: its centroid is higher after 2.5 s than after 1 s, and well above the
// source (y = 0.1 m).
TEST(SceneRunner, PlumeDyeCentroidRises) {
    const std::string scene = std::string(BILLOW_SCENES_DIR) + "/plume.json";
    double centroid[2];
    const double seconds[2] = {1.0, 2.5};
    for (int k = 0; k < 2; ++k) {
        const std::string dir = outputDir("plume_" + std::to_string(k));
        const Result r = runRunner(scene + " --size 32 --animation none --seconds " + std::to_string(seconds[k]) +
                                   " --out " + dir);
        ASSERT_EQ(r.status, 0) << r.output;
        const uint32_t steps = static_cast<uint32_t>(std::ceil(seconds[k] * 60 - 1e-6));
        char name[64];
        std::snprintf(name, sizeof(name), "/fields/dye_%06u.npy", steps);
        const NpyArray dye = readNpy(dir + name);
        ASSERT_EQ(dye.shape.size(), 3u);
        centroid[k] = dyeCentroidY(dye, 1.5);
    }
    EXPECT_GT(centroid[0], 0.15);
    EXPECT_GT(centroid[1], centroid[0] + 0.1) << "1 s: " << centroid[0] << " m, 2.5 s: " << centroid[1] << " m";
}

// Behind the cylinder the transverse velocity swings from one side to the other: vortex
// shedding. Probe v on the wake's centre line, 3 diameters downstream.
TEST(SceneRunner, CylinderWakeOscillates) {
    const std::string dir = outputDir("cylinder");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) +
                               "/cylinder.json --size 128 --seconds 6 --fields-every 5 --animation none --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    // Scene: 4 m x 1 m, cylinder at (0.8, 0.52), radius 0.1, inflow 1 m/s.
    std::vector<float> probe;
    for (uint32_t step = 5; step <= 360; step += 5) {
        char name[64];
        std::snprintf(name, sizeof(name), "/fields/velocityY_%06u.npy", step);
        const NpyArray v = readNpy(dir + name);
        ASSERT_EQ(v.shape.size(), 2u);
        const uint64_t ny1 = v.shape[0], nx = v.shape[1];
        const double h = 4.0 / nx;
        const uint64_t i = static_cast<uint64_t>(1.4 / h), j = static_cast<uint64_t>(0.52 / h + 0.5);
        ASSERT_LT(j, ny1);
        probe.push_back(v.values[j * nx + i]);
    }
    // Shedding sets in after about 2 s (period about 1.25 s at this resolution). Count sign changes
    // of clear swings (|v| > 10 % of the inflow) over the last two thirds (4 s).
    int changes = 0, sign = 0;
    float largest = 0.0f;
    for (size_t k = probe.size() / 3; k < probe.size(); ++k) {
        largest = std::max(largest, std::fabs(probe[k]));
        if (std::fabs(probe[k]) < 0.1f) continue;
        const int s = probe[k] > 0 ? 1 : -1;
        if (sign != 0 && s != sign) ++changes;
        sign = s;
    }
    std::string series;
    for (float x : probe) series += std::to_string(x).substr(0, 6) + " ";
    EXPECT_GE(changes, 4) << "largest |v| " << largest << " m/s; probe: " << series;
}

// Fields written by one run load into another exactly (bit for bit), as does an obstacle mask.
TEST(SceneRunner, NpyOutputRoundTripsThroughAScene) {
    const std::string first = outputDir("roundtrip_first");
    const Result a = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 24 --steps 20 --animation none --out " + first);
    ASSERT_EQ(a.status, 0) << a.output;
    const std::string fields = first + "/fields/";
    // A scene at the same (scaled) grid that starts from those fields and runs 0 steps.
    const std::string second = outputDir("roundtrip_second");
    fs::create_directories(second);
    const std::string sceneText = R"({
      "name": "again",
      "grid": { "nx": 24, "ny": 36, "width": 1.0, "dyeScale": 2 },
      "initial": {
        "dye": ")" + fields + R"(dye_000020.npy",
        "velocityX": ")" + fields + R"(velocityX_000020.npy",
        "velocityY": ")" + fields + R"(velocityY_000020.npy",
        "temperature": ")" + fields + R"(temperature_000020.npy",
        "density": ")" + fields + R"(density_000020.npy"
      },
      "time": { "steps": 0 },
      "output": { "pictures": { "every": 0 }, "animation": { "format": "none" }, "metrics": false,
                  "fields": { "names": ["dye", "velocityX", "velocityY", "temperature", "density"] } }
    })";
    std::ofstream(second + "/again.json") << sceneText;
    const Result b = runRunner(second + "/again.json --out " + second + "/out");
    ASSERT_EQ(b.status, 0) << b.output;
    for (const char* field : {"dye", "velocityX", "velocityY", "temperature", "density"}) {
        SCOPED_TRACE(field);
        const std::string original = readText(fields + field + "_000020.npy");
        EXPECT_GT(original.size(), 128u);
        EXPECT_EQ(readText(second + "/out/fields/" + field + "_000000.npy"), original);
    }

    // A .npy of the wrong shape is refused, naming the key and the expected shape.
    std::ofstream(second + "/wrong.json") << R"({ "grid": { "nx": 30, "ny": 36 }, "initial": { "density": ")" + fields +
                                                 R"(density_000020.npy" } })";
    const Result c = runRunner(second + "/wrong.json --out " + second + "/wrong_out");
    EXPECT_EQ(c.status, 2);
    EXPECT_NE(c.output.find("initial.density: expected an array of shape (ny, nx) = (36, 30)"), std::string::npos) << c.output;
    EXPECT_FALSE(fs::exists(second + "/wrong_out"));
}

// A PNG mask becomes obstacles: white is solid.
TEST(SceneRunner, PngMaskMakesObstacles) {
    const std::string dir = outputDir("mask");
    fs::create_directories(dir);
    // 20 x 10 picture, white in its left half.
    std::vector<uint8_t> rgb(20 * 10 * 3, 0);
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 10; ++x)
            for (int c = 0; c < 3; ++c) rgb[(y * 20 + x) * 3 + c] = 255;
    billow::scene::writePngRgb(dir + "/mask.png", 20, 10, rgb);
    std::ofstream(dir + "/mask.json") << R"({
      "grid": { "nx": 20, "ny": 10, "width": 2 },
      "obstacles": [ { "shape": "mask", "image": "mask.png", "threshold": 0.5 } ],
      "time": { "steps": 1 },
      "output": { "pictures": { "every": 1 }, "animation": { "format": "none" }, "fields": { "names": ["solid"] } }
    })";
    const Result r = runRunner(dir + "/mask.json --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    const NpyArray solid = readNpy(dir + "/out/fields/solid_000001.npy");
    ASSERT_EQ(solid.shape, (std::vector<uint64_t>{10, 20}));
    for (int j = 0; j < 10; ++j)
        for (int i = 0; i < 20; ++i) EXPECT_EQ(solid.values[j * 20 + i], i < 10 ? 1.0f : 0.0f) << i << "," << j;
}

struct BadScene {
    const char* file;
    const char* message;  // what stderr must contain
};

class BadScenes : public testing::TestWithParam<BadScene> {};

// A bad file exits with status 2, names the key and what was expected, and writes nothing.
TEST_P(BadScenes, GiveThePromisedErrorAndWriteNothing) {
    const BadScene& bad = GetParam();
    const std::string dir = outputDir(std::string("bad_") + bad.file);
    const Result r = runRunner(std::string(TEST_SCENES_DIR) + "/" + bad.file + " --out " + dir);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(bad.message), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir));
}

INSTANTIATE_TEST_SUITE_P(
    SceneRunner, BadScenes,
    testing::Values(
        BadScene{"bad_syntax.json", "(syntax): not valid JSON"},
        BadScene{"bad_negative_viscosity.json", "settings.viscosity: expected a number >= 0, got -1"},
        BadScene{"bad_unknown_key.json", "grid.nxx: unknown key (expected one of:"},
        BadScene{"bad_emitter_radius.json", "emitters[1].radius: expected a number > 0, got 0"},
        BadScene{"bad_boundary_type.json", "boundaries.left.type: expected one of \"wall\", \"movingWall\""},
        BadScene{"bad_periodic.json", "boundaries.right: expected \"periodic\", because left is periodic"},
        BadScene{"bad_missing_image.json", "initial.dyeImage: file not found"},
        BadScene{"bad_view.json", "output.pictures.views[1]: expected one of \"dye\""},
        BadScene{"bad_path_times.json", "emitters[0].path[1].time: expected times that increase"},
        BadScene{"bad_obstacle_shape.json", "obstacles[0].shape: expected one of \"circle\", \"box\", \"walls\", \"mask\""},
        BadScene{"bad_dt.json", "time.dt: expected a number in [1e-06, 1], got 0"},
        // What probes as a hostile user found (each crashed, hung, ran wrong or failed mid-run).
        BadScene{"bad_deep_nesting.json", "description[0][0][0]"},
        BadScene{"bad_seconds_huge.json", "time.seconds: expected at most 10000000 steps"},
        BadScene{"bad_dt_denormal.json", "time.dt: expected a number in [1e-06, 1]"},
        BadScene{"bad_random_interval.json", "randomSplats.interval: expected a number in [1e-06,"},
        BadScene{"bad_empty_views.json", "output.pictures.views: expected at least one of"},
        BadScene{"bad_npy_wraps.json", "initial.density: "},
        BadScene{"bad_library_tolerance.json", "settings.pressureTolerance: SmokeSettings::pressureTolerance: a tolerance needs"},
        BadScene{"bad_float_overflow.json", "settings.viscosity: expected a number >= 0 within the solver's bounds"},
        BadScene{"bad_duplicate_key.json", "grid.nx: given twice in the same object"},
        BadScene{"bad_water_spring_radius.json", "events[0].radius: reaches no cell centre"},
        BadScene{"bad_name_dotdot.json", "name: expected a name of 1 to 128 printable characters"},
        BadScene{"bad_number_overflow.json", "(syntax): not valid JSON"},
        BadScene{"bad_outside.json", "obstacles[0].centre: expected a point inside the domain"},
        BadScene{"bad_water_model.json", "settings.model: expected one of \"virtualPipes\", \"depthPipes\""},
        BadScene{"bad_water_courant.json", "settings.courant: expected a number in (0, 0.7071], got 0.9"},
        BadScene{"bad_water_unknown_key.json", "settings.frictoin: unknown key (expected one of:"},
        BadScene{"bad_water_smoke_key.json", "emitters: unknown key (expected one of:"},
        BadScene{"bad_water_boundary_type.json", "boundaries.left.type: expected one of \"wall\", \"inflow\", \"outflow\", \"waveMaker\", got \"periodic\""},
        BadScene{"bad_water_opening.json", "boundaries.openings[0].to: expected to > from"},
        BadScene{"bad_water_heightmap.json", "terrain.heightmap.image: file not found"},
        BadScene{"bad_water_terrain_npy.json", "terrain.npy: expected a 2-D array"},
        BadScene{"bad_water_dig_path.json", "events[0].path[1]: expected a point inside the domain"},
        BadScene{"bad_water_brushes.json", "events[0]: needs 66 brushes in one step"},
        BadScene{"bad_water_spring_flow.json", "events[0].flow: expected a number > 0, got -1"},
        BadScene{"bad_water_dt.json", "time.dt: needs 627 substeps of at most 0.0015"},
        BadScene{"bad_water_solver.json", "solver: expected one of \"smoke\", \"smoke3d\", \"water\", got \"lava\""},
        BadScene{"bad_3d_unknown_key.json", "grid.nw: unknown key (expected one of:"},
        BadScene{"bad_3d_emitter_outside.json", "emitters[0].position: expected a point inside the domain [0, 1.000000] x [0, 1.000000] x [0, 1.000000] m"},
        BadScene{"bad_3d_collider_path.json", "colliders[0].path[1].time: expected times that increase along the path"},
        BadScene{"bad_3d_collider_shape.json", "colliders[0].shape: expected one of \"sphere\", \"box\", \"capsule\", got \"cone\""},
        BadScene{"bad_3d_periodic.json", "boundaries.front: expected \"periodic\", because back is periodic"},
        BadScene{"bad_3d_combustion.json", "settings.combustion.burnRate: expected a number >= 0, got -1"},
        BadScene{"bad_3d_camera.json", "output.render.camera.pitch: expected a number in (-90, 90), got 95"},
        BadScene{"bad_3d_look.json", "output.render.look.fireHigh: expected fireHigh > fireLow (K)"},
        BadScene{"bad_3d_view.json", "output.pictures.views[1]: expected one of \"render\", \"density\""},
        BadScene{"bad_3d_colour_field.json", "output.fields.names: \"colour\" needs settings.colour: true"},
        BadScene{"bad_3d_vdb_grid.json", "output.vdb.grids[1]: expected \"density\", \"temperature\", \"flame\", \"fuel\", \"vel\" or \"solid\", got \"smoke\""},
        BadScene{"bad_3d_vdb_up_axis.json", "output.vdb.upAxis: expected one of \"y\", \"z\", got \"x\""},
        BadScene{"bad_3d_box_emitter_radius.json", "emitters[0].radius: a box emitter takes halfExtents"},
        BadScene{"bad_3d_grid_too_large.json", "grid.nx: SmokeSettings3D::nx: must be in [2, 2048] cells (got 4000)"}),
    [](const testing::TestParamInfo<BadScene>& info) {
        std::string name = info.param.file;
        return name.substr(0, name.find('.'));
    });

TEST(SceneRunner, BadOptionsAreNamed) {
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --scale -2 --out " + outputDir("bad_option"));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.output.find("--scale: expected a number in (0, 64]"), std::string::npos) << r.output;
}

TEST(SceneRunner, ListsDevices) {
    const Result r = runRunner("--device list");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("0: "), std::string::npos) << r.output;
}
