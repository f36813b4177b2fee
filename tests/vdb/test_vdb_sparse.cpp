// The sparse export (examples/vdb_export/sparse_frame.hpp): a SparseSmokeSolver3D's allocated
// bricks written as OpenVDB leaves and read back with the OpenVDB library and NanoVDB's reader:
// exactly one leaf per allocated brick in every grid, each voxel the brick's value bit for bit,
// the velocity averaged from the faces, open air (the background) everywhere else.
#include "support/gpu_test.hpp"
#include "support/tree_paths.hpp"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>

#include "sparse_frame.hpp"
#ifdef BILLOW_VDB_HAS_NANOVDB
#include <nanovdb/util/IO.h>
#endif

namespace billow::test {
namespace {

class SparseVdbExport : public GpuTest {};

using Brick = std::array<uint32_t, 3>;

std::filesystem::path outputPath(const std::string& name) {
    const std::filesystem::path dir = VDB_TEST_OUTPUT_DIR;
    std::filesystem::create_directories(dir);
    return dir / name;
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A virtual domain that is not a multiple of the brick on any axis, with a colour field; a few
// bricks, one of them the last (partly outside the domain) on every axis, two of them neighbours
// (their shared faces stored in both).
SmokeSettings3D settings() {
    SmokeSettings3D s;
    s.nx = 37;
    s.ny = 23;
    s.nz = 19;
    s.cellSize = 0.05f;
    s.colour = true;
    return s;
}
const std::vector<Brick> kBricks = {{0, 0, 0}, {1, 0, 0}, {2, 1, 1}, {4, 2, 2}};

// Smooth values that differ in every cell and face.
float wave(double x, double y, double z, double phase) { return float(std::sin(0.37 * x + 0.23 * y + 0.41 * z + phase)); }

// Fills every brick of kBricks, box by box (uploadBox), and returns the solver.
SparseSmokeSolver3D filledSolver(std::shared_ptr<Context> context) {
    const SmokeSettings3D s = settings();
    SparseSettings3D sparse;
    sparse.poolBricks = 8;
    sparse.retireAfterSteps = 1000000;
    SparseSmokeSolver3D solver(std::move(context), s, sparse);
    solver.allocateBricks(kBricks);
    for (const Brick& b : kBricks) {
        const std::array<uint32_t, 3> origin{8 * b[0], 8 * b[1], 8 * b[2]};
        const std::array<uint32_t, 3> size{std::min(8u, s.nx - origin[0]), std::min(8u, s.ny - origin[1]),
                                           std::min(8u, s.nz - origin[2])};
        std::vector<float> density, temperature, fuel, colour;
        for (uint32_t k = 0; k < size[2]; ++k)
            for (uint32_t j = 0; j < size[1]; ++j)
                for (uint32_t i = 0; i < size[0]; ++i) {
                    const double x = origin[0] + i, y = origin[1] + j, z = origin[2] + k;
                    density.push_back(0.5f + 0.5f * wave(x, y, z, 0.0));
                    temperature.push_back(s.ambientTemperature + 600.0f * (1.0f + wave(x, y, z, 1.0)));
                    fuel.push_back(0.25f * (1.0f + wave(x, y, z, 2.0)));
                    for (int c = 0; c < 4; ++c) colour.push_back(0.5f + 0.5f * wave(x, y, z, 3.0 + c));
                }
        solver.uploadBox(SparseField3D::Density, origin, size, density);
        solver.uploadBox(SparseField3D::Temperature, origin, size, temperature);
        solver.uploadBox(SparseField3D::Fuel, origin, size, fuel);
        solver.uploadBox(SparseField3D::Colour, origin, size, colour);
        const SparseField3D components[3] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ};
        for (int a = 0; a < 3; ++a) {
            std::array<uint32_t, 3> faces = size;
            faces[a] += 1;
            std::vector<float> u;
            for (uint32_t k = 0; k < faces[2]; ++k)
                for (uint32_t j = 0; j < faces[1]; ++j)
                    for (uint32_t i = 0; i < faces[0]; ++i)
                        u.push_back(2.0f * wave(origin[0] + i, origin[1] + j, origin[2] + k, 5.0 + a));
            solver.uploadBox(components[a], origin, size, u);
        }
    }
    return solver;
}

bool insideDomain(const SmokeSettings3D& s, const openvdb::Coord& c) {
    return c.x() >= 0 && c.y() >= 0 && c.z() >= 0 && uint32_t(c.x()) < s.nx && uint32_t(c.y()) < s.ny && uint32_t(c.z()) < s.nz;
}

// The cell-centred velocity of every cell of brick b, from a dense box of its faces (downloadBox:
// independent of the bricks' face layout): 0.5f * (lower + upper face), x fastest.
std::array<std::vector<float>, 3> expectedVelocity(SparseSmokeSolver3D& solver, const Brick& b) {
    const SmokeSettings3D& s = solver.settings();
    const std::array<uint32_t, 3> origin{8 * b[0], 8 * b[1], 8 * b[2]};
    const std::array<uint32_t, 3> size{std::min(8u, s.nx - origin[0]), std::min(8u, s.ny - origin[1]), std::min(8u, s.nz - origin[2])};
    const SparseField3D components[3] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ};
    std::array<std::vector<float>, 3> out;
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> faces = solver.downloadBox(components[a], origin, size);
        std::array<uint32_t, 3> n = size;
        n[a] += 1;
        out[a].assign(512, 0.0f);
        for (uint32_t k = 0; k < size[2]; ++k)
            for (uint32_t j = 0; j < size[1]; ++j)
                for (uint32_t i = 0; i < size[0]; ++i) {
                    std::array<uint32_t, 3> up{i, j, k};
                    up[a] += 1;
                    const float lower = faces[i + n[0] * (j + size_t(n[1]) * k)];
                    const float upper = faces[up[0] + n[0] * (up[1] + size_t(n[1]) * up[2])];
                    out[a][i + 8 * (j + 8 * k)] = 0.5f * (lower + upper);
                }
    }
    return out;
}

TEST_F(SparseVdbExport, OneLeafPerBrickReadsBackFromOpenVdb) {
    SparseSmokeSolver3D solver = filledSolver(context());
    const SmokeSettings3D& s = solver.settings();
    const std::array<double, 3> origin{-0.5, 0.25, 1.0};
    const vdb::SparseVolumeFrame frame = vdb::downloadSparseVolumeFrame(solver, origin, 1.5);
    ASSERT_EQ(frame.bricks.size(), kBricks.size());
    const std::filesystem::path path = outputPath("sparse.vdb");
    vdb::writeSparseVdb(path.string(), frame);

    openvdb::initialize();
    openvdb::io::File file(path.string());
    file.open();
    const openvdb::GridPtrVecPtr grids = file.getGrids();
    file.close();
    std::map<std::string, openvdb::GridBase::Ptr> byName;
    for (const auto& g : *grids) byName[g->getName()] = g;
    ASSERT_EQ(byName.size(), 5u);
    for (const char* name : {"density", "temperature", "fuel", "colour", "vel"}) ASSERT_TRUE(byName.count(name)) << name;

    // The brick's own values (downloadBricks, in its order) against every leaf voxel.
    const struct {
        const char* name;
        SparseField3D field;
        float background;
    } scalars[] = {{"density", SparseField3D::Density, 0.0f},
                   {"temperature", SparseField3D::Temperature, s.ambientTemperature},
                   {"fuel", SparseField3D::Fuel, 0.0f}};
    const double h = s.cellSize;
    std::set<Brick> expectedBricks(kBricks.begin(), kBricks.end());
    for (const auto& scalar : scalars) {
        SCOPED_TRACE(scalar.name);
        const auto grid = openvdb::gridPtrCast<openvdb::FloatGrid>(byName[scalar.name]);
        ASSERT_TRUE(grid);
        EXPECT_EQ(grid->background(), scalar.background);
        EXPECT_EQ(grid->tree().leafCount(), kBricks.size());
        EXPECT_EQ(grid->voxelSize(), openvdb::Vec3d(h, h, h));
        // Voxel (0, 0, 0) is centred on cell (0, 0, 0): origin + h / 2.
        const openvdb::Vec3d centre = grid->indexToWorld(openvdb::Coord(0, 0, 0));
        for (int a = 0; a < 3; ++a) EXPECT_NEAR(centre[a], origin[a] + 0.5 * h, 1e-12);
        std::set<Brick> leaves;
        for (auto leaf = grid->tree().cbeginLeaf(); leaf; ++leaf) {
            const openvdb::Coord o = leaf->origin();
            leaves.insert({uint32_t(o.x() / 8), uint32_t(o.y() / 8), uint32_t(o.z() / 8)});
        }
        EXPECT_EQ(leaves, expectedBricks);
        const SparseBricks bricks = solver.downloadBricks(scalar.field);
        size_t active = 0;
        for (size_t b = 0; b < bricks.bricks.size(); ++b)
            for (uint32_t c = 0; c < 512; ++c) {
                const openvdb::Coord ijk(int(8 * bricks.bricks[b][0] + c % 8), int(8 * bricks.bricks[b][1] + c / 8 % 8),
                                         int(8 * bricks.bricks[b][2] + c / 64));
                const bool inside = insideDomain(s, ijk);
                ASSERT_EQ(grid->tree().isValueOn(ijk), inside) << ijk;
                if (!inside) continue;
                ++active;
                ASSERT_TRUE(sameBits(grid->tree().getValue(ijk), bricks.values[b * 512 + c])) << ijk;
            }
        EXPECT_EQ(grid->activeVoxelCount(), active);
        // Open air outside the bricks: a cell of the missing brick (3, 0, 0).
        EXPECT_EQ(grid->tree().getValue(openvdb::Coord(26, 3, 3)), scalar.background);
        EXPECT_FALSE(grid->tree().isValueOn(openvdb::Coord(26, 3, 3)));
    }

    const auto colour = openvdb::gridPtrCast<openvdb::Vec3SGrid>(byName["colour"]);
    const auto velocity = openvdb::gridPtrCast<openvdb::Vec3SGrid>(byName["vel"]);
    ASSERT_TRUE(colour && velocity);
    EXPECT_EQ(colour->tree().leafCount(), kBricks.size());
    EXPECT_EQ(velocity->tree().leafCount(), kBricks.size());
    EXPECT_EQ(velocity->getVectorType(), openvdb::VEC_CONTRAVARIANT_RELATIVE);
    const SparseBricks colours = solver.downloadBricks(SparseField3D::Colour);
    double fastest = 0.0;  // the uploaded faces reach 2 m/s: the averages are not all 0
    for (size_t b = 0; b < colours.bricks.size(); ++b) {
        const std::array<std::vector<float>, 3> v = expectedVelocity(solver, colours.bricks[b]);
        for (uint32_t c = 0; c < 512; ++c) {
            const openvdb::Coord ijk(int(8 * colours.bricks[b][0] + c % 8), int(8 * colours.bricks[b][1] + c / 8 % 8),
                                     int(8 * colours.bricks[b][2] + c / 64));
            if (!insideDomain(s, ijk)) continue;
            const openvdb::Vec3s rgb = colour->tree().getValue(ijk);
            const openvdb::Vec3s vel = velocity->tree().getValue(ijk);
            for (int a = 0; a < 3; ++a) {
                ASSERT_TRUE(sameBits(rgb[a], colours.values[4 * (b * 512 + c) + a])) << ijk;
                ASSERT_TRUE(sameBits(vel[a], v[a][c])) << ijk << " axis " << a;
                fastest = std::max(fastest, std::fabs(double(vel[a])));
            }
        }
    }
    EXPECT_GT(fastest, 1.0);
}

#ifdef BILLOW_VDB_HAS_NANOVDB
// The same frame as NanoVDB, read back with NanoVDB's own reader: one leaf per brick, the values.
TEST_F(SparseVdbExport, OneLeafPerBrickReadsBackFromNanoVdb) {
    SparseSmokeSolver3D solver = filledSolver(context());
    const SmokeSettings3D& s = solver.settings();
    const vdb::SparseVolumeFrame frame = vdb::downloadSparseVolumeFrame(solver);
    const std::filesystem::path path = outputPath("sparse.nvdb");
    vdb::writeSparseNanoVdb(path.string(), frame);
    const auto handles = nanovdb::io::readGrids(path.string());
    ASSERT_EQ(handles.size(), 5u);  // density, temperature, fuel, colour, vel
    const std::vector<float>* fields[3] = {&frame.density, &frame.temperature, &frame.fuel};
    const char* names[3] = {"density", "temperature", "fuel"};
    for (int g = 0; g < 3; ++g) {
        SCOPED_TRACE(names[g]);
        const nanovdb::NanoGrid<float>* grid = handles[g].grid<float>();
        ASSERT_NE(grid, nullptr);
        EXPECT_STREQ(grid->gridName(), names[g]);
        EXPECT_EQ(grid->tree().nodeCount(0), kBricks.size());  // leaves
        const auto accessor = grid->getAccessor();
        for (size_t b = 0; b < frame.bricks.size(); ++b)
            for (uint32_t c = 0; c < 512; ++c) {
                const nanovdb::Coord ijk(int(8 * frame.bricks[b][0] + c % 8), int(8 * frame.bricks[b][1] + c / 8 % 8),
                                         int(8 * frame.bricks[b][2] + c / 64));
                const bool inside = insideDomain(s, openvdb::Coord(ijk[0], ijk[1], ijk[2]));
                ASSERT_EQ(accessor.isActive(ijk), inside);
                if (inside) {
                    ASSERT_TRUE(sameBits(accessor.getValue(ijk), (*fields[g])[b * 512 + c]));
                }
            }
        EXPECT_EQ(accessor.getValue(nanovdb::Coord(26, 3, 3)), g == 1 ? s.ambientTemperature : 0.0f);
    }
    const nanovdb::NanoGrid<nanovdb::Vec3f>* velocity = handles[4].grid<nanovdb::Vec3f>();
    ASSERT_NE(velocity, nullptr);
    EXPECT_STREQ(velocity->gridName(), "vel");
    EXPECT_EQ(velocity->tree().nodeCount(0), kBricks.size());
    const auto accessor = velocity->getAccessor();
    for (size_t b = 0; b < frame.bricks.size(); ++b)
        for (uint32_t c = 0; c < 512; ++c) {
            const nanovdb::Coord ijk(int(8 * frame.bricks[b][0] + c % 8), int(8 * frame.bricks[b][1] + c / 8 % 8),
                                     int(8 * frame.bricks[b][2] + c / 64));
            if (!insideDomain(s, openvdb::Coord(ijk[0], ijk[1], ijk[2]))) continue;
            const nanovdb::Vec3f v = accessor.getValue(ijk);
            ASSERT_TRUE(sameBits(v[0], frame.velocityX[b * 512 + c]));
            ASSERT_TRUE(sameBits(v[1], frame.velocityY[b * 512 + c]));
            ASSERT_TRUE(sameBits(v[2], frame.velocityZ[b * 512 + c]));
        }
}
#endif

TEST_F(SparseVdbExport, BadFramesNameTheirField) {
    vdb::SparseVolumeFrame frame;
    frame.nx = frame.ny = frame.nz = 16;
    frame.cellSize = 0.1;
    frame.bricks = {{0, 0, 0}};
    frame.density.assign(512, 0.5f);
    const std::string path = outputPath("bad.vdb").string();
    EXPECT_EQ(fieldOf([&] { vdb::writeSparseVdb(path, frame); }), "(no error)");  // a good frame writes
    vdb::SparseVolumeFrame bad = frame;
    bad.bricks = {{2, 0, 0}};
    EXPECT_EQ(fieldOf([&] { vdb::writeSparseVdb(path, bad); }), "SparseVolumeFrame::bricks[0]");
    bad = frame;
    bad.density.pop_back();
    EXPECT_EQ(fieldOf([&] { vdb::writeSparseVdb(path, bad); }), "SparseVolumeFrame::density");
    bad = frame;
    bad.velocityX.assign(512, 0.0f);
    EXPECT_EQ(fieldOf([&] { vdb::writeSparseVdb(path, bad); }), "SparseVolumeFrame::velocityY");
    bad = frame;
    bad.cellSize = 0.0;
    EXPECT_EQ(fieldOf([&] { vdb::writeSparseVdb(path, bad); }), "SparseVolumeFrame::cellSize");
}

} // namespace
} // namespace billow::test
