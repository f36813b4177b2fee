// OpenVDB files of one 3D frame (docs/vdb-export.md), laid out for artists' tools: the grids have
// the names Blender, Houdini and other renderers look for ("density", "temperature", "flame",
// "fuel", "vel", "solid", "colour"), every grid a frame's fields give is in every file (empty
// where nothing is active, so a sequence's first file already names them all), and the axes can
// be written y-up (Houdini, Maya) or z-up (Blender). One writer for both grids: a frame holds the
// whole box of a SmokeSolver3D or the allocated bricks of a SparseSmokeSolver3D (`bricks`).
//
// Placement. The transform is linear with voxel size `cellSize` and a translation of the file's
// minimum corner + cellSize / 2 on each axis: OpenVDB puts voxel (i, j, k)'s centre at integer
// index coordinates, so a voxel's extent [i - 0.5, i + 0.5] in index space is exactly one solver
// cell. With UpAxis::Y the file's axes are Billow's: voxel (i, j, k) is cell (i, j, k), its centre
// at origin + (i + 0.5, j + 0.5, k + 0.5) * cellSize. With UpAxis::Z the whole frame is turned by
// +90 degrees about x, the rotation (x, y, z) -> (x, -z, y): Billow's y (up) becomes the file's z,
// Billow's z (toward the viewer) becomes the file's -y, x stays; it is a rotation, so the frame
// stays right-handed. Cell (i, j, k) is then voxel (i, nz - 1 - k, j), and velocity (vx, vy, vz) is
// written as (vx, -vz, vy). The file metadata "domain_min" and "domain_max" (m) give the simulated
// box in the file's axes; the grids' active voxels need not fill it.
//
// Sparsity. Only voxels whose value differs enough from the grid's background are written, as
// active voxels; every other voxel is inactive and reads as the background. The test is
// |value - background| >= activeThreshold, evaluated in double precision; "flame" is active where
// temperature - ambient >= activeThreshold; "vel" only near smoke, fuel and flame (see
// VelocityMask). Trees are pruned (inactive leaves removed, uniform nodes collapsed into tiles)
// before writing. Scalars are stored as 32-bit floats, bit for bit as given; "vel" is stored as
// 16-bit half floats unless `velocityAsHalf` is false.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace billow::vdb {

// Which of Billow's axes is up in the file: Y keeps Billow's axes (Houdini, Maya, Unreal after
// its own import rotation); Z turns the frame so that up is z (Blender).
enum class UpAxis { Y, Z };

// Where "vel" is active: within `dilation` voxels (a cube of side 2 * dilation + 1 around each
// voxel, so diagonal neighbours count) of a voxel whose density, fuel or flame (temperature -
// ambient) is at least `threshold`, and there only where |velocity| >= activeThreshold. Motion
// blur and velocity-driven shaders only read velocity where there is something to move; the
// pressure projection spreads small velocities over the whole box, which as a full grid made up
// nearly all of a file. A frame with no density, fuel or temperature writes "vel" wherever
// |velocity| >= activeThreshold.
struct VelocityMask {
    float threshold = 1e-3f;  // density / fuel units, or K of flame; >= 0. Default 1e-3.
    uint32_t dilation = 2;    // voxels, <= 64. Default 2.
};

// Cell-centred fields of one frame. Whole box (`bricks` empty): nx * ny * nz values per field, x
// fastest (index x + nx*(y + ny*z)). Bricks: 512 values per listed brick, brick b's cell (x, y, z)
// (x, y, z in 0..7) at index 512 b + x + 8 (y + 8 z) standing for cell 8 bricks[b] + (x, y, z);
// cells of no listed brick read as each grid's background, cells of a last brick beyond the
// domain are ignored.
struct VolumeFrame {
    uint32_t nx = 0, ny = 0, nz = 0;  // the domain, cells
    // Brick coordinates (cells 8 b .. 8 b + 7 per axis), inside the brick grid ceil(n / 8), each
    // listed once. Default empty: the whole box.
    std::vector<std::array<uint32_t, 3>> bricks;
    double cellSize = 0;         // m (the voxel size), finite and > 0
    std::array<double, 3> origin{}; // world position of the grid's minimum corner in Billow's axes, m
    std::vector<float> density, temperature, fuel;  // empty = not written
    // Which grids `temperature` gives: "temperature" (absolute K) and "flame" (K above ambient).
    // Default both.
    bool writeTemperature = true, writeFlame = true;
    std::vector<float> velocityX, velocityY, velocityZ; // cell-centred, m/s; empty = not written (all three or none)
    // The solver's solid fraction per cell (SmokeField3D::Solid: static obstacles and colliders),
    // 0 (open) to 1 (solid); written as the fog grid "solid". Empty = not written.
    std::vector<float> solid;
    // The colour field (SmokeSettings3D::colour), 4 values (rgba) per cell; its rgb written as the
    // Vec3s grid "colour" (background 0, active where any channel's |value| >= activeThreshold).
    // Empty = not written.
    std::vector<float> colour;
    float activeThreshold = 1e-4f; // values with |v - background| below it are inactive. Default 1e-4.
    // The ambient temperature, K (the solver's ambientTemperature): the "temperature" grid's
    // background, so that air at ambient is inactive and reads as ambient, and the zero of
    // "flame" (temperature - ambient). Default 0.
    float temperatureBackground = 0.0f;
    UpAxis upAxis = UpAxis::Y;  // the file's axes (see above). Default Y.
    VelocityMask velocityMask;
    bool velocityAsHalf = true;  // "vel" stored as half floats (OpenVDB's saveFloatAsHalf). Default true.
    // The frame's simulation time, s, and solver step; written as the file's and each grid's
    // metadata "time" (double) and "step" (int64) when set. Default unset.
    std::optional<double> time;
    std::optional<uint64_t> step;
};

// Writes `frame` to `path` (conventionally *.vdb): the non-empty fields as the grids "density",
// "temperature", "flame" (from temperature), "fuel", "vel", "solid" and "colour", in that order,
// each written even when none of its voxels is active (an empty grid with its name, type, class,
// background, transform and metadata), so that every file of a sequence lists the same grids:
// Blender fills its velocity-grid field and turns motion blur on from the first file. The file
// appears complete or not at all: it is written under a temporary name in the same folder and
// renamed over `path`.
// Throws billow::InvalidArgument (a std::runtime_error) naming the VolumeFrame field that is wrong
// (zero sizes, a field whose size is not nx * ny * nz or 512 per brick (colour 4 times that), a
// brick outside the brick grid or listed twice, only some velocity components, a cell size that
// is not finite and > 0, a non-finite origin or value, a negative threshold, no field at all),
// and billow::Error (also a std::runtime_error) naming the path when the file cannot be written.
void writeVdb(const std::string& path, const VolumeFrame& frame);

} // namespace billow::vdb
