// The per-face boundary table of the water solver: one rule per boundary face, built from the
// per-side settings and the per-face overrides, so the kernel looks up a single entry.
#pragma once

#include <vector>

#include "billow/water_settings.hpp"
#include "water/water_types.h"

namespace billow::detail {

// 2*(ny + nx) entries: left faces by row, right by row, bottom by column, top by column.
std::vector<gpu::WaterBoundaryFace> buildWaterBoundaryTable(const WaterSettings& settings);

} // namespace billow::detail
