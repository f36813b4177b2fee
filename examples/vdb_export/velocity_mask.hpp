// Where the "vel" grid is written (internal to billow_vdb): the cells near smoke, fuel or flame,
// as VelocityMask (vdb_writer.hpp) defines them, in the frame's value order (cell_layout.hpp).
#pragma once

#include <vector>

#include "vdb_writer.hpp"

namespace billow::vdb::detail {

// One flag per value (CellLayout: per cell of the box, or per cell of the listed bricks): whether
// "vel" may be active there. All true when the frame has no density, fuel or temperature to be
// near.
std::vector<bool> velocityNeighbourhood(const VolumeFrame& frame);

} // namespace billow::vdb::detail
