// Probes: points where the engine asks what the fluid is doing (SmokeSolver::setProbes,
// SmokeSolver3D::setProbes, WaterSolver::setProbes). Every whole step (record() or step()) samples
// them on the GPU after its last pass and writes the samples into a ring of result slots, stamped
// with the step they describe; probeResults() returns the newest completed slot without waiting
// (docs/probes.md). With frames in flight the results lag by those frames: a result is read once
// the GPU has finished its step, a frame or two after recording.
//
// Interpolation (first order in the sample spacing: linear in each axis, exact for linear fields):
//   smoke 2D / 3D: each velocity component bilinear (trilinear) on its own staggered face positions,
//     the advection's own sampling; density, temperature, fuel and pressure bilinear (trilinear)
//     between cell centres. Beyond a side the solver's boundary rules apply (ghost velocities,
//     the inflow's scalars, pressure 0 beyond an outflow side; docs/architecture.md, "Boundary taps").
//   water: depth, terrain and the cells' flow velocity bilinear between cell centres, clamped at the
//     sides; the surface height is terrain + depth.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace billow {

// A probe point, m, in the domain's frame (origin at the domain's lower-left(-back) corner). The 2D
// solver and the water solver read x and y; z is ignored there (any finite value).
using ProbePoint = std::array<float, 3>;

// The most probes a solver takes (setProbes refuses more).
inline constexpr uint32_t kMaxProbes = 65536;

// Bits of ProbeSample::flags.
enum ProbeFlags : uint32_t {
    // The point lay outside the domain: it was clamped onto the domain's nearest point and sampled
    // there (on periodic axes too).
    kProbeOutside = 1u,
    // The cell holding the (clamped) point is at least half solid (static obstacles and colliders,
    // the Solid field): the sample mixes solid and fluid values. Smoke solvers only.
    kProbeInSolid = 2u,
};

// One probe's sample. One struct for every solver: a smoke solver fills the smoke fields, the water
// solver the water fields; the others are 0.
struct ProbeSample {
    // Smoke: the fluid's velocity, m/s (z = 0 in 2D). Water: the depth-averaged flow velocity, m/s
    // (x and y; z = 0).
    std::array<float, 3> velocity{0.0f, 0.0f, 0.0f};
    // Smoke: density (the solver's unit: the amount emitters and splats add). 0 for water.
    float density = 0.0f;
    // Smoke: temperature, K. 0 for water.
    float temperature = 0.0f;
    // 3D smoke: fuel (the solver's unit). 0 in 2D and for water.
    float fuel = 0.0f;
    // Smoke: the kinematic pressure the projection solves for (u -= dt grad p), Pa per kg/m^3 of
    // the fluid's density, i.e. m^2/s^2: multiply by the density (1.2 kg/m^3 for air) for Pa. It
    // is the pressure's deviation that keeps the flow divergence-free (0 at outflow sides), not
    // an absolute pressure. 0 for water.
    float pressure = 0.0f;
    // Water: depth, m (>= 0).
    float depth = 0.0f;
    // Water: surface height, terrain + depth, m.
    float surfaceHeight = 0.0f;
    // Water: terrain height, m.
    float terrain = 0.0f;
    // ProbeFlags bits.
    uint32_t flags = 0;
};

// The samples of one whole step, in the order of the points given to setProbes.
struct ProbeResults {
    // The step they describe: Solver::stepsRecorded() right after that step was recorded (1 for
    // the first whole step).
    uint64_t step = 0;
    std::vector<ProbeSample> samples;
};

} // namespace billow
