// The smoke reference's forces and damping: splats, buoyancy, vorticity confinement (Fedkiw, Stam &
// Jensen 2001), velocity damping with the speed limit, scalar and dye damping. Forces act on open
// faces only (a closed face keeps its prescribed velocity).
#pragma once

#include <vector>

#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

// Adds each splat's velocity (open faces), density, temperature and dye at every sample position,
// weighted by its falloff at the distance d from its centre: linear max(0, 1 - d/r), or Gaussian
// exp(-d^2/r^2), which adds nothing beyond 4 radii (where it is e^-16).
void splat(const Grid& g, State& s, const std::vector<Splat>& splats);

// The emitters over a step of dt, in their order: with w the falloff weight at a sample (d the
// distance from a disc's centre, or from a box's edge and 0 inside it; size the radius or the
// smaller half extent; linear max(0, 1 - d/size), Gaussian exp(-d^2/size^2) and 0 beyond 4 sizes),
// each open face's velocity relaxes by w (1 - exp(-coupling dt)) of the way to the emitter's;
// density, temperature and dye gain w dt times the emitter's rates.
void emit(const Grid& g, State& s, const std::vector<Emitter2D>& emitters, double dt);

// u += dt g_x b on open x-faces (v likewise with g_y), b the mean over the face's two cells of the
// lift densityWeight rho - thermalExpansion (T - ambient); beyond the sides rho and T follow the
// boundary rules of cell-centred fields.
void buoyancy(const Grid& g, State& s, const SmokeSettings& settings, double dt);

// The vorticity omega = dv/dx - du/dy at every node, by central differences of the four faces
// around it (boundary rules beyond the sides).
void curl(const Grid& g, State& s);
// u += dt epsilon h (N x omega) on open faces from s.curl, N = grad|omega| / |grad|omega|| at the
// face (0 where the gradient is 0). `conditioning`, when given, receives per face (x-faces, then
// y-faces) max|omega| / |grad|omega|| over the nodes used, the factor by which round-off in the
// curl is amplified by the normalisation of N (0 where the force is 0).
void vorticityForce(const Grid& g, State& s, double dt, double epsilon, Values* conditioning = nullptr);

// Open faces: u *= exp(-velocityDamping dt), then scaled down to maxSpeed where the damped speed
// (the other component the mean of the four nearest faces) exceeds it (maxSpeed 0: no limit).
void dampVelocity(const Grid& g, State& s, const SmokeSettings& settings, double dt);
// density *= exp(-densityDamping dt); temperature relaxes to ambient by exp(-temperatureRelaxation dt).
void dampScalars(State& s, const SmokeSettings& settings, double dt);
// dye *= exp(-dyeDamping dt).
void dampDye(State& s, const SmokeSettings& settings, double dt);

} // namespace billow::smoke_ref
