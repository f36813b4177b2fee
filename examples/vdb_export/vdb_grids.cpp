#include "vdb_grids.hpp"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <set>
#include <span>

#include <unistd.h>

#include <openvdb/tools/Prune.h>

#include "billow/error.hpp"
#include "cell_layout.hpp"
#include "file_axes.hpp"
#include "velocity_mask.hpp"

namespace billow::vdb::detail {
namespace {

std::string field(const char* name) { return std::string("VolumeFrame::") + name; }

// A cube of 2 * 64 + 1 voxels around every smoke voxel already covers most boxes a solver runs.
constexpr uint32_t kMaxVelocityDilation = 64;

// OpenVDB's coordinates are int32: every axis must fit, and the cell count must fit size_t.
size_t checkedCellCount(const VolumeFrame& frame) {
    const std::array<std::pair<const char*, uint32_t>, 3> axes{{{"nx", frame.nx}, {"ny", frame.ny}, {"nz", frame.nz}}};
    for (const auto& [name, n] : axes) {
        if (n == 0) throw InvalidArgument(field(name), "is 0; every axis needs at least one cell");
        if (n > uint32_t(INT32_MAX)) throw InvalidArgument(field(name), std::to_string(n) + " exceeds OpenVDB's int32 coordinates");
    }
    return size_t(frame.nx) * frame.ny * frame.nz;
}

// `values` holds `perCell` values for every value index of the layout (or is empty), all finite.
void checkValues(const char* name, std::span<const float> values, const CellLayout& layout, const VolumeFrame& frame,
                 size_t perCell = 1) {
    if (values.empty()) return;
    const size_t expected = layout.values() * perCell;
    if (values.size() != expected) {
        const std::string per = perCell > 1 ? std::to_string(perCell) + " * " : "";
        throw InvalidArgument(field(name), "has " + std::to_string(values.size()) + " values; " +
                                               (layout.bricks() ? per + "512 per brick * " + std::to_string(frame.bricks.size()) + " bricks"
                                                                : per + "nx * ny * nz = " + per + std::to_string(frame.nx) + " * " +
                                                                      std::to_string(frame.ny) + " * " + std::to_string(frame.nz)) +
                                               " = " + std::to_string(expected));
    }
    for (size_t c = 0; c < values.size(); ++c)
        if (!std::isfinite(values[c])) {
            const std::array<uint32_t, 3> cell = layout.cellOf(c / perCell);
            throw InvalidArgument(field(name), "value " + std::to_string(values[c]) + " at cell (" + std::to_string(cell[0]) + ", " +
                                                   std::to_string(cell[1]) + ", " + std::to_string(cell[2]) + ") is not finite");
        }
}

void checkBricks(const VolumeFrame& frame) {
    const uint32_t b = CellLayout::kBrick;
    const std::array<uint32_t, 3> grid{(frame.nx + b - 1) / b, (frame.ny + b - 1) / b, (frame.nz + b - 1) / b};
    std::set<std::array<uint32_t, 3>> seen;
    for (size_t k = 0; k < frame.bricks.size(); ++k) {
        const std::string name = field("bricks") + "[" + std::to_string(k) + "]";
        for (int a = 0; a < 3; ++a)
            if (frame.bricks[k][a] >= grid[a])
                throw InvalidArgument(name, "lies outside the brick grid of " + std::to_string(grid[0]) + " x " + std::to_string(grid[1]) +
                                                " x " + std::to_string(grid[2]) + " bricks");
        if (!seen.insert(frame.bricks[k]).second) throw InvalidArgument(name, "is listed twice");
    }
}

void checkFrame(const VolumeFrame& frame) {
    checkedCellCount(frame);
    if (!std::isfinite(frame.cellSize) || frame.cellSize <= 0.0)
        throw InvalidArgument(field("cellSize"), std::to_string(frame.cellSize) + " m must be finite and > 0");
    for (double o : frame.origin)
        if (!std::isfinite(o)) throw InvalidArgument(field("origin"), "must be finite, got " + std::to_string(o));
    if (!std::isfinite(frame.activeThreshold) || frame.activeThreshold < 0.0f)
        throw InvalidArgument(field("activeThreshold"), std::to_string(frame.activeThreshold) + " must be finite and >= 0");
    if (!std::isfinite(frame.temperatureBackground))
        throw InvalidArgument(field("temperatureBackground"), "must be finite");
    if (frame.upAxis != UpAxis::Y && frame.upAxis != UpAxis::Z) throw InvalidArgument(field("upAxis"), "must be UpAxis::Y or UpAxis::Z");
    if (!std::isfinite(frame.velocityMask.threshold) || frame.velocityMask.threshold < 0.0f)
        throw InvalidArgument(field("velocityMask.threshold"), std::to_string(frame.velocityMask.threshold) + " must be finite and >= 0");
    if (frame.velocityMask.dilation > kMaxVelocityDilation)
        throw InvalidArgument(field("velocityMask.dilation"),
                              std::to_string(frame.velocityMask.dilation) + " voxels; at most " + std::to_string(kMaxVelocityDilation));
    if (frame.time && !std::isfinite(*frame.time)) throw InvalidArgument(field("time"), "must be finite when set");
    checkBricks(frame);
    const bool anyVelocity = !frame.velocityX.empty() || !frame.velocityY.empty() || !frame.velocityZ.empty();
    const bool allVelocity = !frame.velocityX.empty() && !frame.velocityY.empty() && !frame.velocityZ.empty();
    if (anyVelocity && !allVelocity)
        throw InvalidArgument(field(frame.velocityX.empty() ? "velocityX" : frame.velocityY.empty() ? "velocityY" : "velocityZ"),
                              "is empty while other velocity components are given (all three or none)");
    if (frame.density.empty() && frame.temperature.empty() && frame.fuel.empty() && !anyVelocity && frame.solid.empty() &&
        frame.colour.empty())
        throw InvalidArgument("VolumeFrame", "has no field to write (density, temperature, fuel, velocity, solid and colour are all empty)");
    const CellLayout layout(frame);
    checkValues("density", frame.density, layout, frame);
    checkValues("temperature", frame.temperature, layout, frame);
    checkValues("fuel", frame.fuel, layout, frame);
    checkValues("velocityX", frame.velocityX, layout, frame);
    checkValues("velocityY", frame.velocityY, layout, frame);
    checkValues("velocityZ", frame.velocityZ, layout, frame);
    checkValues("solid", frame.solid, layout, frame);
    checkValues("colour", frame.colour, layout, frame, 4);
}

// Calls visit(the file's voxel, value index) for every cell the frame has a value for, x fastest
// (the accessor then stays in one leaf for eight consecutive cells).
template <typename Visit>
void forEachCell(const VolumeFrame& frame, Visit&& visit) {
    const FileAxes axes = fileAxesOf(frame);
    CellLayout(frame).forEachCell([&](const std::array<uint32_t, 3>& cell, size_t c) {
        const std::array<int32_t, 3> v = axes.index(cell[0], cell[1], cell[2]);
        visit(openvdb::Coord(v[0], v[1], v[2]), c);
    });
}

// The frame's step and time on a grid too: Blender and Houdini show a grid's metadata, not the file's.
void insertFrameMetadata(openvdb::MetaMap& meta, const VolumeFrame& frame) {
    if (frame.time) meta.insertMeta("time", openvdb::DoubleMetadata(*frame.time));
    if (frame.step) meta.insertMeta("step", openvdb::Int64Metadata(int64_t(*frame.step)));
}

template <typename GridT>
void finishGrid(GridT& grid, const VolumeFrame& frame, const char* name, const char* unit) {
    openvdb::tools::prune(grid.tree());
    grid.setName(name);
    grid.setTransform(cellCentreTransform(frame));
    grid.setCreator("Billow");
    grid.insertMeta("unit", openvdb::StringMetadata(unit));
    insertFrameMetadata(grid, frame);
}

// The active test of a scalar grid: |value - background| >= threshold, or for "flame" (one-sided)
// value - background >= threshold.
enum class Activity { BothSides, AboveOnly };

// `values` offset by `shift` (flame: temperature - ambient), active against `background`.
openvdb::GridBase::Ptr scalarGrid(const VolumeFrame& frame, const std::vector<float>& values, float background, float shift,
                                  Activity activity, const char* name, const char* unit, openvdb::GridClass gridClass) {
    auto grid = openvdb::FloatGrid::create(background);
    auto accessor = grid->getAccessor();
    const double threshold = frame.activeThreshold;
    forEachCell(frame, [&](const openvdb::Coord& ijk, size_t c) {
        const double excess = double(values[c]) - double(shift) - double(background);
        const bool active = activity == Activity::AboveOnly ? excess >= threshold : std::abs(excess) >= threshold;
        if (active) accessor.setValueOn(ijk, shift == 0.0f ? values[c] : values[c] - shift);
    });
    finishGrid(*grid, frame, name, unit);
    grid->setGridClass(gridClass);
    return grid;
}

// "colour": the colour field's rgb, active where any channel differs from 0 by activeThreshold.
openvdb::GridBase::Ptr colourGrid(const VolumeFrame& frame) {
    auto grid = openvdb::Vec3SGrid::create(openvdb::Vec3s(0.0f));
    auto accessor = grid->getAccessor();
    const double threshold = frame.activeThreshold;
    forEachCell(frame, [&](const openvdb::Coord& ijk, size_t c) {
        const float* rgb = frame.colour.data() + 4 * c;
        if (std::abs(double(rgb[0])) < threshold && std::abs(double(rgb[1])) < threshold && std::abs(double(rgb[2])) < threshold) return;
        accessor.setValueOn(ijk, openvdb::Vec3s(rgb[0], rgb[1], rgb[2]));
    });
    finishGrid(*grid, frame, "colour", "density-weighted rgb");
    grid->setGridClass(openvdb::GRID_UNKNOWN);
    return grid;
}

openvdb::GridBase::Ptr velocityGrid(const VolumeFrame& frame) {
    auto grid = openvdb::Vec3SGrid::create(openvdb::Vec3s(0.0f));
    auto accessor = grid->getAccessor();
    const double threshold = frame.activeThreshold;
    const std::vector<bool> near = velocityNeighbourhood(frame);
    const FileAxes axes = fileAxesOf(frame);
    forEachCell(frame, [&](const openvdb::Coord& ijk, size_t c) {
        const float x = frame.velocityX[c], y = frame.velocityY[c], z = frame.velocityZ[c];
        if (!near[c] || std::sqrt(double(x) * x + double(y) * y + double(z) * z) < threshold) return;
        const std::array<float, 3> v = axes.vector(x, y, z);
        accessor.setValueOn(ijk, openvdb::Vec3s(v[0], v[1], v[2]));
    });
    finishGrid(*grid, frame, "vel", "m/s");
    grid->setSaveFloatAsHalf(frame.velocityAsHalf);
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

// Index (i, j, k) -> world corner + (i + 1/2, j + 1/2, k + 1/2) h: OpenVDB's voxel centres sit at
// integer index coordinates, the solver's cell centres half a cell inside the cell's corner. The
// corner is the file's minimum corner (file_axes.hpp), so the transform has no rotation.
openvdb::math::Transform::Ptr cellCentreTransform(const VolumeFrame& frame) {
    const double h = frame.cellSize;
    const std::array<double, 3> corner = fileAxesOf(frame).minCorner(frame.origin, h);
    auto transform = openvdb::math::Transform::createLinearTransform(h);
    transform->postTranslate(openvdb::Vec3d(corner[0] + 0.5 * h, corner[1] + 0.5 * h, corner[2] + 0.5 * h));
    return transform;
}

openvdb::MetaMap fileMetadata(const VolumeFrame& frame) {
    openvdb::MetaMap meta;
    meta.insertMeta("creator", openvdb::StringMetadata("Billow vdb_writer"));
    meta.insertMeta("length_unit", openvdb::StringMetadata("m"));
    const FileAxes axes = fileAxesOf(frame);
    const std::array<double, 3> corner = axes.minCorner(frame.origin, frame.cellSize);
    const std::array<uint32_t, 3> counts = axes.counts();
    const openvdb::Vec3d low(corner[0], corner[1], corner[2]);
    meta.insertMeta("domain_min", openvdb::Vec3DMetadata(low));
    meta.insertMeta("domain_max", openvdb::Vec3DMetadata(low + openvdb::Vec3d(counts[0], counts[1], counts[2]) * frame.cellSize));
    meta.insertMeta("up_axis", openvdb::StringMetadata(frame.upAxis == UpAxis::Z ? "z" : "y"));
    insertFrameMetadata(meta, frame);
    return meta;
}

openvdb::GridPtrVec buildGrids(const VolumeFrame& frame) {
    checkFrame(frame);
    static std::once_flag initialised;
    std::call_once(initialised, [] { openvdb::initialize(); });
    openvdb::GridPtrVec grids;
    // Every grid the fields give, empty ones too: Blender reads the grid list of a sequence's
    // first file (a "vel" missing there leaves its velocity-grid field empty, motion blur off).
    auto add = [&](openvdb::GridBase::Ptr grid) { grids.push_back(std::move(grid)); };
    const Activity both = Activity::BothSides;
    if (!frame.density.empty())
        add(scalarGrid(frame, frame.density, 0.0f, 0.0f, both, "density", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!frame.temperature.empty()) {
        const float ambient = frame.temperatureBackground;
        if (frame.writeTemperature) add(scalarGrid(frame, frame.temperature, ambient, 0.0f, both, "temperature", "K", openvdb::GRID_UNKNOWN));
        if (frame.writeFlame) add(scalarGrid(frame, frame.temperature, 0.0f, ambient, Activity::AboveOnly, "flame", "K above ambient", openvdb::GRID_UNKNOWN));
    }
    if (!frame.fuel.empty()) add(scalarGrid(frame, frame.fuel, 0.0f, 0.0f, both, "fuel", "dimensionless", openvdb::GRID_FOG_VOLUME));
    if (!frame.velocityX.empty()) add(velocityGrid(frame));
    if (!frame.solid.empty()) add(scalarGrid(frame, frame.solid, 0.0f, 0.0f, both, "solid", "solid fraction", openvdb::GRID_FOG_VOLUME));
    if (!frame.colour.empty()) add(colourGrid(frame));
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
