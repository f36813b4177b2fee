// The state the 3D smoke kernels read and write, in double, in the layouts of
// SmokeSolver3D::download (see grid.hpp): every operation of the reference takes it and replaces
// what its kernel writes.
#pragma once

#include "billow/smoke3d_solver.hpp"
#include "reference/smoke3d/grid.hpp"

namespace billow::smoke3d_ref {

struct State {
    Velocity vel;                                   // u, v, w
    Values density, temperature, fuel, colour;      // colour: 4 per cell, empty without colour
    Values pressure, divergence, vorticity, solid;  // vorticity: |curl u| at cell centres
    std::array<Values, 3> open;                     // open fraction of the faces normal to x, y, z
};

// Every field of `solver`, promoted from float (exactly) to double.
State downloadState(SmokeSolver3D& solver);

// The fluid fraction 1 - solid of cell c, in [0, 1].
double fluidFraction(const Grid& g, const State& s, Index c);

} // namespace billow::smoke3d_ref
