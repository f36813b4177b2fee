// OpenVDB files of one 3D frame (docs/vdb-export.md): density, temperature and fuel as FloatGrids,
// velocity as a Vec3SGrid, in one .vdb that Blender, Houdini and other OpenVDB readers open.
//
// Placement. The transform is linear with voxel size `cellSize` and a translation of
// origin + cellSize / 2 on each axis: OpenVDB puts voxel (i, j, k)'s centre at integer index
// coordinates, so index (i, j, k) maps to the world point origin + (i + 0.5, j + 0.5, k + 0.5) *
// cellSize, the centre of cell (i, j, k), and the voxel's extent [i - 0.5, i + 0.5] in index space
// is the cell [origin + i h, origin + (i + 1) h]. Index space thus spans [0, nx - 1] x [0, ny - 1] x
// [0, nz - 1]; the file metadata "domain_min" and "domain_max" (m) give the simulated box, which
// the grids' active voxels need not fill.
//
// Sparsity. Only voxels whose value differs enough from the grid's background are written, as
// active voxels; every other voxel is inactive and reads as the background (0, or
// `temperatureBackground` for temperature). The test is |value - background| >= activeThreshold
// (for velocity |(vx, vy, vz)| >= activeThreshold), evaluated in double precision. Trees are pruned
// (inactive leaves removed, uniform nodes collapsed into tiles) before writing. Active values are
// stored as 32-bit floats, bit for bit as given (no half-float or lossy compression).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace billow::vdb {

struct VolumeFrame {           // cell-centred fields of one frame, x fastest (index x + nx*(y + ny*z))
    uint32_t nx = 0, ny = 0, nz = 0;
    double cellSize = 0;         // m (the voxel size), finite and > 0
    std::array<double, 3> origin{}; // world position of the grid's minimum corner, m
    std::vector<float> density, temperature, fuel;  // empty = not written
    std::vector<float> velocityX, velocityY, velocityZ; // cell-centred, m/s; empty = not written (all three or none)
    float activeThreshold = 1e-4f; // values with |v| below it are inactive (background 0)
    // The temperature grid's background, K (the solver's ambientTemperature, so that the air at
    // rest stays inactive); its voxels are active where |T - temperatureBackground| >=
    // activeThreshold. Default 0.
    float temperatureBackground = 0.0f;
    // The frame's simulation time, s; written as the file metadata "time" when set. Default unset.
    std::optional<double> time;
};

// Writes `frame` to `path` (conventionally *.vdb): each non-empty field as a grid named "density",
// "temperature", "fuel" or "velocity". The file appears complete or not at all: it is written
// under a temporary name in the same folder and renamed over `path`.
// Throws billow::InvalidArgument (a std::runtime_error) naming the VolumeFrame field that is wrong
// (zero sizes, a field whose size is not nx * ny * nz, only some velocity components, a cell size
// that is not finite and > 0, a non-finite origin or value, a negative threshold, no field at all),
// and billow::Error (also a std::runtime_error) naming the path when the file cannot be written.
void writeVdb(const std::string& path, const VolumeFrame& frame);

} // namespace billow::vdb
