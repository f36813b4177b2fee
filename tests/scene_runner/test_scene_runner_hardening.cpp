// The scene runner's guarantees under hostile input and blown-up runs: a run whose state goes
// non-finite stops with exit status 4 and writes nothing (or keeps its files with --keep-failed);
// a failed run leaves an earlier run's output as it was; NaN never indexes a colour map; metrics
// keep NaN; library field names map back onto scene keys. The fuzz tests are in fuzz/.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/cell_velocity.hpp"
#include "common/colour_maps.hpp"
#include "common/finite_state.hpp"
#include "common/npy_io.hpp"
#include "common/settings_check.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene;
using namespace billow::scene_test;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A 16 x 16 smoke scene whose buoyancy overflows float in the first step: density 3e38 times a
// density weight of 1e10 (both finite, so the scene itself is valid).
std::string blowUpScene(const std::string& dir) {
    fs::create_directories(dir);
    writeNpy(dir + "/dense.npy", {16, 16}, std::vector<float>(256, 3e38f));
    std::ofstream(dir + "/blow_up.json") << R"({
      "grid": { "nx": 16, "ny": 16 },
      "settings": { "densityWeight": 1e10 },
      "initial": { "density": "dense.npy" },
      "time": { "steps": 4 },
      "output": { "pictures": { "every": 1, "views": ["dye", "speed", "velocity"] }, "animation": { "format": "none" },
                  "fields": { "names": ["velocityY"], "every": 1 } }
    })";
    return dir + "/blow_up.json";
}

} // namespace

TEST(SceneRunnerHardening, NonFiniteStateExitsFourAndWritesNothing) {
    const std::string dir = outputDir("blow_up");
    const std::string out = dir + "/out";
    const Result r = runRunner(blowUpScene(dir) + " --out " + out);
    EXPECT_EQ(r.status, 4) << r.output;
    EXPECT_NE(r.output.find("is not finite"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out)) << r.output;
    for (const auto& entry : fs::directory_iterator(dir)) EXPECT_EQ(entry.path().filename().string().find(".out.partial"), std::string::npos);
}

TEST(SceneRunnerHardening, KeepFailedKeepsTheEvidence) {
    const std::string dir = outputDir("blow_up_kept");
    const Result r = runRunner(blowUpScene(dir) + " --keep-failed --out " + dir + "/out");
    EXPECT_EQ(r.status, 4) << r.output;
    EXPECT_FALSE(fs::exists(dir + "/out"));
    fs::path kept;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().filename().string().rfind(".out.partial-", 0) == 0) kept = entry.path();
    ASSERT_FALSE(kept.empty()) << r.output;
    EXPECT_NE(r.output.find(kept.string()), std::string::npos) << r.output;
    // The metrics say which numbers went bad (JSON has no NaN: null, listed under nonFinite).
    const std::string metrics = readText(kept / "metrics.jsonl");
    EXPECT_NE(metrics.find("\"nonFinite\""), std::string::npos) << metrics;
    EXPECT_NE(metrics.find("null"), std::string::npos) << metrics;
    EXPECT_TRUE(fs::exists(kept / "speed_0001.png"));
}

TEST(SceneRunnerHardening, AFailedRunLeavesAnEarlierOutputAsItWas) {
    const std::string dir = outputDir("earlier_output");
    const std::string out = dir + "/out";
    const Result good = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 16 --steps 2 --animation none --out " + out);
    ASSERT_EQ(good.status, 0) << good.output;
    const std::string metrics = readText(out + "/metrics.jsonl");
    std::ofstream(out + "/notes.txt") << "mine";
    const Result bad = runRunner(blowUpScene(dir) + " --out " + out);
    EXPECT_EQ(bad.status, 4) << bad.output;
    EXPECT_EQ(readText(out + "/metrics.jsonl"), metrics);
    EXPECT_TRUE(fs::exists(out + "/dye_0000.png"));
    EXPECT_EQ(readText(out + "/notes.txt"), "mine");
    // A successful run replaces the runner's own files and leaves the stranger's.
    const Result again = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 16 --steps 4 --animation none --out " + out);
    ASSERT_EQ(again.status, 0) << again.output;
    EXPECT_EQ(countLines(out + "/metrics.jsonl"), 4u);
    EXPECT_EQ(readText(out + "/notes.txt"), "mine");
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
