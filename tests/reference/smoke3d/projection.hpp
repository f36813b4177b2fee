// The 3D smoke reference's projection (Stam 1999; Harris, GPU Gems ch. 38) with fractional open
// faces: face fractions from the obstacles and sides, the divergence (with the expansion of
// burning fuel as a source), the 7-point pressure equation with damped Jacobi and an exact solve,
// and the gradient subtraction.
//
// The pressure equation of cell c, over its six faces f with open fractions w_f and the neighbour
// pressures p_f across them (boundary rules: wrapped, or 0 beyond a non-periodic side):
//   sum_f w_f (p_f - p) = rhsScale * div,   rhsScale = h^2 / dt.
// A cell with no open face has no equation; its pressure is 0.
#pragma once

#include "reference/smoke3d/state.hpp"

namespace billow::smoke3d_ref {

// open[a] from s.solid and the sides: an inner face is as open as the less open of its two cells
// (fluid fraction 1 - solid); a boundary face is min(inner, wrapped cell) on periodic sides, its
// inner cell's fraction on outflow sides, and closed (0) on walls, moving walls and inflows, whose
// velocity is prescribed.
void faceFractions(const Grid& g, State& s);

// The solid velocity of every face, the prescribed normal velocity of its closed part, of the
// static geometry: the inflow speed into the domain on inflow faces (+ on the low side of an
// axis, - on the high side), 0 everywhere else (walls, moving walls, obstacles).
std::array<Values, 3> staticSolidVelocity(const Grid& g);

// The net outward flux over h: sum_f +-(w_f u_f + (1 - w_f) s_f) / h, with w_f the face's open
// fraction and s_f its solid velocity (`solidVelocity`, or staticSolidVelocity when not given):
// the open part of a face moves with the fluid, the closed part with the solid. Minus `source`
// (1/s per cell, e.g. the expansion of burning fuel) when given: the projection then makes the
// flux equal the source.
void divergence(const Grid& g, State& s, const Values* source = nullptr,
                const std::array<Values, 3>* solidVelocity = nullptr);

// `sweeps` damped Jacobi sweeps: every cell moves by `relaxation` towards the value solving its
// equation with the neighbours' previous values.
void pressureJacobi(const Grid& g, State& s, double rhsScale, double relaxation, int sweeps);
// The left-hand side sum_f w_f (p_f - p) of cell c's equation.
double pressureStencil(const Grid& g, const State& s, const Values& p, Index c);

// u_a -= dt/h (p - p_below) on open faces; closed faces take exactly their solid velocity
// (`solidVelocity`, or staticSolidVelocity when not given).
void subtractGradient(const Grid& g, State& s, double dt, const std::array<Values, 3>* solidVelocity = nullptr);
// The reflection of advection-reflection (Zehnder, Narain & Thomaszewski 2018): with P u the
// velocity after subtractGradient(dt) with s.pressure and s.solidVelocity, the velocity becomes
// 2 P u - u on every face. Returns P u.
Velocity reflect(const Grid& g, State& s, double dt);

} // namespace billow::smoke3d_ref
