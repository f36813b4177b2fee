// The layout artists' tools read (docs/vdb-export.md), on hand-made frames read back with the
// OpenVDB library: the z-up remap of an asymmetric field, grids with nothing in them left out,
// "vel" only near smoke and as half floats, the backgrounds of "temperature" and "flame", the
// "solid" fog grid, and the frame's step and time as file and grid metadata.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>

#include "support/tree_paths.hpp"
#include "velocity_mask.hpp"
#include "vdb_layouts.hpp"
#include "vdb_writer.hpp"

namespace billow::test {
namespace {

using vdb::VolumeFrame;

struct ReadBack {
    std::map<std::string, openvdb::GridBase::Ptr> grids;
    openvdb::MetaMap::Ptr metadata;
};

// Writes the box frame `frame` in `layout` and reads it back.
ReadBack writeAndRead(const VolumeFrame& frame, const std::string& name, FrameLayout layout) {
    const std::filesystem::path dir = VDB_TEST_OUTPUT_DIR;
    std::filesystem::create_directories(dir);
    const std::string path = (dir / ((layout == FrameLayout::Box ? "box_" : "bricks_") + name)).string();
    vdb::writeVdb(path, inLayout(frame, layout));
    openvdb::initialize();
    openvdb::io::File file(path);
    file.open();
    ReadBack back;
    back.metadata = file.getMetadata();
    const openvdb::GridPtrVecPtr grids = file.getGrids();  // held: a range-for over *getGrids() would dangle
    for (const auto& grid : *grids) back.grids[grid->getName()] = grid;
    file.close();
    return back;
}

template <typename GridT>
typename GridT::Ptr gridOf(const ReadBack& back, const std::string& name) {
    if (!back.grids.count(name)) return nullptr;
    return openvdb::GridBase::grid<GridT>(back.grids.at(name));
}

// 3 x 4 x 2 cells, every axis of a different length: one smoke cell at (1, 2, 0) moving at
// (1, 2, 3) m/s, still air elsewhere.
constexpr uint32_t kNx = 3, kNy = 4, kNz = 2;
VolumeFrame asymmetricFrame() {
    VolumeFrame frame;
    frame.nx = kNx;
    frame.ny = kNy;
    frame.nz = kNz;
    frame.cellSize = 0.5;
    frame.origin = {10.0, 20.0, 30.0};
    const size_t cells = kNx * kNy * kNz, smoke = 1 + kNx * 2;
    frame.density.assign(cells, 0.0f);
    frame.density[smoke] = 5.0f;
    frame.velocityX.assign(cells, 0.0f);
    frame.velocityY.assign(cells, 0.0f);
    frame.velocityZ.assign(cells, 0.0f);
    frame.velocityX[smoke] = 1.0f;
    frame.velocityY[smoke] = 2.0f;
    frame.velocityZ[smoke] = 3.0f;
    return frame;
}

// Every test runs on the whole box and on bricks (vdb_layouts.hpp): one writer, the same file.
class VdbArtistGrids : public ::testing::TestWithParam<FrameLayout> {};
INSTANTIATE_TEST_SUITE_P(Layouts, VdbArtistGrids, ::testing::Values(FrameLayout::Box, FrameLayout::Bricks), layoutName);

// Where the one active voxel of `grid` is, in world space.
template <typename GridT>
openvdb::Vec3d onlyActiveVoxel(const GridT& grid, openvdb::Coord& ijk) {
    EXPECT_EQ(grid.activeVoxelCount(), 1u);
    auto on = grid.cbeginValueOn();
    ijk = on.getCoord();
    return grid.transform().indexToWorld(ijk);
}

// y-up keeps Billow's axes; z-up turns the frame +90 degrees about x: (x, y, z) -> (x, -z, y), a
// rotation, so the file is right-handed. The smoke cell's centre and its velocity turn with it,
// and the domain box too.
TEST_P(VdbArtistGrids, ZUpTurnsIndicesPositionsAndVelocityByOneRotation) {
    VolumeFrame frame = asymmetricFrame();
    const double h = 0.5;
    const openvdb::Vec3d billowCentre(10.0 + 1.5 * h, 20.0 + 2.5 * h, 30.0 + 0.5 * h);

    const ReadBack yUp = writeAndRead(frame, "up_y.vdb", GetParam());
    openvdb::Coord ijk;
    const openvdb::Vec3d yCentre = onlyActiveVoxel(*gridOf<openvdb::FloatGrid>(yUp, "density"), ijk);
    EXPECT_EQ(ijk, openvdb::Coord(1, 2, 0));
    EXPECT_TRUE(yCentre.eq(billowCentre, 1e-12)) << yCentre;
    EXPECT_EQ(yUp.metadata->metaValue<std::string>("up_axis"), "y");

    frame.upAxis = vdb::UpAxis::Z;
    const ReadBack zUp = writeAndRead(frame, "up_z.vdb", GetParam());
    EXPECT_EQ(zUp.metadata->metaValue<std::string>("up_axis"), "z");
    const auto density = gridOf<openvdb::FloatGrid>(zUp, "density");
    ASSERT_TRUE(density);
    const openvdb::Vec3d zCentre = onlyActiveVoxel(*density, ijk);
    EXPECT_EQ(ijk, openvdb::Coord(1, int(kNz) - 1 - 0, 2));  // (i, nz - 1 - k, j)
    EXPECT_EQ(density->tree().getValue(ijk), 5.0f);
    const openvdb::Vec3d turned(billowCentre.x(), -billowCentre.z(), billowCentre.y());
    EXPECT_TRUE(zCentre.eq(turned, 1e-12)) << zCentre << " != " << turned;

    const auto vel = gridOf<openvdb::Vec3SGrid>(zUp, "vel");
    ASSERT_TRUE(vel);
    openvdb::Coord velIjk;
    onlyActiveVoxel(*vel, velIjk);
    EXPECT_EQ(velIjk, ijk);
    EXPECT_EQ(vel->tree().getValue(ijk), openvdb::Vec3s(1.0f, -3.0f, 2.0f));  // (vx, -vz, vy), exact in half

    // The box [10, 11.5] x [20, 22] x [30, 31] turned: x as is, y = -z in [-31, -30], z = y in [20, 22].
    const openvdb::Vec3d low = zUp.metadata->metaValue<openvdb::Vec3d>("domain_min");
    const openvdb::Vec3d high = zUp.metadata->metaValue<openvdb::Vec3d>("domain_max");
    EXPECT_TRUE(low.eq(openvdb::Vec3d(10.0, -31.0, 20.0), 1e-12)) << low;
    EXPECT_TRUE(high.eq(openvdb::Vec3d(11.5, -30.0, 22.0), 1e-12)) << high;
}

// Every grid a frame's fields give is in the file, with its name, type, class, background and
// transform, even when none of its voxels is active: the first file of a sequence (before the
// emitters have run) lists "vel" and the rest, so Blender fills its velocity-grid field and turns
// motion blur on from the start. A frame's file is never a "solid"-only file.
TEST_P(VdbArtistGrids, EveryGridIsInEveryFileEvenEmpty) {
    VolumeFrame frame;
    frame.nx = 4;
    frame.ny = 3;
    frame.nz = 2;
    frame.cellSize = 0.1;
    frame.origin = {1.0, 2.0, 3.0};
    frame.upAxis = vdb::UpAxis::Z;
    frame.step = 0;
    frame.time = 0.0;
    frame.temperatureBackground = 293.15f;
    frame.density.assign(24, 0.0f);
    frame.temperature.assign(24, 293.15f);
    frame.fuel.assign(24, 0.0f);
    frame.velocityX.assign(24, 0.0f);
    frame.velocityY.assign(24, 0.0f);
    frame.velocityZ.assign(24, 0.0f);
    frame.solid.assign(24, 0.0f);
    frame.solid[5] = 1.0f;  // an obstacle: the one grid with anything in it
    const ReadBack back = writeAndRead(frame, "first_of_sequence.vdb", GetParam());
    std::vector<std::string> names;
    for (const auto& [name, grid] : back.grids) names.push_back(name);
    EXPECT_EQ(names, (std::vector<std::string>{"density", "flame", "fuel", "solid", "temperature", "vel"}));
    const auto solid = gridOf<openvdb::FloatGrid>(back, "solid");
    ASSERT_TRUE(solid);
    EXPECT_EQ(solid->activeVoxelCount(), 1u);
    for (const char* name : {"density", "temperature", "flame", "fuel"}) {
        SCOPED_TRACE(name);
        const auto grid = gridOf<openvdb::FloatGrid>(back, name);
        ASSERT_TRUE(grid);
        EXPECT_EQ(grid->activeVoxelCount(), 0u);
        EXPECT_EQ(grid->transform(), solid->transform());
        EXPECT_EQ(grid->metaValue<int64_t>("step"), 0);
    }
    EXPECT_EQ(gridOf<openvdb::FloatGrid>(back, "temperature")->background(), 293.15f);
    EXPECT_EQ(gridOf<openvdb::FloatGrid>(back, "density")->getGridClass(), openvdb::GRID_FOG_VOLUME);
    const auto vel = gridOf<openvdb::Vec3SGrid>(back, "vel");
    ASSERT_TRUE(vel);
    EXPECT_EQ(vel->activeVoxelCount(), 0u);
    EXPECT_EQ(vel->transform(), solid->transform());
    EXPECT_EQ(vel->getVectorType(), openvdb::VEC_CONTRAVARIANT_RELATIVE);
    EXPECT_TRUE(vel->isInWorldSpace());
    EXPECT_EQ(vel->metaValue<std::string>("unit"), "m/s");
}

// "vel" covers the cells within `dilation` voxels (a cube) of smoke, fuel or flame, not the whole
// box where the projection left slow air moving, and is saved as half floats unless asked not to.
TEST_P(VdbArtistGrids, VelocityOnlyNearSmokeAndAsHalfFloats) {
    VolumeFrame frame;
    frame.nx = 16;
    frame.ny = 12;
    frame.nz = 10;
    frame.cellSize = 0.1;
    const size_t cells = 16 * 12 * 10;
    frame.density.assign(cells, 0.0f);
    frame.density[5 + 16 * (6 + 12 * 4)] = 1.0f;
    frame.velocityX.assign(cells, 0.1f);  // not exact in half
    frame.velocityY.assign(cells, 0.0f);
    frame.velocityZ.assign(cells, 0.0f);
    for (uint32_t dilation : {0u, 1u, 2u}) {
        frame.velocityMask.dilation = dilation;
        const ReadBack back = writeAndRead(frame, "vel_near.vdb", GetParam());
        const auto vel = gridOf<openvdb::Vec3SGrid>(back, "vel");
        ASSERT_TRUE(vel);
        const size_t side = 2 * dilation + 1;
        EXPECT_EQ(vel->activeVoxelCount(), side * side * side) << "dilation " << dilation;
        EXPECT_TRUE(vel->tree().isValueOn(openvdb::Coord(5 + int(dilation), 6 - int(dilation), 4 + int(dilation))));
        EXPECT_FALSE(vel->tree().isValueOn(openvdb::Coord(5 + int(dilation) + 1, 6, 4)));
        EXPECT_TRUE(vel->saveFloatAsHalf());
        const float read = vel->tree().getValue(openvdb::Coord(5, 6, 4)).x();
        EXPECT_EQ(read, float(openvdb::math::half(0.1f)));
        EXPECT_NE(read, 0.1f);
    }
    frame.velocityAsHalf = false;
    const ReadBack full = writeAndRead(frame, "vel_full.vdb", GetParam());
    EXPECT_EQ(gridOf<openvdb::Vec3SGrid>(full, "vel")->tree().getValue(openvdb::Coord(5, 6, 4)).x(), 0.1f);

    // Edges of the neighbourhood: flame counts (temperature above ambient by the mask threshold),
    // a frame with nothing to be near writes velocity everywhere it moves.
    if (GetParam() == FrameLayout::Bricks) return;  // velocityNeighbourhood's flags are per value: the box's here
    VolumeFrame hot;
    hot.nx = 5;
    hot.ny = 1;
    hot.nz = 1;
    hot.cellSize = 1.0;
    hot.temperatureBackground = 300.0f;
    hot.temperature = {300.0f, 300.0f, 300.0f, 300.0f, 300.5f};
    hot.velocityMask.dilation = 1;
    EXPECT_EQ(vdb::detail::velocityNeighbourhood(hot), (std::vector<bool>{false, false, false, true, true}));
    hot.temperature.clear();
    EXPECT_EQ(vdb::detail::velocityNeighbourhood(hot), std::vector<bool>(5, true));
}

// "temperature" keeps absolute kelvin with the ambient as background (inactive voxels read
// ambient); "flame" is the excess with background 0, active only above ambient; "solid" is the
// solid fraction as a fog volume; step and time are on the file and on every grid.
TEST_P(VdbArtistGrids, BackgroundsSolidAndFrameMetadata) {
    VolumeFrame frame;
    frame.nx = 4;
    frame.ny = 1;
    frame.nz = 1;
    frame.cellSize = 0.25;
    frame.temperatureBackground = 293.15f;
    frame.temperature = {293.15f, 1500.0f, 250.0f, 293.15f};
    frame.solid = {0.0f, 0.0f, 0.5f, 1.0f};
    frame.time = 2.5;
    frame.step = 150;
    const ReadBack back = writeAndRead(frame, "backgrounds.vdb", GetParam());
    ASSERT_EQ(back.grids.size(), 3u);  // temperature gives "temperature" and "flame"
    const auto temperature = gridOf<openvdb::FloatGrid>(back, "temperature");
    const auto flame = gridOf<openvdb::FloatGrid>(back, "flame");
    const auto solid = gridOf<openvdb::FloatGrid>(back, "solid");
    ASSERT_TRUE(temperature && flame && solid);
    EXPECT_EQ(temperature->background(), 293.15f);
    EXPECT_EQ(temperature->tree().getValue(openvdb::Coord(0, 0, 0)), 293.15f);
    EXPECT_EQ(temperature->tree().getValue(openvdb::Coord(2, 0, 0)), 250.0f);  // colder than ambient: kept
    EXPECT_EQ(temperature->activeVoxelCount(), 2u);
    EXPECT_EQ(flame->background(), 0.0f);
    EXPECT_EQ(flame->activeVoxelCount(), 1u);  // only the hot cell: never negative
    EXPECT_EQ(flame->tree().getValue(openvdb::Coord(1, 0, 0)), 1500.0f - 293.15f);
    EXPECT_EQ(flame->tree().getValue(openvdb::Coord(2, 0, 0)), 0.0f);
    EXPECT_EQ(solid->getGridClass(), openvdb::GRID_FOG_VOLUME);
    EXPECT_EQ(solid->background(), 0.0f);
    EXPECT_EQ(solid->activeVoxelCount(), 2u);
    EXPECT_EQ(solid->tree().getValue(openvdb::Coord(3, 0, 0)), 1.0f);
    EXPECT_EQ(back.metadata->metaValue<int64_t>("step"), 150);
    EXPECT_EQ(back.metadata->metaValue<double>("time"), 2.5);
    for (const auto& [name, grid] : back.grids) {
        EXPECT_EQ(grid->metaValue<int64_t>("step"), 150) << name;
        EXPECT_EQ(grid->metaValue<double>("time"), 2.5) << name;
    }
}

} // namespace
} // namespace billow::test
