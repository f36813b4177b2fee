#include "sparse_frame.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include <openvdb/io/File.h>
#include <openvdb/openvdb.h>
#ifdef BILLOW_VDB_HAS_NANOVDB
#include <nanovdb/util/IO.h>
#include <nanovdb/util/OpenToNanoVDB.h>
#endif

#include "billow/error.hpp"
#include "vdb_grids.hpp"

namespace billow::vdb {
namespace {

constexpr uint32_t kBrick = SparseSmokeSolver3D::kBrickSize;
constexpr size_t kCells = size_t(kBrick) * kBrick * kBrick;  // a brick, an OpenVDB leaf
constexpr size_t kFaces = size_t(kBrick + 1) * kBrick * kBrick;

std::string field(const char* name) { return std::string("SparseVolumeFrame::") + name; }

void checkValues(const char* name, const std::vector<float>& values, size_t perBrick, size_t bricks) {
    if (values.empty()) return;
    if (values.size() != perBrick * bricks)
        throw InvalidArgument(field(name), "has " + std::to_string(values.size()) + " values; " + std::to_string(perBrick) +
                                               " per brick for " + std::to_string(bricks) + " bricks = " +
                                               std::to_string(perBrick * bricks));
    for (size_t i = 0; i < values.size(); ++i)
        if (!std::isfinite(values[i]))
            throw InvalidArgument(field(name), "value " + std::to_string(i) + " (brick " + std::to_string(i / perBrick) +
                                                   ") is not finite");
}

void checkFrame(const SparseVolumeFrame& f) {
    const std::array<std::pair<const char*, uint32_t>, 3> axes{{{"nx", f.nx}, {"ny", f.ny}, {"nz", f.nz}}};
    for (const auto& [name, n] : axes)
        if (n == 0 || n > uint32_t(INT32_MAX)) throw InvalidArgument(field(name), "must be in [1, 2^31)");
    if (!std::isfinite(f.cellSize) || f.cellSize <= 0.0) throw InvalidArgument(field("cellSize"), "must be finite and > 0");
    for (double o : f.origin)
        if (!std::isfinite(o)) throw InvalidArgument(field("origin"), "must be finite");
    if (!std::isfinite(f.ambientTemperature)) throw InvalidArgument(field("ambientTemperature"), "must be finite");
    if (f.time && !std::isfinite(*f.time)) throw InvalidArgument(field("time"), "must be finite when set");
    if (f.bricks.empty()) throw InvalidArgument(field("bricks"), "is empty: no allocated brick to write");
    std::set<std::array<uint32_t, 3>> seen;
    const std::array<uint32_t, 3> grid{(f.nx + kBrick - 1) / kBrick, (f.ny + kBrick - 1) / kBrick, (f.nz + kBrick - 1) / kBrick};
    for (size_t b = 0; b < f.bricks.size(); ++b) {
        for (int a = 0; a < 3; ++a)
            if (f.bricks[b][a] >= grid[a])
                throw InvalidArgument(field("bricks") + "[" + std::to_string(b) + "]", "lies outside the brick grid");
        if (!seen.insert(f.bricks[b]).second)
            throw InvalidArgument(field("bricks") + "[" + std::to_string(b) + "]", "is listed twice");
    }
    const bool anyVelocity = !f.velocityX.empty() || !f.velocityY.empty() || !f.velocityZ.empty();
    if (anyVelocity && (f.velocityX.empty() || f.velocityY.empty() || f.velocityZ.empty()))
        throw InvalidArgument(field(f.velocityX.empty() ? "velocityX" : f.velocityY.empty() ? "velocityY" : "velocityZ"),
                              "is empty while other velocity components are given (all three or none)");
    if (f.density.empty() && f.temperature.empty() && f.fuel.empty() && f.colour.empty() && !anyVelocity)
        throw InvalidArgument("SparseVolumeFrame", "has no field to write");
    const size_t n = f.bricks.size();
    checkValues("density", f.density, kCells, n);
    checkValues("temperature", f.temperature, kCells, n);
    checkValues("fuel", f.fuel, kCells, n);
    checkValues("colour", f.colour, 4 * kCells, n);
    checkValues("velocityX", f.velocityX, kCells, n);
    checkValues("velocityY", f.velocityY, kCells, n);
    checkValues("velocityZ", f.velocityZ, kCells, n);
}

// The frame as the dense writer's VolumeFrame sees it for the file metadata and the transform
// (vdb_grids.hpp): sizes, cell size, origin, time and step, y up.
VolumeFrame placement(const SparseVolumeFrame& f) {
    VolumeFrame v;
    v.nx = f.nx;
    v.ny = f.ny;
    v.nz = f.nz;
    v.cellSize = f.cellSize;
    v.origin = f.origin;
    v.time = f.time;
    v.step = f.step;
    return v;
}

// Brick b's cells as one leaf of `grid`: value(brick, local cell index x + 8 (y + 8 z)) on every
// cell inside the domain (OpenVDB orders a leaf's voxels z fastest: coordToOffset).
template <typename GridT, typename Value>
void addLeaves(GridT& grid, const SparseVolumeFrame& f, Value value) {
    using Leaf = typename GridT::TreeType::LeafNodeType;
    for (size_t b = 0; b < f.bricks.size(); ++b) {
        const openvdb::Coord corner(int(f.bricks[b][0] * kBrick), int(f.bricks[b][1] * kBrick), int(f.bricks[b][2] * kBrick));
        Leaf* leaf = grid.tree().touchLeaf(corner);
        for (uint32_t z = 0; z < kBrick; ++z)
            for (uint32_t y = 0; y < kBrick; ++y)
                for (uint32_t x = 0; x < kBrick; ++x) {
                    const openvdb::Coord ijk = corner.offsetBy(int(x), int(y), int(z));
                    if (uint32_t(ijk.x()) >= f.nx || uint32_t(ijk.y()) >= f.ny || uint32_t(ijk.z()) >= f.nz) continue;
                    leaf->setValueOn(Leaf::coordToOffset(ijk), value(b, x + kBrick * (y + kBrick * z)));
                }
    }
}

template <typename GridT>
void finish(GridT& grid, const SparseVolumeFrame& f, const char* name, const char* unit) {
    grid.setName(name);
    grid.setTransform(detail::cellCentreTransform(placement(f)));
    grid.setCreator("Billow");
    grid.insertMeta("unit", openvdb::StringMetadata(unit));
    if (f.time) grid.insertMeta("time", openvdb::DoubleMetadata(*f.time));
    if (f.step) grid.insertMeta("step", openvdb::Int64Metadata(int64_t(*f.step)));
}

openvdb::GridBase::Ptr scalarGrid(const SparseVolumeFrame& f, const std::vector<float>& values, float background,
                                  const char* name, const char* unit, openvdb::GridClass gridClass) {
    auto grid = openvdb::FloatGrid::create(background);
    addLeaves(*grid, f, [&](size_t b, size_t c) { return values[b * kCells + c]; });
    finish(*grid, f, name, unit);
    grid->setGridClass(gridClass);
    return grid;
}

openvdb::GridBase::Ptr vectorGrid(const SparseVolumeFrame& f, const char* name, const char* unit, bool velocity) {
    auto grid = openvdb::Vec3SGrid::create(openvdb::Vec3s(0.0f));
    if (velocity)
        addLeaves(*grid, f, [&](size_t b, size_t c) {
            const size_t i = b * kCells + c;
            return openvdb::Vec3s(f.velocityX[i], f.velocityY[i], f.velocityZ[i]);
        });
    else
        addLeaves(*grid, f, [&](size_t b, size_t c) {
            const size_t i = 4 * (b * kCells + c);
            return openvdb::Vec3s(f.colour[i], f.colour[i + 1], f.colour[i + 2]);
        });
    finish(*grid, f, name, unit);
    grid->setGridClass(openvdb::GRID_UNKNOWN);
    if (velocity) {
        // Cell-centred samples in world space: a velocity transforms like a displacement.
        grid->setVectorType(openvdb::VEC_CONTRAVARIANT_RELATIVE);
        grid->setIsInWorldSpace(true);
    }
    return grid;
}

openvdb::GridPtrVec buildSparseGrids(const SparseVolumeFrame& f) {
    checkFrame(f);
    static std::once_flag initialised;
    std::call_once(initialised, [] { openvdb::initialize(); });
    openvdb::GridPtrVec grids;
    if (!f.density.empty()) grids.push_back(scalarGrid(f, f.density, 0.0f, "density", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!f.temperature.empty())
        grids.push_back(scalarGrid(f, f.temperature, f.ambientTemperature, "temperature", "K", openvdb::GRID_UNKNOWN));
    if (!f.fuel.empty()) grids.push_back(scalarGrid(f, f.fuel, 0.0f, "fuel", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!f.colour.empty()) grids.push_back(vectorGrid(f, "colour", "density-weighted rgb", false));
    if (!f.velocityX.empty()) grids.push_back(vectorGrid(f, "vel", "m/s", true));
    return grids;
}

// A field's bricks reordered into `order` (downloads list the bricks in the GPU's active-list
// order; every field's is the same between two steps, but the frame does not rely on it).
std::vector<float> inOrder(const SparseBricks& got, const std::vector<std::array<uint32_t, 3>>& order, size_t perBrick) {
    std::map<std::array<uint32_t, 3>, size_t> where;
    for (size_t b = 0; b < got.bricks.size(); ++b) where[got.bricks[b]] = b;
    std::vector<float> out(order.size() * perBrick);
    for (size_t b = 0; b < order.size(); ++b) {
        const auto found = where.find(order[b]);
        if (found == where.end()) throw Error("downloadSparseVolumeFrame: the allocated bricks changed between two downloads");
        std::copy_n(got.values.begin() + found->second * perBrick, perBrick, out.begin() + b * perBrick);
    }
    return out;
}

} // namespace

SparseVolumeFrame downloadSparseVolumeFrame(SparseSmokeSolver3D& solver, const std::array<double, 3>& origin,
                                            std::optional<double> time) {
    const SmokeSettings3D& s = solver.settings();
    SparseVolumeFrame f;
    f.nx = s.nx;
    f.ny = s.ny;
    f.nz = s.nz;
    f.cellSize = s.cellSize;
    f.origin = origin;
    f.ambientTemperature = s.ambientTemperature;
    f.time = time;
    f.step = solver.stepsRecorded();
    const SparseBricks density = solver.downloadBricks(SparseField3D::Density);
    f.bricks = density.bricks;
    f.density = density.values;
    f.temperature = inOrder(solver.downloadBricks(SparseField3D::Temperature), f.bricks, kCells);
    f.fuel = inOrder(solver.downloadBricks(SparseField3D::Fuel), f.bricks, kCells);
    if (s.colour) f.colour = inOrder(solver.downloadBricks(SparseField3D::Colour), f.bricks, 4 * kCells);
    // Each brick stores all the faces of its cells (9 layers along the axis): the cell-centred
    // component of cell (x, y, z) is 0.5f * (face (x, y, z) + the next face along the axis).
    const SparseField3D components[3] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ};
    std::vector<float>* outs[3] = {&f.velocityX, &f.velocityY, &f.velocityZ};
    for (int a = 0; a < 3; ++a) {
        const std::vector<float> faces = inOrder(solver.downloadBricks(components[a]), f.bricks, kFaces);
        const uint32_t ex = a == 0 ? kBrick + 1 : kBrick, ey = a == 1 ? kBrick + 1 : kBrick;
        const size_t next = a == 0 ? 1 : a == 1 ? ex : size_t(ex) * ey;
        std::vector<float>& out = *outs[a];
        out.resize(f.bricks.size() * kCells);
        for (size_t b = 0; b < f.bricks.size(); ++b)
            for (uint32_t z = 0; z < kBrick; ++z)
                for (uint32_t y = 0; y < kBrick; ++y)
                    for (uint32_t x = 0; x < kBrick; ++x) {
                        const size_t face = b * kFaces + x + ex * (y + size_t(ey) * z);
                        out[b * kCells + x + kBrick * (y + kBrick * z)] = 0.5f * (faces[face] + faces[face + next]);
                    }
    }
    return f;
}

void writeSparseVdb(const std::string& path, const SparseVolumeFrame& frame) {
    if (path.empty()) throw InvalidArgument("writeSparseVdb: path", "is empty");
    const openvdb::GridPtrVec grids = buildSparseGrids(frame);
    const openvdb::MetaMap metadata = detail::fileMetadata(placement(frame));
    detail::writeAtomically("writeSparseVdb", path, [&](const std::string& partialPath) {
        openvdb::io::File file(partialPath);
        file.write(grids, metadata);
        file.close();
    });
}

#ifdef BILLOW_VDB_HAS_NANOVDB
void writeSparseNanoVdb(const std::string& path, const SparseVolumeFrame& frame) {
    if (path.empty()) throw InvalidArgument("writeSparseNanoVdb: path", "is empty");
    std::vector<nanovdb::GridHandle<nanovdb::HostBuffer>> handles;
    for (const openvdb::GridBase::Ptr& grid : buildSparseGrids(frame)) handles.push_back(nanovdb::openToNanoVDB(grid));
    detail::writeAtomically("writeSparseNanoVdb", path, [&](const std::string& partialPath) {
        std::ofstream file(partialPath, std::ios::out | std::ios::binary | std::ios::trunc);
        if (!file) throw std::runtime_error("could not open it for writing");
        nanovdb::io::writeGrids(file, handles, nanovdb::io::Codec::NONE);
        file.close();
        if (!file) throw std::runtime_error("writing failed (disk full?)");
    });
}
#endif

} // namespace billow::vdb
