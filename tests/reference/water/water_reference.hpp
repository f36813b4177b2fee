// Double-precision CPU reference of the shallow-water kernels (the only second copy of their
// maths, as the brief allows), with a bound on the float rounding each GPU value may carry.
#pragma once

#include <cstdint>
#include <vector>

#include "billow/water_settings.hpp"
#include "billow/water_solver.hpp"

namespace billow::test {

struct WaterState {
    std::vector<double> terrain, depth, flowX, flowY, velocity, dye;
    std::vector<double> faceVelocityX, faceVelocityY;  // Momentum model
};

// Per-value rounding bounds that go with a reference state (same layout; |gpu - ref| <= bound).
struct WaterBounds {
    std::vector<double> depth, flowX, flowY, velocity;
    std::vector<double> faceVelocityX, faceVelocityY;  // Momentum model
    size_t scaledCells = 0;  // cells whose outflow scaling acted (scale < 1)
};

// One unit of float rounding, 2^-24.
inline constexpr double kFloatUlp = 5.9604644775390625e-8;

void referenceBrushes(const WaterSettings& s, WaterState& state, const std::vector<WaterBrush>& brushes);
// One substep (accelerate, outflow scaling, depth + velocity) from time `time`; fills `bounds`.
void referenceSubstep(const WaterSettings& s, WaterState& state, double dt, double time, WaterBounds& bounds);
// Momentum model, first step: new face velocities (with their bounds in `bounds`) and the flows
// before outflow scaling, each with its rounding bound in flowBoundX / flowBoundY.
void referenceMomentumFaces(const WaterSettings& s, WaterState& state, double dt, double time,
                            std::vector<double>& flowBoundX, std::vector<double>& flowBoundY, WaterBounds& bounds);
// The flow per metre an Inflow / WaveMaker face gives at `time` (the wave's frequency and the time
// rounded to float as on the GPU); `magnitude` is what its rounding scales with.
double referencePrescribedInflow(const WaterBoundary& b, double time, double& magnitude);
// Dye advection with the state's velocity and depth.
void referenceDye(const WaterSettings& s, WaterState& state, double dt);

} // namespace billow::test
