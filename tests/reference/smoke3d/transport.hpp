// The 3D smoke reference's transport: semi-Lagrangian advection (Stam 1999 "Stable Fluids": each
// sample takes the value found at its back-trace (midpoint or Euler), trilinearly interpolated, with the boundary
// rules beyond the sides), MacCormack (Selle, Fedkiw, Kim, Liu & Osher 2008) and BFECC (Kim, Liu,
// Llamas & Rossignac 2005) with both limiters, the whole Advect pass, and implicit diffusion by
// Jacobi sweeps.
//
// With A the semi-Lagrangian advection over dt by the pre-advection velocity and A- the same over
// -dt, a field phi gives forward f = A(phi), backward b = A-(f) and the round-trip error
// e = (phi - b) / 2:
//   MacCormack: phi' = f + e
//   BFECC:      phi' = A(phi + e)
// phi' is then limited to the eight samples of phi (boundary rules applied) around the point the
// sample's forward back-trace reaches, i.e. the trilinear stencil of its forward value:
//   Clamp:                  clamped to their min / max;
//   RevertToSemiLagrangian: where it leaves [min, max], their trilinear value (the plain
//                           semi-Lagrangian one) instead; a colour reverts as a whole.
// Closed faces keep their value; fully solid cells are not limited and take the last forward
// advection's value.
#pragma once

#include "reference/smoke3d/state.hpp"

namespace billow::smoke3d_ref {

// The back-traced position (Grid::traceBack) over dt of every cell centre (in the cells'
// layout), and of every face of each axis (in that axis's face layout).
std::vector<Point> cellTraces(const Grid& g, const Velocity& vel, double dt);
std::array<std::vector<Point>, 3> faceTraces(const Grid& g, const Velocity& vel, double dt);

// `field` carried semi-Lagrangian by `vel`: faces open in `open` take the field's value at their
// back-traced position, closed faces keep theirs.
Velocity advectFaces(const Grid& g, const Velocity& vel, const std::array<Values, 3>& open, const Velocity& field, double dt);

// A cell field (`values`, channels(field) per cell) carried semi-Lagrangian by `vel`. A fully
// solid cell instead takes the mean of its fluid (not fully solid) neighbours inside the domain
// (six faces), or `empty` when it has none.
Values advectCells(const Grid& g, const Velocity& vel, const Values& solid, const Values& values, CellField field, double dt,
                   double empty);

// The distance of an unlimited corrected value to the nearer bound of its stencil, where the
// Revert limiter switches (infinity where no limiter acts: closed faces, fully solid cells).
// Corrected advection of the velocity (each component at its faces), with `scheme` and `limiter`.
void advectVelocityCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                             std::array<Values, 3>* margin = nullptr);
// Corrected advection of one cell field (a colour limited as a whole), by the velocity of `s`.
Values advectCellsCorrected(const Grid& g, const State& s, const Values& values, CellField field, double dt, double empty,
                            AdvectionScheme scheme, AdvectionLimiter limiter, Values* margin = nullptr);

// The mass correction's factor (reference/mass/mass_correction_reference.hpp) for the cell field
// `field` carried from `before` to `after` over dt by the velocity of `s`, with its solid and open
// fractions and the sides' inflow values of that field.
double massCorrectionFactor(const Grid& g, const State& s, CellField field, const Values& before, const Values& after,
                            double dt);
// The Advect pass: density, temperature, fuel (scalarAdvection), colour (colourAdvection) and the
// velocity (velocityAdvection), all carried by the pre-advection velocity. A fully solid cell with
// no fluid neighbour holds no smoke, no fuel, no colour and the ambient temperature. With
// settings.massCorrection the density and the fuel are then scaled by their massCorrectionFactor.
void advectAll(const Grid& g, State& s, const SmokeSettings3D& settings, double dt);

// `sweeps` Jacobi sweeps of (1 - a Laplacian) u = b starting from u = b (b the velocity before;
// a = viscosity dt / h^2): open faces become (b + a * sum of the six neighbours) / (1 + 6a).
void diffuseVelocity(const Grid& g, State& s, double a, int sweeps);
// The same for a cell field with the boundary rules of cell fields (a = D dt / h^2).
void diffuseCells(const Grid& g, Values& values, CellField field, double a, int sweeps);

} // namespace billow::smoke3d_ref
