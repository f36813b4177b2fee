// Probes in the scene runner ("probes", examples/scene_runner/smoke/smoke_probes.*): the bundled
// probes scene writes probes.csv with one row per probe and step, in order, with finite values,
// the probe in the cylinder flagged as in a solid; a probe outside the domain is refused by key.
// Runs on lavapipe at a small size.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene_test;

namespace {

std::vector<std::string> splitCsv(const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
    return cells;
}

} // namespace

// probes.json (a rake of 7, one probe in the wake, one in the cylinder) at 32 cells across for 10
// steps: 9 rows a step, frames and steps 1..10 (step() waits, so each step's own results), probe
// indices 0..8 in order, the points the scene gives, every value finite, flags 2 (in solid) only
// for the probe at the cylinder's centre.
TEST(SceneRunnerProbes, WritesOneFiniteRowPerProbeAndStep) {
    const std::string dir = outputDir("probes");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) +
                               "/probes.json --size 32 --steps 10 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("probes.csv: 90 rows (9 probes)"), std::string::npos) << r.output;
    EXPECT_TRUE(fs::exists(dir + "/dye/0001.png"));

    std::stringstream csv(readText(dir + "/probes.csv"));
    std::string line;
    ASSERT_TRUE(std::getline(csv, line));
    EXPECT_EQ(line, "frame,step,probe,x,y,velocityX,velocityY,density,temperature,pressure,flags");
    const double rakeX[7] = {0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};
    size_t rows = 0;
    for (uint32_t step = 1; step <= 10; ++step)
        for (uint32_t probe = 0; probe < 9; ++probe) {
            ASSERT_TRUE(std::getline(csv, line)) << "step " << step << " probe " << probe;
            const std::vector<std::string> cells = splitCsv(line);
            ASSERT_EQ(cells.size(), 11u) << line;
            EXPECT_EQ(std::stoul(cells[0]), step) << line;
            EXPECT_EQ(std::stoul(cells[1]), step) << line;
            EXPECT_EQ(std::stoul(cells[2]), probe) << line;
            const double x = std::stod(cells[3]), y = std::stod(cells[4]);
            if (probe < 7) {
                EXPECT_NEAR(x, rakeX[probe], 1e-6) << line;
                EXPECT_NEAR(y, 1.0, 1e-6) << line;
            } else {
                EXPECT_NEAR(x, 0.5, 1e-6) << line;
                EXPECT_NEAR(y, probe == 7 ? 0.75 : 0.55, 1e-6) << line;
            }
            for (size_t c = 5; c < 10; ++c) EXPECT_TRUE(std::isfinite(std::stod(cells[c]))) << line;
            EXPECT_EQ(std::stoul(cells[10]), probe == 8 ? 2u : 0u) << line;
            ++rows;
        }
    EXPECT_FALSE(std::getline(csv, line)) << "more rows than probes x steps: " << line;
    EXPECT_EQ(rows, 90u);
}

TEST(SceneRunnerProbes, AProbeOutsideTheDomainIsRefusedByKey) {
    const std::string dir = outputDir("bad_probe_outside");
    const Result r = runRunner(std::string(TEST_SCENES_DIR) + "/bad_probe_outside.json --out " + dir);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("probes[1].to: expected a point inside the domain"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir));
}
