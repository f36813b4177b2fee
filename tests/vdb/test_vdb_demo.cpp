// vdb_demo (examples/vdb_export/vdb_demo.cpp) run as a user runs it, its files read back with the
// OpenVDB library: without --up-axis it writes z-up, as Blender (the first look
// docs/vdb-export.md walks through) needs; the dense fire and the sparse campfire give the same
// grids, "vel", "flame" and "solid" among them, from the first file on.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/wait.h>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>

#include "support/run_command.hpp"
#include "support/tree_paths.hpp"

namespace {

billow::test::CommandResult runDemo(const std::string& args) {
    return billow::test::runCommand(std::string(VDB_DEMO) + " " + args + " 2>&1");
}

struct File {
    std::string upAxis;
    std::vector<std::string> grids;  // sorted
};

File readFile(const std::filesystem::path& path) {
    openvdb::initialize();
    openvdb::io::File file(path.string());
    file.open();
    File out;
    out.upAxis = file.getMetadata()->metaValue<std::string>("up_axis");
    const openvdb::GridPtrVecPtr grids = file.getGrids();
    file.close();
    for (const auto& g : *grids) out.grids.push_back(g->getName());
    std::sort(out.grids.begin(), out.grids.end());
    return out;
}

const std::vector<std::string> kGrids = {"density", "flame", "fuel", "solid", "temperature", "vel"};

TEST(VdbDemo, WritesZUpByDefaultWithEveryGrid) {
    const std::filesystem::path dir = std::filesystem::path(VDB_TEST_OUTPUT_DIR) / "vdb_demo";
    std::filesystem::remove_all(dir);
    const billow::test::CommandResult dense = runDemo(dir.string() + " --size 16 --steps 2");
    ASSERT_EQ(dense.status, 0) << dense.output;
    const File fire = readFile(dir / "fire_0000.vdb");
    EXPECT_EQ(fire.upAxis, "z");
    EXPECT_EQ(fire.grids, kGrids);

    const billow::test::CommandResult yUp = runDemo(dir.string() + " --size 16 --steps 2 --up-axis y");
    ASSERT_EQ(yUp.status, 0) << yUp.output;
    EXPECT_EQ(readFile(dir / "fire_0000.vdb").upAxis, "y");

    const billow::test::CommandResult sparse = runDemo(dir.string() + " --size 16 --steps 2 --sparse");
    ASSERT_EQ(sparse.status, 0) << sparse.output;
    const File campfire = readFile(dir / "campfire_0000.vdb");
    EXPECT_EQ(campfire.upAxis, "z");
    EXPECT_EQ(campfire.grids, kGrids);
}

} // namespace
