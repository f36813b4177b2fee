// The 3D smoke reference's sources, forces and damping: emitters (spheres and boxes, both
// falloffs, velocity coupling), combustion (Nguyen, Fedkiw & Jensen 2002 in the form
// CombustionSettings states), buoyancy, vorticity confinement (Fedkiw, Stam & Jensen 2001) with
// the curl on cell edges, velocity damping with the speed limit, scalar damping. Forces act on
// open faces only (a closed face keeps its prescribed velocity).
#pragma once

#include <span>

#include "reference/smoke3d/state.hpp"

namespace billow::smoke3d_ref {

// The falloff weight of `e` at p: with d the distance from the centre (sphere) or from the box
// (0 inside it) and `size` the radius or the smallest half extent, linear max(0, 1 - d / size),
// Gaussian exp(-d^2 / size^2), which adds nothing beyond kGaussianReach sizes (where it is e^-16).
inline constexpr double kGaussianReach = 4.0;
double emitterWeight(const Emitter3D& e, Point p);
// Each emitter in turn: on open faces u_a += w (1 - exp(-velocityCoupling dt)) (velocity_a - u_a);
// in every cell density, temperature, fuel (and colour) += w rate dt.
void emit(const Grid& g, State& s, std::span<const Emitter3D> emitters, double dt);

// Where temperature >= ignitionTemperature, in cells not fully solid: burnt = fuel (1 - exp(-burnRate dt)); fuel -= burnt,
// density += smokeYield burnt, temperature += heatRelease burnt. `burnt`, when given, receives
// the fuel burnt per cell (0 where nothing burns).
void combustion(const Grid& g, State& s, const CombustionSettings& settings, double dt, Values* burnt = nullptr);

// u_a += dt gravity_a b on open faces normal to a, b the mean over the face's two cells of the
// lift densityWeight rho - thermalExpansion (T - ambient); beyond the sides rho and T follow the
// boundary rules of cell-centred fields.
void buoyancy(const Grid& g, State& s, const SmokeSettings3D& settings, double dt);

// The curl omega = curl u on the cell edges: component a on the edges parallel to axis a, i.e. at
// the points with coordinate (index + 1/2) h along a and index h along the two others, laid out as
// a grid of n_a x (n_b + 1) x (n_c + 1) edges. Central differences of the four faces around the
// edge, boundary rules beyond the sides.
struct EdgeCurl {
    std::array<Values, 3> component;
};
EdgeCurl edgeCurl(const Grid& g, const Velocity& vel);
Index edgeDims(const Grid& g, int axis);
size_t edgeIndex(const Grid& g, int axis, Index e);
// omega at cell centres: each component the mean of the four edges of the cell parallel to it.
std::array<Values, 3> cellCurl(const Grid& g, const EdgeCurl& curl);
// |omega| at cell centres (the Vorticity field).
Values vorticityMagnitude(const Grid& g, const std::array<Values, 3>& cellOmega);
// u += dt epsilon h (N x omega) on open faces, with omega and N = grad|omega| / |grad|omega||
// (0 where the gradient is 0) at cell centres, grad|omega| by central differences (neighbours
// beyond a side: the nearest cell, or wrapped), the force averaged from the face's two cells (a
// face on a non-periodic side: its inner cell's). Also sets s.vorticity to |omega|. N is taken
// from `magnitude` instead when given (a kernel's own |omega|, so that a test sees only the
// force's round-off). `conditioning`, when given, receives per face max|omega| / |grad|omega|| over the samples used,
// the factor by which round-off in |omega| is amplified by the normalisation of N.
void vorticityForce(const Grid& g, State& s, double dt, double epsilon, const Values* magnitude = nullptr,
                    std::array<Values, 3>* conditioning = nullptr);

// Open faces: u *= exp(-velocityDamping dt), then clamped to [-maxSpeed, maxSpeed] (0: no limit).
void dampVelocity(const Grid& g, State& s, const SmokeSettings3D& settings, double dt);
// density, fuel and colour decay at their rates; temperature relaxes to ambient.
void dampScalars(State& s, const SmokeSettings3D& settings, double dt);

} // namespace billow::smoke3d_ref
