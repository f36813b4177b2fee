#include "sparse_frame.hpp"

#include <algorithm>
#include <map>

#include "billow/error.hpp"

namespace billow::vdb {
namespace {

constexpr uint32_t kBrick = SparseSmokeSolver3D::kBrickSize;
constexpr size_t kCells = size_t(kBrick) * kBrick * kBrick;
constexpr size_t kFaces = size_t(kBrick + 1) * kBrick * kBrick;

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

VolumeFrame downloadSparseVolumeFrame(SparseSmokeSolver3D& solver, const std::array<double, 3>& origin,
                                      std::optional<double> time, const FrameFields& fields) {
    const SmokeSettings3D& s = solver.settings();
    VolumeFrame f;
    f.nx = s.nx;
    f.ny = s.ny;
    f.nz = s.nz;
    f.cellSize = s.cellSize;
    f.origin = origin;
    f.temperatureBackground = s.ambientTemperature;
    f.time = time;
    f.step = solver.stepsRecorded();
    const SparseBricks density = solver.downloadBricks(SparseField3D::Density);
    f.bricks = density.bricks;
    if (f.bricks.empty()) return f;
    if (fields.density) f.density = density.values;
    if (fields.temperature) f.temperature = inOrder(solver.downloadBricks(SparseField3D::Temperature), f.bricks, kCells);
    if (fields.fuel) f.fuel = inOrder(solver.downloadBricks(SparseField3D::Fuel), f.bricks, kCells);
    if (fields.solid) f.solid = inOrder(solver.downloadBricks(SparseField3D::Solid), f.bricks, kCells);
    if (s.colour) f.colour = inOrder(solver.downloadBricks(SparseField3D::Colour), f.bricks, 4 * kCells);
    if (!fields.velocity) return f;
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

} // namespace billow::vdb
