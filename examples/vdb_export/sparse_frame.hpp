// OpenVDB and NanoVDB files of a SparseSmokeSolver3D frame: its allocated bricks and nothing else.
// A Billow brick (8^3 cells at 8 b) is exactly an OpenVDB leaf node (8^3 voxels at 8 b), so each
// allocated brick is written as one leaf of every grid, its voxels the brick's values bit for bit
// (cells of a last brick beyond the domain left inactive), and the rest of the tree is background:
// open air, density 0 and the ambient temperature. Nothing is thresholded or pruned: a file holds
// exactly as many leaves per grid as the solver had allocated bricks.
//
// Grids (Billow's axes, y up; voxel (i, j, k) is cell (i, j, k), its centre at origin + (i + 1/2,
// j + 1/2, k + 1/2) cellSize, as vdb_writer.hpp's UpAxis::Y): "density" (fog volume, background
// 0), "temperature" (K, background the ambient temperature), "fuel" (background 0), "colour"
// (Vec3s, the colour field's rgb, background 0; only with SmokeSettings3D::colour) and "vel"
// (Vec3s, m/s, background 0: the face velocities averaged to the cell centres inside each brick,
// 0.5f * (lower face + upper face) as cellCentredVelocity). The file metadata as writeVdb's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "billow/sparse_smoke3d_solver.hpp"

namespace billow::vdb {

struct SparseVolumeFrame {
    uint32_t nx = 0, ny = 0, nz = 0;  // the virtual domain, cells
    double cellSize = 0;              // m, finite and > 0
    std::array<double, 3> origin{};   // world position of the domain's minimum corner, m
    float ambientTemperature = 0.0f;  // K: the "temperature" grid's background
    // The allocated bricks (brick coordinates: cells 8 b .. 8 b + 7), and per brick 512 values of
    // each cell field (x fastest) in the same order; an empty field is not written. colour: 4
    // values per cell (rgba; rgb written).
    std::vector<std::array<uint32_t, 3>> bricks;
    std::vector<float> density, temperature, fuel, colour;
    std::vector<float> velocityX, velocityY, velocityZ;  // cell-centred, 512 per brick (all three or none)
    std::optional<double> time;
    std::optional<uint64_t> step;
};

// Downloads the allocated bricks of every field (blocking) into a frame; the velocity is averaged
// from each brick's stored faces to its cell centres.
SparseVolumeFrame downloadSparseVolumeFrame(SparseSmokeSolver3D& solver, const std::array<double, 3>& origin = {},
                                            std::optional<double> time = std::nullopt);

// Writes `frame` to `path` (.vdb, or NanoVDB's .nvdb), complete or not at all (as writeVdb).
// InvalidArgument naming the SparseVolumeFrame field that is wrong (zero sizes, a brick outside
// the brick grid or listed twice, a field whose size is not 512 (colour 2048) per brick, only some
// velocity components, a non-finite value, no brick), billow::Error naming the path.
void writeSparseVdb(const std::string& path, const SparseVolumeFrame& frame);
#ifdef BILLOW_VDB_HAS_NANOVDB
void writeSparseNanoVdb(const std::string& path, const SparseVolumeFrame& frame);
#endif

} // namespace billow::vdb
