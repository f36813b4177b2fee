// Building a VolumeFrame (vdb_writer.hpp) from a SparseSmokeSolver3D: its allocated bricks
// (VolumeFrame::bricks), written by writeVdb and writeNanoVdb with the same grids, axes, velocity
// mask and thresholds as a dense frame. A Billow brick (8^3 cells at 8 b) is exactly an OpenVDB
// leaf node (8^3 voxels at 8 b) with y up; every cell outside the bricks is open air, which every
// grid's background reads as (density, fuel, flame, solid and colour 0, temperature the ambient,
// velocity 0).
#pragma once

#include <array>
#include <optional>

#include "billow/sparse_smoke3d_solver.hpp"
#include "volume_frame.hpp"  // FrameFields
#include "vdb_writer.hpp"

namespace billow::vdb {

// Downloads `fields` of the allocated bricks (blocking) into a frame: nx, ny, nz and cellSize from
// the solver's settings, temperatureBackground its ambientTemperature, step its stepsRecorded(),
// the colour field too when the solver has one; the velocity is averaged from each brick's stored
// faces to its cell centres (0.5f * (lower face + upper face), as cellCentredVelocity). The other
// VolumeFrame settings (upAxis, thresholds) keep their defaults for the caller to set. A frame of
// a solver with no allocated brick has no brick and empty fields (writeVdb refuses it).
VolumeFrame downloadSparseVolumeFrame(SparseSmokeSolver3D& solver, const std::array<double, 3>& origin = {},
                                      std::optional<double> time = std::nullopt, const FrameFields& fields = {});

} // namespace billow::vdb
