// Double-precision CPU reference of the shallow-water kernels (virtual pipes, Mei, Decaudin & Hu
// 2007; the momentum model, Stelling & Duinmeijer 2003): the only second copy of their maths
// (tests/reference/README.md), each value with a bound on the float rounding the GPU's value may
// carry. One namespace (billow::water_ref), one state (State), one function per operation.
#pragma once

#include <cstdint>
#include <vector>

#include "billow/water_settings.hpp"
#include "billow/water_solver.hpp"

namespace billow::water_ref {

struct State {
    std::vector<double> terrain, depth, flowX, flowY, velocity, dye;
    std::vector<double> flowZ;  // Triangle lattice
    std::vector<double> faceVelocityX, faceVelocityY;  // Momentum model
};

// Per-value rounding bounds that go with a reference state (same layout; |gpu - ref| <= bound).
struct Bounds {
    std::vector<double> depth, flowX, flowY, velocity;
    std::vector<double> flowZ;  // Triangle lattice
    std::vector<double> faceVelocityX, faceVelocityY;  // Momentum model
    size_t scaledCells = 0;  // cells whose outflow scaling acted (scale < 1)
};

// One unit of float rounding, 2^-24.
inline constexpr double kFloatUlp = 5.9604644775390625e-8;

// Adds each brush's water, terrain and dye with the linear falloff max(0, 1 - d/r), d from the
// cell's centre or the Triangle lattice's vertex (depth and dye kept >= 0).
void applyBrushes(const WaterSettings& s, State& state, const std::vector<WaterBrush>& brushes);
// One substep (accelerate, outflow scaling, depth + velocity) from time `time`; fills `bounds`.
void substep(const WaterSettings& s, State& state, double dt, double time, Bounds& bounds);
// Momentum model, first step: new face velocities (with their bounds in `bounds`) and the flows
// before outflow scaling, each with its rounding bound in flowBoundX / flowBoundY.
void momentumFaces(const WaterSettings& s, State& state, double dt, double time,
                   std::vector<double>& flowBoundX, std::vector<double>& flowBoundY, Bounds& bounds);
// The flow per metre an Inflow / WaveMaker face gives at `time` (the wave's frequency and the time
// rounded to float as on the GPU); `magnitude` is what its rounding scales with.
double prescribedInflow(const WaterBoundary& b, double time, double& magnitude);
// One substep on the Triangle lattice (water_reference_triangle.cpp), as `substep`.
void substepTriangle(const WaterSettings& s, State& state, double dt, double time, Bounds& bounds);
// Dye advection with the state's velocity and depth (on the Triangle lattice advectDyeTriangle).
void advectDye(const WaterSettings& s, State& state, double dt);
// The same on the Triangle lattice: RK2 back-trace in metres, linear interpolation over the
// lattice triangle holding the point (water_reference_triangle.cpp).
void advectDyeTriangle(const WaterSettings& s, State& state, double dt);
// A per-vertex field of the Triangle lattice (`stride` values a vertex, this `component`) at
// (x, y), m: linear over the lattice triangle holding the point, y clamped between the first and
// the last row, the edge vertices' values beyond a row's ends.
double sampleTriangle(const WaterSettings& s, const std::vector<double>& field, int stride, int component, double x,
                      double y);

} // namespace billow::water_ref
