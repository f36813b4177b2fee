// Water states shared by the invariant tests of every water model (test_water_invariants.cpp,
// test_water_momentum.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "eddy/water_settings.hpp"

namespace eddy::test {

// Sum of the values in double.
double sum(const std::vector<float>& values);
// Smooth hills (+-0.4 m) with +-0.05 m of noise, cell centres of an nx x ny grid of cell size h.
std::vector<float> bumpyTerrain(uint32_t nx, uint32_t ny, float h, uint32_t seed);
// A violent start for a closed box: random columns up to 3 m, half the cells dry, a 6 m tower at
// cell (5, 6).
std::vector<float> violentDepths(const WaterSettings& settings, uint32_t seed);

} // namespace eddy::test
