// What the OpenVDB and NanoVDB writers share (internal to billow_vdb): the frame's checks and its
// grids as documented in vdb_writer.hpp, the file metadata, and the write-then-rename that keeps a
// half-written file from ever appearing under the final name.
#pragma once

#include <functional>
#include <string>

#include <openvdb/openvdb.h>

#include "vdb_writer.hpp"

namespace billow::vdb::detail {

// Checks `frame` (InvalidArgument naming the VolumeFrame field) and builds its grids, in the order
// density, temperature, flame, fuel, vel, solid (fields not given, and grids with no active voxel,
// left out), in the file's axes (file_axes.hpp).
openvdb::GridPtrVec buildGrids(const VolumeFrame& frame);
// The grids' transform: voxel (i, j, k) centred on the cell it stands for (the file's minimum
// corner + (i + 1/2, j + 1/2, k + 1/2) cellSize).
openvdb::math::Transform::Ptr cellCentreTransform(const VolumeFrame& frame);
// creator, length_unit, domain_min, domain_max (the file's axes), up_axis and (when set) time, step.
openvdb::MetaMap fileMetadata(const VolumeFrame& frame);
// Calls write(temporary path next to `path`), then renames the result onto `path`; on any failure
// removes the temporary and throws billow::Error naming `function` and `path` (InvalidArgument
// "<function>: path" for an empty path).
void writeAtomically(const char* function, const std::string& path,
                     const std::function<void(const std::string& partialPath)>& write);

} // namespace billow::vdb::detail
