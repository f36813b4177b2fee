// NanoVDB files (.nvdb) of one 3D frame: the same grids as writeVdb (vdb_writer.hpp) converted to
// NanoVDB's flat, pointer-free layout, which a GPU ray marcher reads straight from one buffer
// (PNanoVDB.h has GLSL and HLSL accessors). Built when Debian's libnanovdb-dev headers are present
// (BILLOW_VDB_HAS_NANOVDB is then defined for billow_vdb's users).
//
// Each grid keeps its name, class, transform (voxel (i, j, k)'s centre at origin + (i + 1/2,
// j + 1/2, k + 1/2) cellSize), background, active voxels and 32-bit float values; NanoVDB has no
// file-level metadata, so the frame time, units and vector type are not stored. Uncompressed.
#pragma once

#include <string>

#include "vdb_writer.hpp"

namespace billow::vdb {

// Writes `frame` to `path` (conventionally *.nvdb), complete or not at all; throws as writeVdb does
// (InvalidArgument naming the VolumeFrame field, billow::Error naming the path).
void writeNanoVdb(const std::string& path, const VolumeFrame& frame);

} // namespace billow::vdb
