// Comparisons shared by the water tests that check the GPU against the double-precision reference
// (test_water_kernels.cpp, test_water_triangle.cpp, test_water_erosion.cpp).
#pragma once

#include <vector>

#include "billow/water_settings.hpp"

namespace billow::test {

std::vector<double> toDouble(const std::vector<float>& values);
// Every |gpu[k] - ref[k]| <= bound[k] (the first five failures named by index); prints the
// largest error as a fraction of its bound, so a run shows how much margin the bounds leave.
void expectWithin(const char* what, const std::vector<float>& gpu, const std::vector<double>& ref,
                  const std::vector<double>& bound);
// A boundary of `type` with every parameter away from its default (flow 0.3 m^2/s, amplitude
// 0.5, period 2.3 s, phase 0.4, drop 0.25 m), so that a term left out shows.
WaterBoundary boundaryOf(WaterBoundaryType type);

} // namespace billow::test
