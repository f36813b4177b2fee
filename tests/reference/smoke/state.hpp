// The state the smoke kernels read and write, in double, in the layouts of SmokeSolver::download
// (see grid.hpp): every operation of the reference takes it and replaces what its kernel writes.
#pragma once

#include "billow/smoke_solver.hpp"
#include "reference/smoke/grid.hpp"

namespace billow::smoke_ref {

struct State {
    Values u, v, density, temperature, dye, pressure, divergence, curl, solid, openX, openY;
    // Normal velocity of the part of each face a moving collider closes (colliders.hpp); empty
    // or 0 where none does.
    Values solidVelocityX, solidVelocityY;
};

// A staggered face field: u on the x-faces, v on the y-faces (the velocity's layout).
struct FaceField { Values u, v; };

// Every field of `solver`, promoted from float (exactly) to double.
State downloadState(SmokeSolver& solver);

} // namespace billow::smoke_ref
