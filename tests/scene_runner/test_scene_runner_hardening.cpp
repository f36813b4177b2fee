// The scene runner's guarantees under hostile input and failed runs: a run that fails mid-run
// writes nothing (or keeps its files with --keep-failed) and leaves an earlier run's output as it
// was; a non-finite state is named (exit status 4); NaN never indexes a colour map; metrics
// keep NaN; library field names map back onto scene keys. The fuzz tests are in fuzz/.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/file_io.hpp"
#include "common/legends.hpp"
#include "common/maths.hpp"
#include "common/pictures.hpp"
#include "common/run_loop.hpp"
#include "common/scene_reader.hpp"
#include "scene_loader.hpp"
#include "smoke3d/smoke3d_outputs.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene;
using namespace billow::scene_test;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A water scene that the solver refuses at its second step: a spring pours 1000 m^3 into dry
// ground in the first step, and the wave speed of that depth needs more substeps than
// maxSubsteps = 1 allows. (Dry at the start, so the scene's own dt check passes.)
std::string failingScene(const std::string& dir) {
    fs::create_directories(dir);
    std::ofstream(dir + "/fails_mid_run.json") << R"({
      "solver": "water",
      "grid": { "nx": 16, "ny": 16, "width": 16 },
      "settings": { "model": "momentum", "maxSubsteps": 1 },
      "events": [ { "type": "spring", "position": [8, 8], "radius": 3, "flow": 1000 } ],
      "time": { "dt": 1, "steps": 6 },
      "output": { "pictures": { "every": 1 }, "animation": { "format": "none" }, "fields": { "names": ["depth"], "every": 1 } }
    })";
    return dir + "/fails_mid_run.json";
}

} // namespace

TEST(SceneRunnerHardening, AFailedRunWritesNothing) {
    const std::string dir = outputDir("fails_mid_run");
    const std::string out = dir + "/new/out";
    const Result r = runRunner(failingScene(dir) + " --out " + out);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("maxSubsteps"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("the output folder is as it was"), std::string::npos) << r.output;
    // Neither the output folder nor the parent made for it, nor the staging folder.
    EXPECT_FALSE(fs::exists(dir + "/new")) << r.output;
}

// A state that stops being finite ends the run with NonFiniteState (exit status 4), naming the
// step, the field and the first bad index. (The library's bounds on every input keep a scene
// from blowing up within a test's few steps, so this is checked on the check itself.)
TEST(SceneRunnerHardening, NonFiniteFieldsAreNamed) {
    std::vector<float> values(40, 1.0f);
    EXPECT_NO_THROW(requireFiniteField(values, "velocityX", 3));
    values[17] = std::numeric_limits<float>::infinity();
    try {
        requireFiniteField(values, "velocityX", 3);
        ADD_FAILURE() << "no NonFiniteState";
    } catch (const NonFiniteState& e) {
        EXPECT_STREQ(e.what(), "step 3: velocityX is not finite (+infinity at index 17 of 40)");
    }
    values[5] = kNaN;
    EXPECT_THROW(requireFiniteField(values, "velocityX", 3), NonFiniteState);
}

TEST(SceneRunnerHardening, KeepFailedKeepsTheEvidence) {
    const std::string dir = outputDir("fails_mid_run_kept");
    const Result r = runRunner(failingScene(dir) + " --keep-failed --out " + dir + "/out");
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_FALSE(fs::exists(dir + "/out"));
    fs::path kept;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().filename().string().rfind(".out.partial-", 0) == 0) kept = entry.path();
    ASSERT_FALSE(kept.empty()) << r.output;
    EXPECT_NE(r.output.find(kept.string()), std::string::npos) << r.output;
    // What the run wrote before the step the solver refused (the initial state).
    EXPECT_TRUE(fs::exists(kept / "water" / "0000.png"));
    EXPECT_TRUE(fs::exists(kept / "metrics.jsonl"));
    fs::remove_all(kept);
}

TEST(SceneRunnerHardening, AFailedRunLeavesAnEarlierOutputAsItWas) {
    const std::string dir = outputDir("earlier_output");
    const std::string out = dir + "/out";
    const Result good = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 16 --steps 2 --animation none --out " + out);
    ASSERT_EQ(good.status, 0) << good.output;
    const std::string metrics = readText(out + "/metrics.jsonl");
    std::ofstream(out + "/notes.txt") << "mine";
    const Result bad = runRunner(failingScene(dir) + " --out " + out);
    EXPECT_EQ(bad.status, 1) << bad.output;
    EXPECT_EQ(readText(out + "/metrics.jsonl"), metrics);
    EXPECT_TRUE(fs::exists(out + "/dye/0000.png"));
    EXPECT_EQ(readText(out + "/notes.txt"), "mine");
    // A successful run replaces the runner's own files and leaves the stranger's.
    const Result again = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 16 --steps 4 --animation none --out " + out);
    ASSERT_EQ(again.status, 0) << again.output;
    EXPECT_EQ(countLines(out + "/metrics.jsonl"), 4u);
    EXPECT_EQ(readText(out + "/notes.txt"), "mine");
}

// A run killed by a signal leaves its staging folder: the next run into the same folder removes
// it (its process is gone), and leaves a live run's alone.
TEST(SceneRunnerHardening, AKilledRunsStagingFolderIsRemovedByTheNextRun) {
    const std::string dir = outputDir("stale_staging");
    fs::create_directories(dir);
    std::ofstream(dir + "/tiny.json") << R"({ "grid": { "nx": 8, "ny": 8 }, "time": { "dt": 0.01, "steps": 1 },
      "output": { "metrics": true } })";
    const std::string stale = dir + "/.out.partial-999999999", live = dir + "/.out.partial-1";  // pid 1 runs
    fs::create_directories(stale + "/sheet");
    fs::create_directories(live);
    const Result r = runRunner(dir + "/tiny.json --out " + dir + "/out");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::exists(live));
    fs::remove_all(live);
}

// Keys and values from a file are quoted escaped: a NUL (or any control character) in a key
// would cut the message at a terminal or a C string, so that "nx\u0000" read as a valid "nx".
// Every SceneError's key and message pass through printable(): control characters become \u00XX.
TEST(SceneRunnerHardening, ControlCharactersInKeysAndValuesAreQuotedEscaped) {
    EXPECT_EQ(printable(std::string("nx\0", 3)), "nx\\u0000");
    EXPECT_EQ(printable("a\tb\x7f\x1f"), "a\\u0009b\\u007f\\u001f");
    EXPECT_EQ(printable("grid.nx \xc3\xa9"), "grid.nx \xc3\xa9");  // printable text (UTF-8 too) as it is
    const std::string dir = outputDir("control_characters");
    fs::create_directories(dir);
    struct Case {
        const char* scene;
        const char* key;      // as the error names it
        const char* problem;  // a part of the message after the key
    };
    const Case cases[] = {
        {R"({ "grid": { "nx": 8, "ny": 8, "nx\u0000": 9 }, "time": { "dt": 0.01, "steps": 1 } })", "grid.nx\\u0000",
         "unknown key"},
        {R"({ "grid": { "nx": 8, "ny": 8 }, "time": { "dt": 0.01, "steps": 1 }, "a\u0001b": { "c": 1 } })", "a\\u0001b",
         "unknown key"},
        {R"({ "solver": "water", "grid": { "nx": 8, "ny": 8, "width": 8 }, "terrain": { "npy": "t\u0002.npy" },
              "time": { "dt": 0.01, "steps": 1 } })",
         "terrain.npy", "t\\u0002.npy"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.key);
        std::ofstream(dir + "/scene.json") << c.scene;
        try {
            (void)loadScene(dir + "/scene.json", LoadOptions{});
            ADD_FAILURE() << "loaded";
        } catch (const SceneError& e) {
            const std::string what = e.what();
            EXPECT_EQ(e.key(), c.key);
            EXPECT_EQ(what.rfind(std::string(c.key) + ": ", 0), 0u) << what;
            EXPECT_NE(what.find(c.problem), std::string::npos) << what;
            EXPECT_TRUE(std::none_of(what.begin(), what.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }))
                << what;
        }
    }
    // The runner's own message on the terminal: the whole key, escaped.
    std::ofstream(dir + "/scene.json") << cases[0].scene;
    const Result r = runRunner(dir + "/scene.json --check");
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("grid.nx\\u0000: unknown key"), std::string::npos) << r.output;
}

// The documented inclusive bounds of a cell are accepted as the file writes them (1e-6 m was
// refused: the float it becomes is below the double 1e-6); beyond them the grid is refused.
TEST(SceneRunnerHardening, CellSizeBoundsAreInclusive) {
    const std::string dir = outputDir("cell_bounds");
    fs::create_directories(dir);
    for (const char* cell : {"1e-6", "1e6", "9e-7"}) {
        std::ofstream(dir + "/cell.json") << R"({ "grid": { "nx": 8, "ny": 8, "cellSize": )" << cell
                                          << R"( }, "time": { "dt": 0.01, "steps": 1 } })";
        const Result r = runRunner(dir + "/cell.json --check");
        if (std::string(cell) == "9e-7") EXPECT_NE(r.status, 0) << r.output;
        else EXPECT_EQ(r.status, 0) << cell << ": " << r.output;
    }
}

// A render look or camera the renderer would refuse (a colour temperature of 50 K gave NaN
// pixels; a camera 1e-30 diagonals away) is refused when the scene is read, exit 2, naming the
// scene's key; the bounds themselves accepted.
TEST(SceneRunnerHardening, RenderLookAndCameraGetTheRenderersBounds) {
    const std::string dir = outputDir("look_bounds");
    fs::create_directories(dir);
    const auto scene = [&](const std::string& render) {
        std::ofstream(dir + "/look.json") << R"({ "solver": "smoke3d", "grid": { "nx": 8, "ny": 8, "nz": 8, "width": 1 },
            "time": { "dt": 0.02, "steps": 1 }, "output": { "render": )" << render << R"( } })";
        return runRunner(dir + "/look.json --check");
    };
    for (const auto& [render, key] : std::vector<std::pair<std::string, std::string>>{
             {R"({ "look": { "colourLow": 50 } })", "output.render.look.colourLow"},
             {R"({ "look": { "colourHigh": 3e38 } })", "output.render.look.colourHigh"},
             {R"({ "camera": { "distance": 1e-30 } })", "output.render.camera.distance"}}) {
        const Result r = scene(render);
        EXPECT_EQ(r.status, 2) << render << ": " << r.output;
        EXPECT_NE(r.output.find(key), std::string::npos) << render << ": " << r.output;
    }
    const Result accepted = scene(R"({ "look": { "colourLow": 500, "colourHigh": 50000 }, "camera": { "distance": 0.001 } })");
    EXPECT_EQ(accepted.status, 0) << accepted.output;
}

// Many 3D obstacles cost their bounding boxes' volume, not cells times obstacles (50 000 boxes on
// a 24^3 grid ran for minutes); more than the count bound is refused with a clear error.
TEST(SceneRunnerHardening, ManyObstaclesAreBoundedOrRefused) {
    const std::string dir = outputDir("many_obstacles");
    fs::create_directories(dir);
    auto write = [&](size_t count) {
        nlohmann::json scene = {{"solver", "smoke3d"},
                                {"grid", {{"nx", 24}, {"ny", 24}, {"nz", 24}, {"cellSize", 1.0 / 24}}},
                                {"time", {{"dt", 0.02}, {"steps", 1}}}};
        for (size_t k = 0; k < count; ++k) {
            const double x = 0.9 * double(k % 97) / 97.0, y = 0.9 * double(k % 89) / 89.0, z = 0.9 * double(k % 83) / 83.0;
            scene["obstacles"].push_back({{"shape", "box"}, {"min", {x, y, z}}, {"max", {x + 0.05, y + 0.05, z + 0.05}}});
        }
        std::ofstream(dir + "/many.json") << scene.dump();
    };
    write(4096);
    Result r = runRunner(dir + "/many.json --out " + dir + "/out");
    EXPECT_EQ(r.status, 0) << r.output;
    write(4097);
    r = runRunner(dir + "/many.json --check");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.output.find("at most 4096 obstacles"), std::string::npos) << r.output;
}

TEST(SceneRunnerHardening, OutputThatIsAFileIsRefused) {
    const std::string dir = outputDir("out_is_file");
    fs::create_directories(dir);
    std::ofstream(dir + "/file") << "x";
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 16 --steps 1 --out " + dir + "/file");
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("--out: "), std::string::npos) << r.output;
}

TEST(SceneRunnerHardening, OutOfRangeCommandLineCountsAreRefused) {
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --seconds 1e30 --check");
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("--seconds: expected at most 10000000 steps"), std::string::npos) << r.output;
    const Result s = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 99999999999 --check");
    EXPECT_EQ(s.status, 2) << s.output;
}

// Pictures are bounded in pixels whatever sets their size (a frame of every view is held in
// memory): --picture-size on a square grid, and a tall render made wide by --render-width.
TEST(SceneRunnerHardening, PictureSizesAreBoundedInPixels) {
    const Result big = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --picture-size 16384 --check");
    EXPECT_EQ(big.status, 2) << big.output;
    EXPECT_NE(big.output.find("--picture-size: makes pictures of 10923 x 16384 pixels"), std::string::npos) << big.output;
    // An elongated picture of the same long side is within the bound.
    const std::string dir = outputDir("picture_bounds");
    fs::create_directories(dir);
    std::ofstream(dir + "/wide.json") << R"({ "grid": { "nx": 256, "ny": 8 }, "time": { "steps": 1 },
      "output": { "pictures": { "size": 16384 } } })";
    const Result wide = runRunner(dir + "/wide.json --check");
    EXPECT_EQ(wide.status, 0) << wide.output;
    std::ofstream(dir + "/tall_render.json") << R"({ "solver": "smoke3d", "grid": { "nx": 8, "ny": 8, "nz": 8 },
      "time": { "steps": 1 }, "output": { "pictures": { "views": ["render"] }, "render": { "width": 16, "height": 4096 } } })";
    const Result tall = runRunner(dir + "/tall_render.json --render-width 4096 --check");
    EXPECT_EQ(tall.status, 2) << tall.output;
    EXPECT_NE(tall.output.find("--render-width: makes the render 4096 x 1048576 pixels"), std::string::npos) << tall.output;
}

// The 3D runner's VDB files go through the staging folder like every other file: they appear in
// <out>/vdb/ when the run succeeds, a later run replaces them (a shorter run leaves none of the
// earlier run's extra steps), and their count is bounded.
TEST(SceneRunnerHardening, VdbFilesAreStagedAndReplaced) {
    const std::string dir = outputDir("vdb_staged");
    fs::create_directories(dir);
    std::ofstream(dir + "/cube.json") << R"({ "solver": "smoke3d", "name": "cube", "grid": { "nx": 8, "ny": 8, "nz": 8 },
      "emitters": [ { "shape": "sphere", "position": [0.5, 0.2, 0.5], "radius": 0.2, "density": 1, "temperature": 350 } ],
      "time": { "steps": 3 }, "output": { "pictures": { "every": 0 }, "animation": { "format": "none" },
                                         "metrics": false, "vdb": { "every": 1 } } })";
    const Result tooMany = runRunner(dir + "/cube.json --steps 200000 --check");
    EXPECT_EQ(tooMany.status, 2) << tooMany.output;
    if (!billow::scene::vdbAvailable()) {
        EXPECT_NE(tooMany.output.find("output.vdb"), std::string::npos) << tooMany.output;
        GTEST_SKIP() << "built without OpenVDB";
    }
    EXPECT_NE(tooMany.output.find("output.vdb.every: would write 200001 VDB files"), std::string::npos) << tooMany.output;
    const std::string out = dir + "/out";
    const Result first = runRunner(dir + "/cube.json --out " + out);
    ASSERT_EQ(first.status, 0) << first.output;
    auto vdbFiles = [&] {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(out + "/vdb")) names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    };
    EXPECT_EQ(vdbFiles(), (std::vector<std::string>{"cube_000000.vdb", "cube_000001.vdb", "cube_000002.vdb", "cube_000003.vdb"}));
    const Result second = runRunner(dir + "/cube.json --steps 1 --out " + out);
    ASSERT_EQ(second.status, 0) << second.output;
    EXPECT_EQ(vdbFiles(), (std::vector<std::string>{"cube_000000.vdb", "cube_000001.vdb"}));
    for (const auto& entry : fs::directory_iterator(dir))
        EXPECT_EQ(entry.path().filename().string().find(".partial-"), std::string::npos) << entry.path();
}

// A blown-up field's range is infinite: its colour bar is still drawn (NaN samples magenta), with
// no zero tick placed from an infinite ratio.
TEST(ColourBar, InfiniteRangeIsDrawnWithoutAZeroTick) {
    Picture picture{64, 8, std::vector<uint8_t>(64 * 8 * 3, 0)};
    const double inf = std::numeric_limits<double>::infinity();
    drawColourBar(picture, [](double v) { return diverging(float(v / std::numeric_limits<double>::infinity())); }, -inf, inf,
                  "speed");
    EXPECT_GT(picture.height, 8u);
    EXPECT_EQ(picture.rgb.size(), size_t(picture.width) * picture.height * 3);
}

TEST(ColourMaps, NaNIsMagentaAndNeverAnIndex) {
    EXPECT_EQ(sequential(kNaN), kNonFiniteColour);
    EXPECT_EQ(diverging(kNaN), kNonFiniteColour);
    EXPECT_EQ(directional(kNaN, 0.5f), kNonFiniteColour);
    EXPECT_EQ(directional(1.0f, kNaN), kNonFiniteColour);
    EXPECT_EQ(toByte(kNaN), 0);
    EXPECT_EQ(toByte(std::numeric_limits<float>::infinity()), 255);
    EXPECT_EQ(toByte(-1.0f), 0);
    // Finite values never come out magenta.
    for (float x = -1.5f; x <= 1.5f; x += 0.01f) {
        EXPECT_NE(sequential(x), kNonFiniteColour);
        EXPECT_NE(diverging(x), kNonFiniteColour);
        EXPECT_NE(directional(x * 4.0f, std::fabs(x)), kNonFiniteColour);
    }
}

TEST(Metrics, KeepNaNAndNameIt) {
    EXPECT_TRUE(std::isnan(largestSpeed({1.0f, 0.0f, kNaN, 0.0f, 3.0f, 4.0f})));
    EXPECT_EQ(largestSpeed({1.0f, 0.0f, 3.0f, 4.0f}), 5.0);
    nlohmann::ordered_json record = {{"step", 3}, {"maxSpeed", double(kNaN)}, {"totalDye", {1.0, double(kNaN)}},
                                     {"gpuMs", {{"pressure", std::numeric_limits<double>::infinity()}}}};
    EXPECT_EQ(nonFiniteEntries(record), (std::vector<std::string>{"maxSpeed", "totalDye[1]", "gpuMs.pressure"}));
    EXPECT_NE(record.dump().find("\"maxSpeed\":null"), std::string::npos);
}

TEST(SettingsCheck, LibraryFieldsMapOntoSceneKeys) {
    using billow::scene::detail::sceneKeyOfField;
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::viscosity"), "settings.viscosity");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::gravity[1]"), "settings.gravity");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::nx"), "grid.nx");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::dyeNy"), "grid.dyeNy");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::nx/ny"), "grid");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::boundaries[Left].dye[2]", {{"dye", "colour"}}), "boundaries.left.colour");
    EXPECT_EQ(sceneKeyOfField("SmokeSettings::boundaries[Top].type"), "boundaries.top.type");
    EXPECT_EQ(sceneKeyOfField("WaterSettings::overrides[1].boundary.flow"), "boundaries.openings[1].flow");
    EXPECT_EQ(sceneKeyOfField("WaterSettings::overrides[0].first/count"), "boundaries.openings[0]");
    EXPECT_EQ(sceneKeyOfField("dt"), "settings");
}
