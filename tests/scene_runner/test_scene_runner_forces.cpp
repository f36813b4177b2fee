// The scenes whose colliders the fluid moves ("dynamic", common/dynamic_colliders.hpp), small, under
// the validation layer: the ball in the plume rises once let go (the plume's drag beats its
// weight at its start), and the crate in the wind slides downwind; forces.csv has a row per step
// and collider, each tagged with the solver step of its report.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene_test;

namespace {

std::string scene(const char* name) { return std::string(BILLOW_SCENES_DIR) + "/" + name; }

// forces.csv's rows as numbers (the header checked and dropped).
std::vector<std::vector<double>> forcesRows(const std::string& dir) {
    std::istringstream text(readText(dir + "/forces.csv"));
    std::string line;
    std::getline(text, line);
    EXPECT_EQ(line.rfind("step,time,reportStep,collider,x,y,z,vx,vy,vz,fx,fy,fz,", 0), 0u) << line;
    std::vector<std::vector<double>> rows;
    while (std::getline(text, line)) {
        std::vector<double> row;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
        EXPECT_EQ(row.size(), 23u) << line;
        rows.push_back(row);
    }
    return rows;
}

constexpr int kStep = 0, kReportStep = 2, kX = 4, kY = 5, kVx = 7, kVy = 8, kFx = 10, kFy = 11;

} // namespace

// 16 x 24 x 16 cells, 56 steps of 0.02 s: the ball (1 g, let go at 1 s) rises from y = 0.5 m
// in the 0.1 s after its release (early on: it then bobs), pushed up by more than its weight.
TEST(SceneRunnerForces, BallRisesInThePlume) {
    const std::string dir = outputDir("ball_in_plume");
    const Result r = runRunner(scene("ball_in_plume.json") + " --size 16 --steps 56 --pictures-every 56 "
                               "--render-width 96 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const auto rows = forcesRows(dir);
    ASSERT_EQ(rows.size(), 56u);
    for (const auto& row : rows) EXPECT_EQ(row[kReportStep], row[kStep]);
    const double weight = 0.001 * 9.81;
    // Held until 1 s (step 50), then free.
    EXPECT_DOUBLE_EQ(rows[49][kY], 0.5);
    EXPECT_GT(rows[55][kY], 0.5) << "the ball did not rise";
    EXPECT_GT(rows[55][kVy], 0.0);
    double meanForce = 0.0;
    for (size_t k = 50; k < 56; ++k) meanForce += rows[k][kFy] / 6.0;
    EXPECT_GT(meanForce, weight) << "the plume's mean force after the release";
    EXPECT_TRUE(fs::exists(dir + "/render/0001.png"));
}

// 48 x 16 cells, 60 steps of 0.01 s: the crate (let go at 0.2 s) slides downwind (+x) along the
// floor, pushed by a force along +x.
TEST(SceneRunnerForces, CrateSlidesDownwind) {
    const std::string dir = outputDir("wind_box");
    const Result r = runRunner(scene("wind_box.json") + " --size 48 --steps 60 --pictures-every 30 --animation none "
                               "--validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const auto rows = forcesRows(dir);
    ASSERT_EQ(rows.size(), 60u);
    EXPECT_DOUBLE_EQ(rows[19][kX], 0.6);
    EXPECT_GT(rows[59][kX], 0.6 + 0.01) << "the crate did not move downwind";
    EXPECT_GT(rows[59][kVx], 0.0);
    EXPECT_NEAR(rows[59][kY], 0.15, 1e-6) << "the floor holds it";
    for (size_t k = 20; k < rows.size(); ++k) EXPECT_GT(rows[k][kFx], 0.0) << "step " << rows[k][kStep];
    EXPECT_TRUE(fs::exists(dir + "/dye/0002.png"));
}
