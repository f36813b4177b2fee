// Cell-centred velocities as every solver's outputs hold them: (u, v) interleaved per cell.
#pragma once

#include <vector>

namespace billow::scene {

// |(u, v)| of each cell (for pictures).
std::vector<float> cellSpeeds(const std::vector<float>& velocity);
// The largest |(u, v)|, in double precision (for metrics); NaN when any is NaN.
double largestSpeed(const std::vector<float>& velocity);

} // namespace billow::scene
