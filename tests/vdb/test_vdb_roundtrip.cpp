// The OpenVDB export (examples/vdb_export) read back with the OpenVDB library: a small fire run on
// the GPU, downloaded into a VolumeFrame, written, and every voxel of the file compared with the
// download (grid names, classes, transform, active set, values bit for bit, metadata).
#include "support/gpu_test.hpp"
#include "support/tree_paths.hpp"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>

#include "velocity_mask.hpp"
#include "vdb_layouts.hpp"
#include "volume_frame.hpp"
#ifdef BILLOW_VDB_HAS_NANOVDB
#include <nanovdb/util/IO.h>

#include "nanovdb_writer.hpp"
#endif

namespace billow::test {
namespace {

using vdb::VolumeFrame;

class VdbExport : public GpuTest {};

std::filesystem::path outputPath(const std::string& name) {
    const std::filesystem::path dir = VDB_TEST_OUTPUT_DIR;
    std::filesystem::create_directories(dir);
    return dir / name;
}

struct ReadBack {
    std::map<std::string, openvdb::GridBase::Ptr> grids;
    openvdb::MetaMap::Ptr metadata;
};

ReadBack readVdb(const std::filesystem::path& path) {
    openvdb::initialize();
    openvdb::io::File file(path.string());
    file.open();
    ReadBack back;
    back.metadata = file.getMetadata();
    const openvdb::GridPtrVecPtr grids = file.getGrids();
    for (const auto& grid : *grids) back.grids[grid->getName()] = grid;
    file.close();
    return back;
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// `x` as a grid saved with saveFloatAsHalf reads it back.
float asHalf(float x) { return float(openvdb::math::half(x)); }

// A fire on the 19 x 13 x 11 grid (no axis a multiple of the workgroup): a burner of fuel hot
// enough to ignite, combustion with expansion, buoyancy, a few steps, so that density (made only
// by burning), temperature, fuel and velocity all vary and each has inactive voxels too.
SmokeSettings3D fireSettings() {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    s.thermalExpansion = 0.004f;
    s.combustion.enabled = true;
    s.combustion.ignitionTemperature = 400.0f;
    s.pressureIterations = 20;
    return s;
}

void runFire(SmokeSolver3D& solver) {
    Emitter3D burner;
    burner.centre = {0.45f, 0.12f, 0.3f};
    burner.radius = 0.08f;
    burner.fuel = 30.0f;
    burner.temperature = 30000.0f;
    burner.velocity = {0.0f, 0.5f, 0.0f};
    burner.velocityCoupling = 5.0f;
    solver.setEmitters({&burner, 1});
    for (int step = 0; step < 4; ++step) solver.step(1.0f / 30.0f);
}

// Checks a scalar grid voxel by voxel against the values it was written from.
void expectScalarGrid(const openvdb::GridBase::Ptr& base, const std::vector<float>& values, const VolumeFrame& frame,
                      float background, const std::string& name) {
    SCOPED_TRACE(name);
    const auto grid = openvdb::GridBase::grid<openvdb::FloatGrid>(base);
    ASSERT_TRUE(grid) << name << " is not a FloatGrid";
    EXPECT_EQ(grid->background(), background);
    auto accessor = grid->getConstAccessor();
    size_t active = 0, inactive = 0, c = 0;
    for (uint32_t k = 0; k < frame.nz; ++k)
        for (uint32_t j = 0; j < frame.ny; ++j)
            for (uint32_t i = 0; i < frame.nx; ++i, ++c) {
                const openvdb::Coord ijk{static_cast<int>(i), static_cast<int>(j), static_cast<int>(k)};
                const bool expectActive = std::abs(double(values[c]) - double(background)) >= double(frame.activeThreshold);
                ASSERT_EQ(accessor.isValueOn(ijk), expectActive) << "voxel (" << i << ", " << j << ", " << k << ") value " << values[c];
                // Active voxels hold the download bit for bit; inactive ones read as the background.
                const float expected = expectActive ? values[c] : background;
                ASSERT_TRUE(sameBits(accessor.getValue(ijk), expected))
                    << "voxel (" << i << ", " << j << ", " << k << "): " << accessor.getValue(ijk) << " != " << expected;
                (expectActive ? active : inactive)++;
            }
    EXPECT_EQ(grid->activeVoxelCount(), active) << "active voxels outside the domain";
    EXPECT_GT(active, 0u);
    EXPECT_GT(inactive, 0u);
    // Pruned: no leaf without an active voxel.
    for (auto leaf = grid->tree().cbeginLeaf(); leaf; ++leaf) EXPECT_GT(leaf->onVoxelCount(), 0u);
}

TEST_F(VdbExport, FireFrameReadsBackAsDownloaded) {
    const SmokeSettings3D settings = fireSettings();
    SmokeSolver3D solver(context(), settings);
    runFire(solver);
    const std::array<double, 3> origin{1.25, -0.5, 2.0};
    const VolumeFrame frame = vdb::downloadVolumeFrame(solver, origin, 4.0 / 30.0);
    const std::vector<float> density = solver.download(SmokeField3D::Density), temperature = solver.download(SmokeField3D::Temperature),
                             fuel = solver.download(SmokeField3D::Fuel), u = solver.download(SmokeField3D::VelocityX),
                             v = solver.download(SmokeField3D::VelocityY), w = solver.download(SmokeField3D::VelocityZ);
    // The run is non-trivial: something burnt (density comes only from combustion here) and the
    // flame is above the ignition temperature.
    float hottest = 0.0f, densest = 0.0f;
    for (float t : temperature) hottest = std::max(hottest, t);
    for (float d : density) densest = std::max(densest, d);
    ASSERT_GT(hottest, settings.combustion.ignitionTemperature);
    ASSERT_GT(densest, 0.01f);

    const std::filesystem::path path = outputPath("fire.vdb");
    vdb::writeVdb(path.string(), frame);
    for (const auto& entry : std::filesystem::directory_iterator(path.parent_path()))
        EXPECT_EQ(entry.path().string().find(".partial"), std::string::npos) << "left behind: " << entry.path();
    const ReadBack back = readVdb(path);

    // Names, types and classes as documented (docs/vdb-export.md). No obstacle: the solid
    // fraction is 0 everywhere, so "solid" is there, empty.
    ASSERT_EQ(back.grids.size(), 6u);
    for (const char* name : {"density", "temperature", "flame", "fuel", "vel", "solid"}) ASSERT_TRUE(back.grids.count(name)) << name;
    EXPECT_EQ(back.grids.at("solid")->activeVoxelCount(), 0u);
    EXPECT_EQ(back.grids.at("density")->getGridClass(), openvdb::GRID_FOG_VOLUME);
    EXPECT_EQ(back.grids.at("fuel")->getGridClass(), openvdb::GRID_FOG_VOLUME);
    EXPECT_EQ(back.grids.at("temperature")->getGridClass(), openvdb::GRID_UNKNOWN);
    EXPECT_EQ(back.grids.at("flame")->getGridClass(), openvdb::GRID_UNKNOWN);
    const auto& velocityBase = back.grids.at("vel");
    EXPECT_EQ(velocityBase->getGridClass(), openvdb::GRID_UNKNOWN);
    EXPECT_EQ(velocityBase->getVectorType(), openvdb::VEC_CONTRAVARIANT_RELATIVE);
    EXPECT_TRUE(velocityBase->isInWorldSpace());
    EXPECT_TRUE(velocityBase->saveFloatAsHalf());
    EXPECT_FALSE(back.grids.at("density")->saveFloatAsHalf());
    const std::map<std::string, std::string> units{{"density", "dimensionless"}, {"temperature", "K"}, {"flame", "K above ambient"},
                                                   {"fuel", "dimensionless"}, {"vel", "m/s"}};
    for (const auto& [name, unit] : units) EXPECT_EQ(back.grids.at(name)->metaValue<std::string>("unit"), unit) << name;
    // Every grid carries the frame's time too (Blender and Houdini show grid metadata).
    for (const auto& [name, grid] : back.grids) EXPECT_EQ(grid->metaValue<double>("time"), 4.0 / 30.0) << name;

    // The transform: voxel size h, voxel (i, j, k)'s centre at origin + (i + 1/2, j + 1/2, k + 1/2) h,
    // its faces half a voxel either side. The only rounding is double arithmetic on values of
    // order 3 m: 1e-12 m is a thousand times the double spacing there.
    const double h = settings.cellSize;
    for (const auto& [name, grid] : back.grids) {
        SCOPED_TRACE(name);
        const openvdb::math::Transform& transform = grid->transform();
        EXPECT_TRUE(transform.isLinear());
        EXPECT_EQ(transform.voxelSize(), openvdb::Vec3d(h, h, h));
        for (const openvdb::Coord ijk : {openvdb::Coord(0, 0, 0), openvdb::Coord(18, 12, 10), openvdb::Coord(7, 3, 9)}) {
            const openvdb::Vec3d centre = transform.indexToWorld(ijk);
            const openvdb::Vec3d lowCorner = transform.indexToWorld(ijk.asVec3d() - openvdb::Vec3d(0.5));
            for (int a = 0; a < 3; ++a) {
                EXPECT_NEAR(centre[a], origin[a] + (ijk[a] + 0.5) * h, 1e-12) << "axis " << a;
                EXPECT_NEAR(lowCorner[a], origin[a] + ijk[a] * h, 1e-12) << "axis " << a;
            }
        }
        // Active voxels lie in the domain's index box.
        const openvdb::CoordBBox box = grid->evalActiveVoxelBoundingBox();
        EXPECT_GE(box.min().x(), 0);
        EXPECT_GE(box.min().y(), 0);
        EXPECT_GE(box.min().z(), 0);
        EXPECT_LE(box.max().x(), 18);
        EXPECT_LE(box.max().y(), 12);
        EXPECT_LE(box.max().z(), 10);
    }

    // Scalars: the frame holds the downloads; the file holds the frame.
    EXPECT_EQ(frame.density, density);
    EXPECT_EQ(frame.fuel, fuel);
    EXPECT_EQ(frame.temperature, temperature);
    EXPECT_EQ(frame.temperatureBackground, settings.ambientTemperature);
    expectScalarGrid(back.grids.at("density"), density, frame, 0.0f, "density");
    expectScalarGrid(back.grids.at("temperature"), temperature, frame, settings.ambientTemperature, "temperature");
    expectScalarGrid(back.grids.at("fuel"), fuel, frame, 0.0f, "fuel");
    // Flame: temperature - ambient, background 0, active only where at least the threshold above.
    {
        const auto flame = openvdb::GridBase::grid<openvdb::FloatGrid>(back.grids.at("flame"));
        ASSERT_TRUE(flame);
        EXPECT_EQ(flame->background(), 0.0f);
        auto accessor = flame->getConstAccessor();
        size_t active = 0, c = 0;
        for (uint32_t k = 0; k < frame.nz; ++k)
            for (uint32_t j = 0; j < frame.ny; ++j)
                for (uint32_t i = 0; i < frame.nx; ++i, ++c) {
                    const openvdb::Coord ijk{int(i), int(j), int(k)};
                    const float excess = temperature[c] - settings.ambientTemperature;
                    const bool expectActive = double(temperature[c]) - settings.ambientTemperature >= double(frame.activeThreshold);
                    ASSERT_EQ(accessor.isValueOn(ijk), expectActive) << "flame voxel (" << i << ", " << j << ", " << k << ")";
                    ASSERT_TRUE(sameBits(accessor.getValue(ijk), expectActive ? excess : 0.0f)) << "flame voxel " << c;
                    active += expectActive;
                }
        EXPECT_GT(active, 0u);
        EXPECT_EQ(flame->activeVoxelCount(), active);
    }

    // Velocity: the frame holds the mean of the two faces bounding each cell. The exact mean e of
    // two floats rounded once to float is off by at most half an ulp, 2^-24 |e|; the double sum
    // below is exact (or off by 2^-53 relative), so the bound with a 2^-40 |e| margin holds.
    const uint32_t nx = 19, ny = 13, nz = 11;
    size_t c = 0;
    for (uint32_t k = 0; k < nz; ++k)
        for (uint32_t j = 0; j < ny; ++j)
            for (uint32_t i = 0; i < nx; ++i, ++c) {
                const double ex = 0.5 * (double(u[i + (nx + 1) * (j + ny * k)]) + u[i + 1 + (nx + 1) * (j + ny * k)]);
                const double ey = 0.5 * (double(v[i + nx * (j + (ny + 1) * k)]) + v[i + nx * (j + 1 + (ny + 1) * k)]);
                const double ez = 0.5 * (double(w[i + nx * (j + ny * k)]) + w[i + nx * (j + ny * (k + 1))]);
                const float got[3] = {frame.velocityX[c], frame.velocityY[c], frame.velocityZ[c]};
                const double want[3] = {ex, ey, ez};
                for (int a = 0; a < 3; ++a)
                    ASSERT_LE(std::abs(got[a] - want[a]), std::abs(want[a]) * (0x1p-24 + 0x1p-40))
                        << "cell (" << i << ", " << j << ", " << k << ") axis " << a;
            }
    // Vel: active only near smoke, fuel and flame (and where |v| >= the threshold), stored as half
    // floats: each component reads back as the float rounded to half.
    const auto velocity = openvdb::GridBase::grid<openvdb::Vec3SGrid>(velocityBase);
    ASSERT_TRUE(velocity) << "vel is not a Vec3SGrid";
    const std::vector<bool> near = vdb::detail::velocityNeighbourhood(frame);
    auto accessor = velocity->getConstAccessor();
    size_t active = 0;
    c = 0;
    for (uint32_t k = 0; k < nz; ++k)
        for (uint32_t j = 0; j < ny; ++j)
            for (uint32_t i = 0; i < nx; ++i, ++c) {
                const openvdb::Coord ijk{static_cast<int>(i), static_cast<int>(j), static_cast<int>(k)};
                const float x = frame.velocityX[c], y = frame.velocityY[c], z = frame.velocityZ[c];
                const bool expectActive =
                    near[c] && std::sqrt(double(x) * x + double(y) * y + double(z) * z) >= double(frame.activeThreshold);
                ASSERT_EQ(accessor.isValueOn(ijk), expectActive) << "voxel (" << i << ", " << j << ", " << k << ")";
                const openvdb::Vec3s value = accessor.getValue(ijk);
                const openvdb::Vec3s expected = expectActive ? openvdb::Vec3s(asHalf(x), asHalf(y), asHalf(z)) : openvdb::Vec3s(0.0f);
                for (int a = 0; a < 3; ++a) ASSERT_TRUE(sameBits(value[a], expected[a])) << "voxel (" << i << ", " << j << ", " << k << ")";
                active += expectActive;
            }
    EXPECT_EQ(velocity->activeVoxelCount(), active);
    EXPECT_GT(active, 0u);
    EXPECT_LT(active, size_t(nx) * ny * nz) << "vel covers the whole box";

    // File metadata: writer, units, simulated box, frame time.
    const openvdb::MetaMap& meta = *back.metadata;
    EXPECT_EQ(meta.metaValue<std::string>("creator"), "Billow vdb_writer");
    EXPECT_EQ(meta.metaValue<std::string>("length_unit"), "m");
    EXPECT_EQ(meta.metaValue<double>("time"), 4.0 / 30.0);
    const openvdb::Vec3d low = meta.metaValue<openvdb::Vec3d>("domain_min"), high = meta.metaValue<openvdb::Vec3d>("domain_max");
    const std::array<uint32_t, 3> cells{nx, ny, nz};
    for (int a = 0; a < 3; ++a) {
        EXPECT_EQ(low[a], origin[a]);
        EXPECT_NEAR(high[a], origin[a] + cells[a] * h, 1e-12);
    }
}

#ifdef BILLOW_VDB_HAS_NANOVDB
// The same frame as NanoVDB: read back with NanoVDB's own reader, each grid has its name, class,
// transform, active set and values (bit for bit) as in the .vdb.
TEST_F(VdbExport, FireFrameReadsBackFromNanoVdb) {
    const SmokeSettings3D settings = fireSettings();
    SmokeSolver3D solver(context(), settings);
    runFire(solver);
    const std::array<double, 3> origin{-0.5, 0.0, 0.75};
    const VolumeFrame frame = vdb::downloadVolumeFrame(solver, origin);
    const std::filesystem::path path = outputPath("fire.nvdb");
    vdb::writeNanoVdb(path.string(), frame);
    const auto handles = nanovdb::io::readGrids(path.string());
    ASSERT_EQ(handles.size(), 6u);  // density, temperature, flame, fuel, vel, solid (empty: no obstacle)
    const double h = settings.cellSize;
    struct Scalar {
        const char* name;
        const std::vector<float>* values;
        float background;
        nanovdb::GridClass gridClass;
    };
    const Scalar scalars[] = {{"density", &frame.density, 0.0f, nanovdb::GridClass::FogVolume},
                              {"temperature", &frame.temperature, frame.temperatureBackground, nanovdb::GridClass::Unknown},
                              {"fuel", &frame.fuel, 0.0f, nanovdb::GridClass::FogVolume}};
    const size_t handleOf[3] = {0, 1, 3};
    for (size_t g = 0; g < 3; ++g) {
        SCOPED_TRACE(scalars[g].name);
        const nanovdb::NanoGrid<float>* grid = handles[handleOf[g]].grid<float>();
        ASSERT_NE(grid, nullptr);
        EXPECT_STREQ(grid->gridName(), scalars[g].name);
        EXPECT_EQ(grid->gridClass(), scalars[g].gridClass);
        EXPECT_EQ(grid->voxelSize(), nanovdb::Vec3R(h, h, h));
        const nanovdb::Vec3R corner = grid->indexToWorld(nanovdb::Vec3R(18, 12, 10));
        for (int a = 0; a < 3; ++a) EXPECT_NEAR(corner[a], origin[a] + (std::array<int, 3>{18, 12, 10}[a] + 0.5) * h, 1e-12);
        EXPECT_EQ(grid->tree().background(), scalars[g].background);
        const auto accessor = grid->getAccessor();
        size_t c = 0;
        for (int k = 0; k < 11; ++k)
            for (int j = 0; j < 13; ++j)
                for (int i = 0; i < 19; ++i, ++c) {
                    const float value = (*scalars[g].values)[c];
                    const bool expectActive = std::abs(double(value) - double(scalars[g].background)) >= double(frame.activeThreshold);
                    const nanovdb::Coord ijk(i, j, k);
                    ASSERT_EQ(accessor.isActive(ijk), expectActive) << "voxel (" << i << ", " << j << ", " << k << ")";
                    ASSERT_TRUE(sameBits(accessor.getValue(ijk), expectActive ? value : scalars[g].background))
                        << "voxel (" << i << ", " << j << ", " << k << ")";
                }
    }
    const nanovdb::NanoGrid<nanovdb::Vec3f>* velocity = handles[4].grid<nanovdb::Vec3f>();
    ASSERT_NE(velocity, nullptr);
    EXPECT_STREQ(velocity->gridName(), "vel");
    const std::vector<bool> near = vdb::detail::velocityNeighbourhood(frame);
    const auto accessor = velocity->getAccessor();
    size_t c = 0;
    for (int k = 0; k < 11; ++k)
        for (int j = 0; j < 13; ++j)
            for (int i = 0; i < 19; ++i, ++c) {
                const float x = frame.velocityX[c], y = frame.velocityY[c], z = frame.velocityZ[c];
                const bool expectActive =
                    near[c] && std::sqrt(double(x) * x + double(y) * y + double(z) * z) >= double(frame.activeThreshold);
                const nanovdb::Coord ijk(i, j, k);
                ASSERT_EQ(accessor.isActive(ijk), expectActive) << "voxel (" << i << ", " << j << ", " << k << ")";
                const nanovdb::Vec3f value = accessor.getValue(ijk);
                const float expected[3] = {expectActive ? x : 0.0f, expectActive ? y : 0.0f, expectActive ? z : 0.0f};
                for (int a = 0; a < 3; ++a) ASSERT_TRUE(sameBits(value[a], expected[a])) << "voxel (" << i << ", " << j << ", " << k << ")";
            }
}
#endif

// The threshold's tests run on the whole box and on bricks (vdb_layouts.hpp).
class VdbExportThreshold : public ::testing::TestWithParam<FrameLayout> {};
INSTANTIATE_TEST_SUITE_P(Layouts, VdbExportThreshold, ::testing::Values(FrameLayout::Box, FrameLayout::Bricks), layoutName);

// The active set at its edges, on a hand-made frame: a value exactly at the threshold is active,
// the float just below it is not; temperature is measured from its background; a partial field set
// writes only the given grids; a second write replaces the file.
TEST_P(VdbExportThreshold, IsInclusiveAndRelativeToTheBackground) {
    VolumeFrame frame;
    frame.nx = 3;
    frame.ny = 2;
    frame.nz = 1;
    frame.cellSize = 0.1;
    frame.activeThreshold = 0.25f;
    frame.temperatureBackground = 300.0f;
    const float below = std::nextafter(0.25f, 0.0f);
    frame.density = {0.25f, below, -0.25f, -below, 0.0f, 7.0f};
    frame.temperature = {300.25f, 300.0f, 299.75f, 300.125f, 0.0f, 300.0f};
    const std::filesystem::path path = outputPath(layoutName({GetParam(), 0}) + "_threshold.vdb");
    vdb::writeVdb(path.string(), inLayout(frame, GetParam()));
    vdb::writeVdb(path.string(), inLayout(frame, GetParam()));  // replaces it
    const ReadBack back = readVdb(path);
    ASSERT_EQ(back.grids.size(), 3u);  // density, temperature and flame (300.25 K is 0.25 K above ambient)
    ASSERT_TRUE(back.grids.count("density") && back.grids.count("temperature") && back.grids.count("flame"));
    EXPECT_EQ(openvdb::GridBase::grid<openvdb::FloatGrid>(back.grids.at("flame"))->activeVoxelCount(), 1u);
    EXPECT_FALSE(back.metadata->getMetadata<openvdb::DoubleMetadata>("time")) << "time written although unset";
    const std::vector<bool> densityActive{true, false, true, false, false, true};
    const std::vector<bool> temperatureActive{true, false, true, false, true, false};
    auto density = openvdb::GridBase::grid<openvdb::FloatGrid>(back.grids.at("density"))->getConstAccessor();
    auto temperature = openvdb::GridBase::grid<openvdb::FloatGrid>(back.grids.at("temperature"))->getConstAccessor();
    for (int c = 0; c < 6; ++c) {
        const openvdb::Coord ijk(c % 3, c / 3, 0);
        EXPECT_EQ(density.isValueOn(ijk), densityActive[c]) << "density cell " << c;
        EXPECT_EQ(temperature.isValueOn(ijk), temperatureActive[c]) << "temperature cell " << c;
        EXPECT_EQ(temperature.getValue(ijk), temperatureActive[c] ? frame.temperature[c] : 300.0f) << "temperature cell " << c;
    }
}

// Pruned: a uniform 8^3 block (one whole leaf of OpenVDB's default tree) is stored as one active
// tile, not as a leaf of 512 equal voxels; a leaf with one odd voxel stays a leaf.
TEST_P(VdbExportThreshold, UniformLeavesArePrunedIntoTiles) {
    VolumeFrame frame;
    frame.nx = 16;
    frame.ny = 8;
    frame.nz = 8;
    frame.cellSize = 0.25;
    frame.density.assign(16 * 8 * 8, 0.0f);
    for (size_t c = 0; c < frame.density.size(); ++c) frame.density[c] = c % 16 < 8 ? 2.0f : 0.0f;
    frame.density[9 + 16 * (3 + 8 * 5)] = 0.5f;
    const std::filesystem::path path = outputPath(layoutName({GetParam(), 0}) + "_pruned.vdb");
    vdb::writeVdb(path.string(), inLayout(frame, GetParam()));
    const auto grid = openvdb::GridBase::grid<openvdb::FloatGrid>(readVdb(path).grids.at("density"));
    ASSERT_TRUE(grid);
    EXPECT_EQ(grid->tree().leafCount(), 1u);
    EXPECT_EQ(grid->tree().activeTileCount(), 1u);
    EXPECT_EQ(grid->activeVoxelCount(), 8u * 8 * 8 + 1);
    EXPECT_EQ(grid->getConstAccessor().getValue(openvdb::Coord(3, 4, 5)), 2.0f);
}

} // namespace
} // namespace billow::test
