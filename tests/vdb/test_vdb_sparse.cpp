// The sparse export (examples/vdb_export/sparse_frame.hpp): a SparseSmokeSolver3D's allocated
// bricks written by the dense export's writer, read back with the OpenVDB library and NanoVDB's
// reader: the same file, grid for grid and voxel for voxel, as the dense frame of the same fields
// (downloadBox over the whole domain, open air outside the bricks), in either axis convention,
// with "flame", "solid" and "colour" and the velocity only near smoke; every voxel the brick's
// value bit for bit, the velocity averaged from the faces. The writer's own rules run on bricks
// in test_vdb_export (every test there on both layouts).
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
#include "volume_frame.hpp"
#ifdef BILLOW_VDB_HAS_NANOVDB
#include <nanovdb/util/IO.h>

#include "nanovdb_writer.hpp"
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

std::map<std::string, openvdb::GridBase::Ptr> readGrids(const std::filesystem::path& path) {
    openvdb::initialize();
    openvdb::io::File file(path.string());
    file.open();
    const openvdb::GridPtrVecPtr grids = file.getGrids();
    file.close();
    std::map<std::string, openvdb::GridBase::Ptr> byName;
    for (const auto& g : *grids) byName[g->getName()] = g;
    return byName;
}

// `a` and `b` hold the same active voxels with the same bits, the same background and transform.
template <typename GridT>
void expectSameGrid(const openvdb::GridBase::Ptr& aBase, const openvdb::GridBase::Ptr& bBase, const std::string& name) {
    SCOPED_TRACE(name);
    const auto a = openvdb::gridPtrCast<GridT>(aBase), b = openvdb::gridPtrCast<GridT>(bBase);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->background(), b->background());
    EXPECT_EQ(a->transform(), b->transform());
    EXPECT_EQ(a->getGridClass(), b->getGridClass());
    EXPECT_EQ(a->saveFloatAsHalf(), b->saveFloatAsHalf());
    EXPECT_EQ(a->activeVoxelCount(), b->activeVoxelCount());
    const auto other = b->getConstAccessor();
    for (auto on = a->cbeginValueOn(); on; ++on) {
        openvdb::CoordBBox box;
        on.getBoundingBox(box);  // a tile covers many voxels
        for (auto ijk = box.begin(); ijk; ++ijk) {
            ASSERT_TRUE(other.isValueOn(*ijk)) << *ijk;
            ASSERT_EQ(std::memcmp(&*on, &other.getValue(*ijk), sizeof(typename GridT::ValueType)), 0) << *ijk;
        }
    }
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

// The dense frame of the solver's fields over the whole domain (downloadBox: open air where no
// brick is), the velocity averaged from the faces with the dense export's cellCentredVelocity and
// still outside the bricks (open air, whatever the faces a brick shares with it).
vdb::VolumeFrame denseFrameOf(SparseSmokeSolver3D& solver, const vdb::VolumeFrame& sparse) {
    const SmokeSettings3D& s = solver.settings();
    vdb::VolumeFrame d = sparse;
    d.bricks.clear();
    const std::array<uint32_t, 3> all{s.nx, s.ny, s.nz};
    d.density = solver.downloadBox(SparseField3D::Density, {0, 0, 0}, all);
    d.temperature = solver.downloadBox(SparseField3D::Temperature, {0, 0, 0}, all);
    d.fuel = solver.downloadBox(SparseField3D::Fuel, {0, 0, 0}, all);
    d.solid = solver.downloadBox(SparseField3D::Solid, {0, 0, 0}, all);
    d.colour = solver.downloadBox(SparseField3D::Colour, {0, 0, 0}, all);
    vdb::CellVelocity v = vdb::cellCentredVelocity(s.nx, s.ny, s.nz, solver.downloadBox(SparseField3D::VelocityX, {0, 0, 0}, all),
                                                   solver.downloadBox(SparseField3D::VelocityY, {0, 0, 0}, all),
                                                   solver.downloadBox(SparseField3D::VelocityZ, {0, 0, 0}, all));
    const std::set<Brick> allocated(sparse.bricks.begin(), sparse.bricks.end());
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i)
                if (!allocated.count({i / 8, j / 8, k / 8})) {
                    const size_t c = i + size_t(s.nx) * (j + size_t(s.ny) * k);
                    v.x[c] = v.y[c] = v.z[c] = 0.0f;
                }
    d.velocityX = std::move(v.x);
    d.velocityY = std::move(v.y);
    d.velocityZ = std::move(v.z);
    return d;
}

class SparseVdbExportAxes : public SparseVdbExport, public ::testing::WithParamInterface<vdb::UpAxis> {};
INSTANTIATE_TEST_SUITE_P(UpAxes, SparseVdbExportAxes, ::testing::Values(vdb::UpAxis::Y, vdb::UpAxis::Z),
                         [](const auto& info) { return info.param == vdb::UpAxis::Z ? "ZUp" : "YUp"; });

// The sparse frame and the dense frame of the same fields give the same file: the same seven
// grids (flame from the temperature, solid, colour), the same axes, the same active voxels
// (thresholds, the velocity's neighbourhood) and values. The bricks' values are the downloads
// bit for bit, the velocity their faces' averages (checked against downloadBox's faces).
TEST_P(SparseVdbExportAxes, WrittenAsTheDenseFrameOfTheSameFields) {
    SparseSmokeSolver3D solver = filledSolver(context());
    const SmokeSettings3D& s = solver.settings();
    // Smoke in two bricks only, so the velocity's neighbourhood cuts the other two.
    for (const Brick& b : {kBricks[2], kBricks[3]}) {
        const std::array<uint32_t, 3> origin{8 * b[0], 8 * b[1], 8 * b[2]};
        const std::array<uint32_t, 3> size{std::min(8u, s.nx - origin[0]), std::min(8u, s.ny - origin[1]), std::min(8u, s.nz - origin[2])};
        const size_t cells = size_t(size[0]) * size[1] * size[2];
        solver.uploadBox(SparseField3D::Density, origin, size, std::vector<float>(cells, 0.0f));
        solver.uploadBox(SparseField3D::Fuel, origin, size, std::vector<float>(cells, 0.0f));
        solver.uploadBox(SparseField3D::Temperature, origin, size, std::vector<float>(cells, s.ambientTemperature));
    }
    const std::array<double, 3> origin{-0.5, 0.25, 1.0};
    vdb::VolumeFrame sparse = vdb::downloadSparseVolumeFrame(solver, origin, 1.5);
    ASSERT_EQ(sparse.bricks.size(), kBricks.size());
    sparse.upAxis = GetParam();
    const vdb::VolumeFrame dense = denseFrameOf(solver, sparse);
    const std::string axis = GetParam() == vdb::UpAxis::Z ? "z" : "y";
    const std::filesystem::path sparsePath = outputPath("sparse_" + axis + ".vdb"), densePath = outputPath("sparse_as_dense_" + axis + ".vdb");
    vdb::writeVdb(sparsePath.string(), sparse);
    vdb::writeVdb(densePath.string(), dense);
    const auto fromBricks = readGrids(sparsePath), fromBox = readGrids(densePath);
    std::vector<std::string> names;
    for (const auto& [name, grid] : fromBricks) names.push_back(name);
    EXPECT_EQ(names, (std::vector<std::string>{"colour", "density", "flame", "fuel", "solid", "temperature", "vel"}));
    for (const char* name : {"density", "temperature", "flame", "fuel", "solid"})
        expectSameGrid<openvdb::FloatGrid>(fromBricks.at(name), fromBox.at(name), name);
    for (const char* name : {"vel", "colour"}) expectSameGrid<openvdb::Vec3SGrid>(fromBricks.at(name), fromBox.at(name), name);

    // Near smoke only: the velocity covers the smoky bricks and 2 voxels around them, not the
    // two bricks of still, smokeless air (whose faces still move at up to 2 m/s).
    const auto vel = openvdb::gridPtrCast<openvdb::Vec3SGrid>(fromBricks.at("vel"));
    const auto density = openvdb::gridPtrCast<openvdb::FloatGrid>(fromBricks.at("density"));
    EXPECT_LT(vel->activeVoxelCount(), openvdb::Index64(4 * 512));
    EXPECT_GT(vel->activeVoxelCount(), density->activeVoxelCount());
    // In the file's axes: z-up puts Billow's cell (i, j, k) at voxel (i, nz - 1 - k, j).
    const auto value = density->getConstAccessor();
    const openvdb::Coord cell(3, 5, 2);
    const openvdb::Coord voxel = GetParam() == vdb::UpAxis::Z ? openvdb::Coord(3, int(s.nz) - 1 - 2, 5) : cell;
    const std::vector<float> box = solver.downloadBox(SparseField3D::Density, {3, 5, 2}, {1, 1, 1});
    EXPECT_TRUE(sameBits(value.getValue(voxel), box[0]));
    EXPECT_EQ(fromBricks.at("density")->metaValue<double>("time"), 1.5);

    // The velocity of the smoky bricks: the faces' averages, bit for bit (y-up: the file's axes
    // are Billow's).
    if (GetParam() != vdb::UpAxis::Y) return;
    double fastest = 0.0;
    for (const Brick& b : {kBricks[0], kBricks[1]}) {
        const std::array<std::vector<float>, 3> v = expectedVelocity(solver, b);
        for (uint32_t c = 0; c < 512; ++c) {
            const openvdb::Coord ijk(int(8 * b[0] + c % 8), int(8 * b[1] + c / 8 % 8), int(8 * b[2] + c / 64));
            if (!insideDomain(s, ijk) || !vel->tree().isValueOn(ijk)) continue;
            const openvdb::Vec3s got = vel->tree().getValue(ijk);
            for (int a = 0; a < 3; ++a) {
                ASSERT_EQ(got[a], float(openvdb::math::half(v[a][c]))) << ijk << " axis " << a;  // saved as half floats
                fastest = std::max(fastest, std::fabs(double(got[a])));
            }
        }
    }
    EXPECT_GT(fastest, 1.0);
}

#ifdef BILLOW_VDB_HAS_NANOVDB
// The same frame as NanoVDB, read back with NanoVDB's own reader: the seven grids, the bricks'
// values where active.
TEST_F(SparseVdbExport, ReadsBackFromNanoVdb) {
    SparseSmokeSolver3D solver = filledSolver(context());
    const SmokeSettings3D& s = solver.settings();
    const vdb::VolumeFrame frame = vdb::downloadSparseVolumeFrame(solver);
    const std::filesystem::path path = outputPath("sparse.nvdb");
    vdb::writeNanoVdb(path.string(), frame);
    const auto handles = nanovdb::io::readGrids(path.string());
    ASSERT_EQ(handles.size(), 7u);  // density, temperature, flame, fuel, vel, solid, colour
    const std::vector<float>* fields[3] = {&frame.density, &frame.temperature, &frame.fuel};
    const char* names[3] = {"density", "temperature", "fuel"};
    const int handle[3] = {0, 1, 3};
    for (int g = 0; g < 3; ++g) {
        SCOPED_TRACE(names[g]);
        const nanovdb::NanoGrid<float>* grid = handles[handle[g]].grid<float>();
        ASSERT_NE(grid, nullptr);
        EXPECT_STREQ(grid->gridName(), names[g]);
        const auto accessor = grid->getAccessor();
        size_t compared = 0;
        for (size_t b = 0; b < frame.bricks.size(); ++b)
            for (uint32_t c = 0; c < 512; ++c) {
                const nanovdb::Coord ijk(int(8 * frame.bricks[b][0] + c % 8), int(8 * frame.bricks[b][1] + c / 8 % 8),
                                         int(8 * frame.bricks[b][2] + c / 64));
                if (!insideDomain(s, openvdb::Coord(ijk[0], ijk[1], ijk[2])) || !accessor.isActive(ijk)) continue;
                ASSERT_TRUE(sameBits(accessor.getValue(ijk), (*fields[g])[b * 512 + c]));
                ++compared;
            }
        EXPECT_GT(compared, 1000u);
        EXPECT_EQ(accessor.getValue(nanovdb::Coord(26, 3, 3)), g == 1 ? s.ambientTemperature : 0.0f);  // open air
    }
    EXPECT_STREQ(handles[4].grid<nanovdb::Vec3f>()->gridName(), "vel");
    EXPECT_STREQ(handles[5].grid<float>()->gridName(), "solid");
    EXPECT_STREQ(handles[6].grid<nanovdb::Vec3f>()->gridName(), "colour");
}
#endif

// A frame of bricks is checked as a box frame is, naming the VolumeFrame field.
TEST_F(SparseVdbExport, BadFramesNameTheirField) {
    vdb::VolumeFrame frame;
    frame.nx = frame.ny = frame.nz = 16;
    frame.cellSize = 0.1;
    frame.bricks = {{0, 0, 0}};
    frame.density.assign(512, 0.5f);
    const std::string path = outputPath("bad.vdb").string();
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, frame); }), "(no error)");  // a good frame writes
    vdb::VolumeFrame bad = frame;
    bad.bricks = {{2, 0, 0}};
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::bricks[0]");
    bad.bricks = {{0, 0, 0}, {0, 0, 0}};
    bad.density.assign(1024, 0.5f);
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::bricks[1]");
    bad = frame;
    bad.density.pop_back();
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::density");
    bad = frame;
    bad.colour.assign(512, 0.0f);
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::colour");
    bad = frame;
    bad.velocityX.assign(512, 0.0f);
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::velocityY");
    bad = frame;
    bad.density[100] = std::nanf("");
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::density");
    bad = frame;
    bad.cellSize = 0.0;
    EXPECT_EQ(fieldOf([&] { vdb::writeVdb(path, bad); }), "VolumeFrame::cellSize");
}

} // namespace
} // namespace billow::test
