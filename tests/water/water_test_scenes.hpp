// Water states shared by the invariant tests of every water model (test_water_invariants.cpp,
// test_water_momentum.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "billow/water_settings.hpp"
#include "billow/water_solver.hpp"

namespace billow::test {

// Sum of the values in double.
double sum(const std::vector<float>& values);
// Smooth hills (+-0.4 m) with +-0.05 m of noise, cell centres of an nx x ny grid of cell size h.
std::vector<float> bumpyTerrain(uint32_t nx, uint32_t ny, float h, uint32_t seed);
// bumpyTerrain (seed 5) rounded to multiples of 2^-12 m, so that level - terrain and terrain +
// depth are exact in float for levels on that grid, with a 1.5 m island at cells (10..11, 10..11).
std::vector<float> lakeAtRestTerrain(const WaterSettings& settings);
// Depths that fill every cell below `level` up to it (a lake at rest), 0 elsewhere.
std::vector<float> fillToLevel(const std::vector<float>& terrain, float level);
// A violent start for a closed box: random columns up to 3 m, half the cells dry, a 6 m tower at
// cell (5, 6).
std::vector<float> violentDepths(const WaterSettings& settings, uint32_t seed);

// Uploads violentDepths (seed 11) over bumpyTerrain (seed 3) into `solver` (a closed box) and
// steps `frames` frames of `frameDt` s, failing the test at the first negative depth. Returns the
// relative change of the total water and the substeps taken.
struct ClosedBoxRun {
    double relativeDrift = 0.0;
    uint32_t substeps = 0;
};
ClosedBoxRun runViolentClosedBox(WaterSolver& solver, int frames, float frameDt);

} // namespace billow::test
