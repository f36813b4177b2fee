// Floating bodies in a water scene: the bundled river_boats at 64 x 24 cells (1 m) for 10 s on
// lavapipe. Every boat and the log are carried downstream (the river runs about 0.5 m/s; the
// bodies start at rest and the drag brings them up to 0.3 .. 0.4 m/s over the 10 s: each moves
// more than 0.5 m along +x and stays in the channel), bodies.csv holds one line per body per step,
// and the water pictures are written.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene_test;

TEST(WaterScenes, RiverBoatsDriftDownstream) {
    const std::string dir = outputDir("river_boats");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) +
                               "/river_boats.json --size 64 --seconds 10 --animation none --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_TRUE(fs::exists(dir + "/water/0010.png"));
    std::istringstream csv(readText(dir + "/bodies.csv"));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line.rfind("step,time,body,x,y,z", 0), 0u) << line;
    std::map<int, std::vector<double>> first, last;  // body -> (x, y)
    int lines = 0;
    while (std::getline(csv, line)) {
        std::vector<double> v;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) v.push_back(std::stod(cell));
        ASSERT_EQ(v.size(), 17u) << line;
        const int body = static_cast<int>(v[2]);
        if (!first.count(body)) first[body] = {v[3], v[4]};
        last[body] = {v[3], v[4]};
        ++lines;
    }
    ASSERT_EQ(first.size(), 4u);
    EXPECT_EQ(lines, 4 * 200);  // 10 s of 0.05 s steps
    for (const auto& [body, start] : first) {
        SCOPED_TRACE("body " + std::to_string(body));
        EXPECT_GT(last[body][0] - start[0], 0.5);
        EXPECT_GT(last[body][1], 6.0);  // still between the banks (the channel spans y = 6 .. 18 m)
        EXPECT_LT(last[body][1], 18.0);
    }
}
