// The scene runner's .vdb files read back with the OpenVDB library: a sequence written every 5
// steps is numbered by output frame (0, 1, 2, consecutive, as Blender and Houdini need to load it
// as a sequence), each file says its step and time and holds every grid (the first, before the
// emitter has run, too), "upAxis": "z" turns the frame for Blender, and the obstacle is in the
// "solid" grid.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>

#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene_test;

namespace {

TEST(VdbSceneRunner, EveryFiveStepsIsNumberedByFrameWithStepAndTime) {
    const std::string dir = outputDir("vdb_every_five");
    fs::create_directories(dir);
    std::ofstream(dir + "/seq.json") << R"({
      "solver": "smoke3d",
      "grid": { "nx": 8, "ny": 10, "nz": 6, "width": 0.8 },
      "obstacles": [ { "shape": "box", "min": [0.3, 0.6, 0.0], "max": [0.5, 0.7, 0.6] } ],
      "emitters": [ { "position": [0.4, 0.15, 0.3], "radius": 0.12, "density": 2, "temperature": 400,
                      "velocity": [0, 0.5, 0], "velocityCoupling": 5 } ],
      "time": { "dt": 0.05, "steps": 10 },
      "output": { "pictures": { "every": 0 }, "animation": { "format": "none" }, "metrics": false,
                  "vdb": { "every": 5, "upAxis": "z" } }
    })";
    const Result r = runRunner(dir + "/seq.json --validation --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir + "/out/vdb")) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"seq_000000.vdb", "seq_000001.vdb", "seq_000002.vdb"}));

    openvdb::initialize();
    for (int frame = 0; frame < 3; ++frame) {
        SCOPED_TRACE(frame);
        openvdb::io::File file(dir + "/out/vdb/" + names[size_t(frame)]);
        file.open();
        const openvdb::MetaMap::Ptr meta = file.getMetadata();
        EXPECT_EQ(meta->metaValue<int64_t>("step"), 5 * frame);
        EXPECT_DOUBLE_EQ(meta->metaValue<double>("time"), 5 * frame * 0.05);
        EXPECT_EQ(meta->metaValue<std::string>("up_axis"), "z");
        const openvdb::GridPtrVecPtr grids = file.getGrids();
        file.close();
        std::vector<std::string> gridNames;
        for (const auto& grid : *grids) gridNames.push_back(grid->getName());
        // Every grid in every file, the first too (Blender takes a sequence's grid list, and so
        // its velocity grid for motion blur, from its first file): the obstacle always; smoke,
        // heat and motion once the emitter has run, the grids empty before (step 0).
        std::sort(gridNames.begin(), gridNames.end());
        EXPECT_EQ(gridNames, (std::vector<std::string>{"density", "flame", "fuel", "solid", "temperature", "vel"}));
        for (const auto& grid : *grids) {
            if (grid->getName() == "solid" || grid->getName() == "fuel") continue;
            EXPECT_EQ(grid->activeVoxelCount() > 0, frame > 0) << grid->getName();
        }
        for (const auto& grid : *grids) {
            if (grid->getName() != "solid") continue;
            // z-up: the box's Billow y range [0.6, 0.7] m is the file's z; its Billow z range
            // [0, 0.6] m the file's y in [-0.6, 0]. Voxel centres; the cell size is a float.
            const openvdb::CoordBBox box = grid->evalActiveVoxelBoundingBox();
            const openvdb::Vec3d low = grid->transform().indexToWorld(box.min()), high = grid->transform().indexToWorld(box.max());
            EXPECT_NEAR(low.z(), 0.65, 1e-6);
            EXPECT_NEAR(high.z(), 0.65, 1e-6);
            EXPECT_NEAR(low.y(), -0.55, 1e-6);
            EXPECT_NEAR(high.y(), -0.05, 1e-6);
        }
    }
}

} // namespace
