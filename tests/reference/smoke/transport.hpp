// The smoke reference's transport: semi-Lagrangian advection (Stam 1999 "Stable Fluids": each
// sample takes the value found at its back-trace (midpoint or Euler), interpolated bilinearly or by monotone cubics
// (Grid::interpolation), with the boundary rules beyond the sides), the whole Advect pass, and implicit diffusion by Jacobi sweeps.
#pragma once

#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

// `field` carried semi-Lagrangian by the velocity of `s`: open faces take the field's value at
// their back-traced position, closed faces keep theirs.
FaceField advectFaces(const Grid& g, const State& s, const FaceField& field, double dt);
// The velocity carried by itself (advectFaces of (s.u, s.v)).
void advectVelocity(const Grid& g, State& s, double dt);
// Density and temperature carried by the velocity. A fully solid cell instead takes the mean of
// its fluid (not fully solid) neighbours inside the domain, or no smoke at `ambient` when it has
// none, so that back-traces of fluid cells reaching into an obstacle find values like their
// surroundings'.
void advectScalars(const Grid& g, State& s, double dt, double ambient);
// The dye carried by the velocity, on its own grid.
void advectDye(const Grid& g, State& s, double dt);
// The mass correction's factor (reference/mass/mass_correction_reference.hpp) for a cell field
// carried from `before` to `after` over dt by the velocity (u, v), with the solid and open
// fractions of `s` and the sides' inflow densities.
double massCorrectionFactor(const Grid& g, const State& s, const Values& before, const Values& after, const Values& u,
                            const Values& v, double dt);
// The Advect pass: scalars, dye and velocity, each with the scheme `settings` gives it
// (semi-Lagrangian, or corrected as in corrected_advection.hpp, with settings.advectionLimiter),
// all carried by the pre-advection velocity; with settings.massCorrection the density is then
// scaled by massCorrectionFactor.
void advectAll(const Grid& g, State& s, const SmokeSettings& settings, double dt);

// `sweeps` Jacobi sweeps of (1 - a Laplacian) u = b starting from u = b (b the velocity before;
// a = viscosity dt / h^2): open faces become (b + a * sum of the four neighbours) / (1 + 4a).
void diffuseVelocity(const Grid& g, State& s, double a, int sweeps);
// The same for the dye on its own grid, with ax = D dt / dyeHx^2 and ay = D dt / dyeHy^2.
void diffuseDye(const Grid& g, State& s, double ax, double ay, int sweeps);

} // namespace billow::smoke_ref
