// The smoke reference's projection (Stam 1999; Harris, GPU Gems ch. 38) with fractional open faces:
// face fractions from the obstacles and sides, the divergence, the pressure equation and its
// solvers (damped Jacobi, red-black SOR, an exact solve), and the gradient subtraction.
//
// The pressure equation of cell (i, j), over its four faces f with open fractions w_f and the
// neighbour pressures p_f across them (boundary rules: wrapped, or 0 beyond an outflow side):
//   sum_f w_f (p_f - p) = rhsScale * div,   rhsScale = h^2 / dt.
// A cell with no open face has no equation; its pressure is 0.
#pragma once

#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

// openX / openY from s.solid and the sides: an inner face is as open as the less open of its two
// cells (fluid fraction 1 - solid); a boundary face is min(inner, wrapped cell) on periodic sides,
// its inner cell's fraction on outflow sides, and closed (0) on walls, moving walls and inflows,
// whose velocity is prescribed.
void faceFractions(const Grid& g, State& s);

// The net outward flux over h: sum_f +-(area_f u_f + (1 - open_f) s_f) / h, the area of a face
// its open fraction, except an inflow face, closed to the solve, which lets its prescribed
// velocity in over the fluid part of its cell; s_f the normal velocity of the moving solid that
// closes the rest of the face (s.solidVelocityX/Y; 0 without colliders and on the faces of
// non-periodic sides).
void divergence(const Grid& g, State& s);

// The left-hand side sum_f w_f (p_f - p) of cell (i, j)'s equation for the pressure `p` (0 for a
// cell with no open face).
double pressureStencil(const Grid& g, const State& s, const Values& p, int i, int j);
// `sweeps` damped Jacobi sweeps: every cell moves by `relaxation` towards the value solving its
// equation with the neighbours' previous values.
void pressureJacobi(const Grid& g, State& s, double rhsScale, double relaxation, int sweeps);
// `iterations` red-black SOR iterations, in place: the cells with (i + j) even, then the odd ones,
// each moving by omega towards the value solving its equation with its neighbours' latest values.
// On a periodic axis of odd length the last column (row) neighbours column (row) 0 of its own
// colour, so it is updated after the others, in two colours of its own: the rest, then the last
// column, then the last row, then the corner, each red then black.
void pressureSor(const Grid& g, State& s, double rhsScale, double omega, int iterations);
// The equation solved (nearly) exactly: conjugate gradient in double until the residual is below
// 1e-13 of the right-hand side. With no outflow side the solution is defined up to a constant:
// the one with zero mean over open cells is returned. Replaces s.pressure.
void solvePressure(const Grid& g, State& s, double rhsScale);

// u -= dt/h (p - p_left) on open x-faces (v likewise); closed faces take their prescribed velocity:
// the inflow speed into the domain on inflow sides, 0 on the other non-periodic sides, and the
// velocity of the solid that closes them inside the domain and on periodic sides (the moving
// collider's normal velocity, s.solidVelocityX/Y; 0 for static obstacles).
void subtractGradient(const Grid& g, State& s, double dt);
// The reflection of advection-reflection (Zehnder, Narain & Thomaszewski 2018): with P u the
// velocity after subtractGradient(dt) with s.pressure, the velocity becomes 2 P u - u on every
// face. Returns P u.
FaceField reflect(const Grid& g, State& s, double dt);

} // namespace billow::smoke_ref
