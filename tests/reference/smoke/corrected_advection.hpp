// The smoke reference's second-order corrections of semi-Lagrangian advection: MacCormack (Selle,
// Fedkiw, Kim, Liu & Osher 2008) and BFECC (Kim, Liu, Llamas & Rossignac 2005), with the limiters.
//
// With A the semi-Lagrangian advection over dt by the pre-advection velocity (transport.hpp) and
// A- the same over -dt, a field phi gives forward f = A(phi), backward b = A-(f) and the
// round-trip error e = (phi - b) / 2:
//   MacCormack: phi' = f + e
//   BFECC:      phi' = A(phi + e)
// phi' is then limited to the four samples of phi (boundary rules applied) around the point the
// sample's forward back-trace reaches, i.e. the bilinear stencil of its forward value:
//   Clamp:                  clamped to their min / max;
//   RevertToSemiLagrangian: where it leaves [min, max], the plain semi-Lagrangian value there
//                           (bilinear, or monotone cubic with Grid::interpolation) instead; a
//                           colour reverts as a whole.
// Scheme SemiLagrangian is the plain advection. Closed faces keep their value; fully solid cells
// are not limited and take the last forward advection's value (f for MacCormack, A(phi + e) for
// BFECC), which holds the mean of their fluid neighbours.
#pragma once

#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

// The margins, when asked for, receive per sample the distance of the unlimited value to the nearer
// bound of its stencil, where the Revert limiter switches (a colour's: the least of its channels';
// infinity where no limiter acts: closed faces, fully solid cells).

// The velocity, each component at its faces.
void advectVelocityCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                             FaceField* revertMargin = nullptr);
// Density and temperature, each limited on its own.
void advectScalarsCorrected(const Grid& g, State& s, double dt, double ambient, AdvectionScheme scheme,
                            AdvectionLimiter limiter, Values* densityMargin = nullptr, Values* temperatureMargin = nullptr);
// The RGBA dye on its own grid (`dyeMargin` in the dye's layout, the colour's margin in each channel).
void advectDyeCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                        Values* dyeMargin = nullptr);

} // namespace billow::smoke_ref
