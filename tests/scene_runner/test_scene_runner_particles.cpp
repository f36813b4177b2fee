// The scenes' particles (common/particle_plan.hpp, docs/particles.md): the bundled embers rise
// with the campfire's plume, and the "particles" key's mistakes are refused naming the key.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/file_io.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using billow::scene::NpyArray;
using billow::scene::readNpy;
using namespace billow::scene_test;

namespace {
std::string scene(const char* name) { return std::string(BILLOW_SCENES_DIR) + "/" + name; }
} // namespace

// 30 steps of 0.04 s: 1.2 s, so floor(1.2 s * 1500 / 2.5 s) = 720 embers have been released
// from the box over the logs (y 0.10 .. 0.14 m), none yet recycled. The plume lifts them: on
// average well above where they started, all inside the domain (1 x 1.5 x 1 m).
TEST(SceneRunnerParticles, CampfireEmbersRise) {
    const std::string dir = outputDir("campfire_embers");
    const Result r = runRunner(scene("campfire_embers.json") + " --size 16 --steps 30 --pictures-every 30 "
                               "--render-width 140 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(readNpy(dir + "/fields/particles_000000.npy").shape, (std::vector<uint64_t>{0, 4}));
    const NpyArray embers = readNpy(dir + "/fields/particles_000030.npy");
    ASSERT_EQ(embers.shape, (std::vector<uint64_t>{720, 4}));
    double meanHeight = 0.0;
    for (uint64_t k = 0; k < embers.shape[0]; ++k) {
        const float* e = &embers.values[4 * k];
        for (int a = 0; a < 3; ++a) {
            EXPECT_GE(e[a], 0.0f);
            EXPECT_LE(e[a], a == 1 ? 1.5f : 1.0f);
        }
        EXPECT_GE(e[3], 0.0f);  // age
        EXPECT_LE(e[3], 1.2f + 1e-4f);
        meanHeight += e[1] / double(embers.shape[0]);
    }
    EXPECT_GT(meanHeight, 0.14 + 0.1) << "the embers' mean height " << meanHeight << " m";
    EXPECT_TRUE(fs::exists(dir + "/render/0001.png"));
}

// Each mistake in "particles" names its key.
TEST(SceneRunnerParticles, BadParticleKeysAreRefused) {
    const std::string base = R"({"solver": "smoke3d", "grid": {"nx": 8, "ny": 8, "nz": 8, "width": 1.0},
        "time": {"dt": 0.04, "steps": 1}, "particles": )";
    const struct {
        const char* particles;
        const char* key;
    } cases[] = {
        {R"({"max": [0.5, 0.5, 0.5]})", "particles.min"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 2.0, 0.5]})", "particles.max"},
        {R"({"min": [0.5, 0.1, 0.1], "max": [0.2, 0.5, 0.5]})", "particles.max"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "count": 0})", "particles.count"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "lifetime": 0})", "particles.lifetime"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "gravityScale": 1})", "particles.gravityScale"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "drag": -1})", "particles.drag"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "colour": "red"})", "particles.colour"},
        {R"({"min": [0.1, 0.1, 0.1], "max": [0.5, 0.5, 0.5], "sparkle": 1})", "particles.sparkle"},
    };
    for (const auto& c : cases) {
        const std::string file = outputDir("bad_particles") + ".json";
        std::ofstream(file) << base << c.particles << "}";
        const Result r = runRunner(file + " --out " + outputDir("bad_particles_out"));
        EXPECT_EQ(r.status, 2) << c.particles << "\n" << r.output;
        EXPECT_NE(r.output.find(c.key), std::string::npos) << c.particles << "\n" << r.output;
    }
}
