// Double-precision CPU reference of the shallow-water kernels (the only second copy of their
// maths, as the brief allows), with a bound on the float rounding each GPU value may carry.
#pragma once

#include <cstdint>
#include <vector>

#include "eddy/water_settings.hpp"
#include "eddy/water_solver.hpp"

namespace eddy::test {

struct WaterState {
    std::vector<double> terrain, depth, flowX, flowY, velocity, dye;
};

// Per-value rounding bounds that go with a reference state (same layout; |gpu - ref| <= bound).
struct WaterBounds {
    std::vector<double> depth, flowX, flowY, velocity;
};

// One unit of float rounding, 2^-24.
inline constexpr double kFloatUlp = 5.9604644775390625e-8;

void referenceBrushes(const WaterSettings& s, WaterState& state, const std::vector<WaterBrush>& brushes);
// One substep (accelerate, outflow scaling, depth + velocity) from time `time`; fills `bounds`.
void referenceSubstep(const WaterSettings& s, WaterState& state, double dt, double time, WaterBounds& bounds);
// Dye advection with the state's velocity and depth.
void referenceDye(const WaterSettings& s, WaterState& state, double dt);

} // namespace eddy::test
