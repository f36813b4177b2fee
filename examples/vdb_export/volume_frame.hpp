// Building a VolumeFrame (vdb_writer.hpp) from a SmokeSolver3D: its cell-centred scalars as they
// are, its face velocities averaged to the cell centres. Shared by the scene runner, the
// interactive demo and vdb_demo.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "billow/smoke3d_solver.hpp"
#include "vdb_writer.hpp"

namespace billow::vdb {

// Which of the solver's fields a frame holds. Default: all five.
struct FrameFields {
    bool density = true;
    bool temperature = true;  // the "temperature" and "flame" grids
    bool fuel = true;
    bool velocity = true;     // the "vel" grid
    bool solid = true;        // SmokeField3D::Solid: static obstacles and colliders
};

struct CellVelocity {
    std::vector<float> x, y, z;  // nx * ny * nz each, x fastest, m/s
};

// The staggered (MAC) velocity averaged to cell centres: the x component of cell (i, j, k) is the
// mean of the x-faces bounding it, (u(i, j, k) + u(i+1, j, k)) / 2, and likewise for y and z (the
// faces' layouts are SmokeSolver3D's). Computed in float as 0.5f * (a + b): one rounding of the
// sum, the halving exact. Throws InvalidArgument naming the component whose size does not match.
CellVelocity cellCentredVelocity(uint32_t nx, uint32_t ny, uint32_t nz, std::span<const float> u,
                                 std::span<const float> v, std::span<const float> w);

// Downloads `fields` of the solver (blocking) into a frame: nx, ny, nz and cellSize from its
// settings, temperatureBackground = its ambientTemperature, `origin` (m) the world position of
// the grid's minimum corner, `time` (s) the frame's simulation time if known. The other
// VolumeFrame settings (upAxis, thresholds, step) keep their defaults for the caller to set.
VolumeFrame downloadVolumeFrame(SmokeSolver3D& solver, const std::array<double, 3>& origin = {},
                                std::optional<double> time = std::nullopt, const FrameFields& fields = {});

} // namespace billow::vdb
