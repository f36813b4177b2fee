#include "vdb_grids.hpp"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <span>

#include <unistd.h>

#include <openvdb/tools/Prune.h>

#include "billow/error.hpp"

namespace billow::vdb::detail {
namespace {

std::string field(const char* name) { return std::string("VolumeFrame::") + name; }

// OpenVDB's coordinates are int32: every axis must fit, and the cell count must fit size_t.
size_t checkedCellCount(const VolumeFrame& frame) {
    const std::array<std::pair<const char*, uint32_t>, 3> axes{{{"nx", frame.nx}, {"ny", frame.ny}, {"nz", frame.nz}}};
    for (const auto& [name, n] : axes) {
        if (n == 0) throw InvalidArgument(field(name), "is 0; every axis needs at least one cell");
        if (n > uint32_t(INT32_MAX)) throw InvalidArgument(field(name), std::to_string(n) + " exceeds OpenVDB's int32 coordinates");
    }
    return size_t(frame.nx) * frame.ny * frame.nz;
}

void checkValues(const char* name, std::span<const float> values, size_t cells, const VolumeFrame& frame) {
    if (values.empty()) return;
    if (values.size() != cells)
        throw InvalidArgument(field(name), "has " + std::to_string(values.size()) + " values; nx * ny * nz = " +
                                               std::to_string(frame.nx) + " * " + std::to_string(frame.ny) + " * " +
                                               std::to_string(frame.nz) + " = " + std::to_string(cells));
    for (size_t c = 0; c < cells; ++c)
        if (!std::isfinite(values[c]))
            throw InvalidArgument(field(name), "value " + std::to_string(values[c]) + " at cell (" +
                                                   std::to_string(c % frame.nx) + ", " +
                                                   std::to_string(c / frame.nx % frame.ny) + ", " +
                                                   std::to_string(c / frame.nx / frame.ny) + ") is not finite");
}

void checkFrame(const VolumeFrame& frame) {
    const size_t cells = checkedCellCount(frame);
    if (!std::isfinite(frame.cellSize) || frame.cellSize <= 0.0)
        throw InvalidArgument(field("cellSize"), std::to_string(frame.cellSize) + " m must be finite and > 0");
    for (double o : frame.origin)
        if (!std::isfinite(o)) throw InvalidArgument(field("origin"), "must be finite, got " + std::to_string(o));
    if (!std::isfinite(frame.activeThreshold) || frame.activeThreshold < 0.0f)
        throw InvalidArgument(field("activeThreshold"), std::to_string(frame.activeThreshold) + " must be finite and >= 0");
    if (!std::isfinite(frame.temperatureBackground))
        throw InvalidArgument(field("temperatureBackground"), "must be finite");
    if (frame.time && !std::isfinite(*frame.time)) throw InvalidArgument(field("time"), "must be finite when set");
    const bool anyVelocity = !frame.velocityX.empty() || !frame.velocityY.empty() || !frame.velocityZ.empty();
    const bool allVelocity = !frame.velocityX.empty() && !frame.velocityY.empty() && !frame.velocityZ.empty();
    if (anyVelocity && !allVelocity)
        throw InvalidArgument(field(frame.velocityX.empty() ? "velocityX" : frame.velocityY.empty() ? "velocityY" : "velocityZ"),
                              "is empty while other velocity components are given (all three or none)");
    if (frame.density.empty() && frame.temperature.empty() && frame.fuel.empty() && !anyVelocity)
        throw InvalidArgument("VolumeFrame", "has no field to write (density, temperature, fuel and velocity are all empty)");
    checkValues("density", frame.density, cells, frame);
    checkValues("temperature", frame.temperature, cells, frame);
    checkValues("fuel", frame.fuel, cells, frame);
    checkValues("velocityX", frame.velocityX, cells, frame);
    checkValues("velocityY", frame.velocityY, cells, frame);
    checkValues("velocityZ", frame.velocityZ, cells, frame);
}

// Index (i, j, k) -> world origin + (i + 1/2, j + 1/2, k + 1/2) h: OpenVDB's voxel centres sit at
// integer index coordinates, the solver's cell centres half a cell inside the cell's corner.
openvdb::math::Transform::Ptr cellCentreTransform(const VolumeFrame& frame) {
    const double h = frame.cellSize;
    auto transform = openvdb::math::Transform::createLinearTransform(h);
    transform->postTranslate(openvdb::Vec3d(frame.origin[0] + 0.5 * h, frame.origin[1] + 0.5 * h, frame.origin[2] + 0.5 * h));
    return transform;
}

// Calls visit(coord, cell index) for every cell, x fastest (the accessor then stays in one leaf
// for eight consecutive cells).
template <typename Visit>
void forEachCell(const VolumeFrame& frame, Visit&& visit) {
    size_t c = 0;
    for (uint32_t k = 0; k < frame.nz; ++k)
        for (uint32_t j = 0; j < frame.ny; ++j)
            for (uint32_t i = 0; i < frame.nx; ++i, ++c) visit(openvdb::Coord(int32_t(i), int32_t(j), int32_t(k)), c);
}

template <typename GridT>
void finishGrid(GridT& grid, const VolumeFrame& frame, const char* name, const char* unit) {
    openvdb::tools::prune(grid.tree());
    grid.setName(name);
    grid.setTransform(cellCentreTransform(frame));
    grid.setCreator("Billow");
    grid.insertMeta("unit", openvdb::StringMetadata(unit));
}

openvdb::GridBase::Ptr scalarGrid(const VolumeFrame& frame, const std::vector<float>& values, float background,
                                  const char* name, const char* unit, openvdb::GridClass gridClass) {
    auto grid = openvdb::FloatGrid::create(background);
    auto accessor = grid->getAccessor();
    const double threshold = frame.activeThreshold;
    forEachCell(frame, [&](const openvdb::Coord& ijk, size_t c) {
        if (std::abs(double(values[c]) - double(background)) >= threshold) accessor.setValueOn(ijk, values[c]);
    });
    finishGrid(*grid, frame, name, unit);
    grid->setGridClass(gridClass);
    return grid;
}

openvdb::GridBase::Ptr velocityGrid(const VolumeFrame& frame) {
    auto grid = openvdb::Vec3SGrid::create(openvdb::Vec3s(0.0f));
    auto accessor = grid->getAccessor();
    const double threshold = frame.activeThreshold;
    forEachCell(frame, [&](const openvdb::Coord& ijk, size_t c) {
        const float x = frame.velocityX[c], y = frame.velocityY[c], z = frame.velocityZ[c];
        if (std::sqrt(double(x) * x + double(y) * y + double(z) * z) >= threshold) accessor.setValueOn(ijk, openvdb::Vec3s(x, y, z));
    });
    finishGrid(*grid, frame, "velocity", "m/s");
    // Cell-centred samples (not OpenVDB's staggered face layout), in world space; a velocity
    // transforms like a displacement: by the linear part of a transform, without its translation.
    grid->setGridClass(openvdb::GRID_UNKNOWN);
    grid->setVectorType(openvdb::VEC_CONTRAVARIANT_RELATIVE);
    grid->setIsInWorldSpace(true);
    return grid;
}

// A name next to `path` (same folder, so the final rename is atomic) no other writer uses.
std::filesystem::path temporaryPath(const std::filesystem::path& path) {
    static std::atomic<uint64_t> counter{0};
    std::filesystem::path partial = path;
    partial += ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    return partial;
}

} // namespace

openvdb::MetaMap fileMetadata(const VolumeFrame& frame) {
    openvdb::MetaMap meta;
    meta.insertMeta("creator", openvdb::StringMetadata("Billow vdb_writer"));
    meta.insertMeta("length_unit", openvdb::StringMetadata("m"));
    const openvdb::Vec3d low(frame.origin[0], frame.origin[1], frame.origin[2]);
    meta.insertMeta("domain_min", openvdb::Vec3DMetadata(low));
    meta.insertMeta("domain_max", openvdb::Vec3DMetadata(low + openvdb::Vec3d(frame.nx, frame.ny, frame.nz) * frame.cellSize));
    if (frame.time) meta.insertMeta("time", openvdb::DoubleMetadata(*frame.time));
    return meta;
}

openvdb::GridPtrVec buildGrids(const VolumeFrame& frame) {
    checkFrame(frame);
    static std::once_flag initialised;
    std::call_once(initialised, [] { openvdb::initialize(); });
    openvdb::GridPtrVec grids;
    if (!frame.density.empty())
        grids.push_back(scalarGrid(frame, frame.density, 0.0f, "density", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!frame.temperature.empty())
        grids.push_back(scalarGrid(frame, frame.temperature, frame.temperatureBackground, "temperature", "K", openvdb::GRID_UNKNOWN));
    if (!frame.fuel.empty()) grids.push_back(scalarGrid(frame, frame.fuel, 0.0f, "fuel", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!frame.velocityX.empty()) grids.push_back(velocityGrid(frame));
    return grids;
}

void writeAtomically(const char* function, const std::string& path,
                     const std::function<void(const std::string& partialPath)>& write) {
    if (path.empty()) throw InvalidArgument(std::string(function) + ": path", "is empty");
    const std::filesystem::path target(path);
    const std::filesystem::path partial = temporaryPath(target);
    try {
        write(partial.string());
    } catch (const std::exception& e) {
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        throw Error(std::string(function) + ": cannot write '" + path + "': " + e.what());
    }
    std::error_code renamed;
    std::filesystem::rename(partial, target, renamed);
    if (renamed) {
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        throw Error(std::string(function) + ": cannot move the written file onto '" + path + "': " + renamed.message());
    }
}

} // namespace billow::vdb::detail
