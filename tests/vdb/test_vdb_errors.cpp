// The OpenVDB export refuses bad input with an error naming the VolumeFrame field or the path, and
// leaves nothing half-written behind (no file, no temporary, an earlier file untouched).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>

#include "billow/error.hpp"
#include "support/tree_paths.hpp"
#include "volume_frame.hpp"
#ifdef BILLOW_VDB_HAS_NANOVDB
#include "nanovdb_writer.hpp"
#endif

namespace billow::test {
namespace {

using vdb::VolumeFrame;

std::filesystem::path freshDir(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::path(VDB_TEST_OUTPUT_DIR) / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

size_t entries(const std::filesystem::path& dir) {
    return size_t(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()));
}

VolumeFrame goodFrame() {
    VolumeFrame frame;
    frame.nx = 4;
    frame.ny = 3;
    frame.nz = 2;
    frame.cellSize = 0.5;
    frame.density.assign(24, 1.0f);
    frame.temperature.assign(24, 300.0f);
    frame.fuel.assign(24, 0.5f);
    frame.velocityX.assign(24, 1.0f);
    frame.velocityY.assign(24, 0.0f);
    frame.velocityZ.assign(24, -1.0f);
    return frame;
}

// Expects writeVdb(`broken` frame) to throw InvalidArgument whose field is `field` and whose
// message contains `words`, and nothing to appear in the output folder.
void expectRefused(const std::function<void(VolumeFrame&)>& breakIt, const std::string& field, const std::string& words) {
    SCOPED_TRACE(field);
    const std::filesystem::path dir = freshDir("refused");
    VolumeFrame frame = goodFrame();
    breakIt(frame);
    try {
        vdb::writeVdb((dir / "frame.vdb").string(), frame);
        ADD_FAILURE() << "no error for " << field;
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), field);
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
    EXPECT_EQ(entries(dir), 0u) << "something was written for a refused frame";
}

TEST(VdbExportErrors, NameTheFrameFieldThatIsWrong) {
    expectRefused([](VolumeFrame& f) { f.nx = 0; }, "VolumeFrame::nx", "is 0");
    expectRefused([](VolumeFrame& f) { f.nz = 0; }, "VolumeFrame::nz", "is 0");
    expectRefused([](VolumeFrame& f) { f.ny = 3000000000u; }, "VolumeFrame::ny", "int32");
    expectRefused([](VolumeFrame& f) { f.density.pop_back(); }, "VolumeFrame::density", "has 23 values; nx * ny * nz = 4 * 3 * 2 = 24");
    expectRefused([](VolumeFrame& f) { f.nx = 5; f.density.resize(30); f.temperature.resize(30); f.fuel.resize(30); },
                  "VolumeFrame::velocityX", "has 24 values");
    expectRefused([](VolumeFrame& f) { f.temperature.push_back(0.0f); }, "VolumeFrame::temperature", "has 25 values");
    expectRefused([](VolumeFrame& f) { f.velocityY.clear(); }, "VolumeFrame::velocityY", "all three or none");
    expectRefused([](VolumeFrame& f) { f.cellSize = 0.0; }, "VolumeFrame::cellSize", "finite and > 0");
    expectRefused([](VolumeFrame& f) { f.cellSize = -0.1; }, "VolumeFrame::cellSize", "finite and > 0");
    expectRefused([](VolumeFrame& f) { f.cellSize = std::nan(""); }, "VolumeFrame::cellSize", "finite and > 0");
    expectRefused([](VolumeFrame& f) { f.origin[1] = std::numeric_limits<double>::infinity(); }, "VolumeFrame::origin", "finite");
    expectRefused([](VolumeFrame& f) { f.activeThreshold = -1.0f; }, "VolumeFrame::activeThreshold", ">= 0");
    expectRefused([](VolumeFrame& f) { f.time = std::nan(""); }, "VolumeFrame::time", "finite");
    expectRefused([](VolumeFrame& f) { f.fuel[1 + 4 * (2 + 3 * 1)] = std::nanf(""); }, "VolumeFrame::fuel",
                  "at cell (1, 2, 1) is not finite");
    expectRefused([](VolumeFrame& f) { f = VolumeFrame{}; f.nx = f.ny = f.nz = 2; f.cellSize = 1.0; }, "VolumeFrame",
                  "no field to write");
    expectRefused([](VolumeFrame& f) { f.solid.assign(7, 0.0f); }, "VolumeFrame::solid", "has 7 values");
    expectRefused([](VolumeFrame& f) { f.upAxis = static_cast<vdb::UpAxis>(7); }, "VolumeFrame::upAxis", "UpAxis::Y or UpAxis::Z");
    expectRefused([](VolumeFrame& f) { f.velocityMask.threshold = -1.0f; }, "VolumeFrame::velocityMask.threshold", ">= 0");
    expectRefused([](VolumeFrame& f) { f.velocityMask.dilation = 65; }, "VolumeFrame::velocityMask.dilation", "at most 64");
}

TEST(VdbExportErrors, UnwritablePathsNameThePathAndLeaveNothing) {
    const std::filesystem::path dir = freshDir("unwritable");
    // The parent is a regular file, not a folder.
    const std::filesystem::path notAFolder = dir / "plain.txt";
    std::ofstream(notAFolder) << "not a folder";
    for (const std::filesystem::path& path : {notAFolder / "frame.vdb", dir / "missing" / "frame.vdb"}) {
        try {
            vdb::writeVdb(path.string(), goodFrame());
            ADD_FAILURE() << "no error for " << path;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("cannot write '" + path.string() + "'"), std::string::npos) << e.what();
        }
    }
    // The path is an existing folder: the temporary is written, the rename fails and is cleaned up.
    const std::filesystem::path folder = dir / "taken.vdb";
    std::filesystem::create_directories(folder / "inside");
    try {
        vdb::writeVdb(folder.string(), goodFrame());
        ADD_FAILURE() << "no error for a folder";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("'" + folder.string() + "'"), std::string::npos) << e.what();
    }
    EXPECT_EQ(entries(dir), 2u) << "a temporary was left behind";
    EXPECT_TRUE(std::filesystem::is_directory(folder / "inside"));
    try {
        vdb::writeVdb("", goodFrame());
        ADD_FAILURE() << "no error for an empty path";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "writeVdb: path");
    }
}

#ifdef BILLOW_VDB_HAS_NANOVDB
TEST(VdbExportErrors, NanoVdbRefusesAsWriteVdbDoes) {
    const std::filesystem::path dir = freshDir("nano");
    VolumeFrame broken = goodFrame();
    broken.cellSize = 0.0;
    try {
        vdb::writeNanoVdb((dir / "frame.nvdb").string(), broken);
        ADD_FAILURE() << "no error for a zero cell size";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "VolumeFrame::cellSize");
    }
    const std::filesystem::path missing = dir / "missing" / "frame.nvdb";
    try {
        vdb::writeNanoVdb(missing.string(), goodFrame());
        ADD_FAILURE() << "no error for " << missing;
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("writeNanoVdb: cannot write '" + missing.string() + "'"), std::string::npos) << e.what();
    }
    EXPECT_EQ(entries(dir), 0u);
}
#endif

TEST(VdbExportErrors, ARefusedFrameLeavesTheEarlierFileAlone) {
    const std::filesystem::path dir = freshDir("kept");
    const std::filesystem::path path = dir / "frame.vdb";
    vdb::writeVdb(path.string(), goodFrame());
    const auto size = std::filesystem::file_size(path);
    VolumeFrame broken = goodFrame();
    broken.density.resize(3);
    EXPECT_THROW(vdb::writeVdb(path.string(), broken), InvalidArgument);
    EXPECT_EQ(std::filesystem::file_size(path), size);
    EXPECT_EQ(entries(dir), 1u);
}

TEST(VdbExportErrors, CellCentredVelocityNamesTheComponentOfTheWrongSize) {
    const std::vector<float> u(5 * 3 * 2), v(4 * 4 * 2), w(4 * 3 * 3), shortW(4 * 3 * 2);
    EXPECT_NO_THROW(vdb::cellCentredVelocity(4, 3, 2, u, v, w));
    try {
        vdb::cellCentredVelocity(4, 3, 2, u, v, shortW);
        ADD_FAILURE() << "no error";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "cellCentredVelocity: w");
        EXPECT_NE(std::string(e.what()).find("has 24 values; the faces number 36"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace billow::test
