// The double-precision CPU reference of the smoke solver's kernels, written from the maths: the
// only second copy of that maths, against which the GPU kernels are checked (tests/reference/README.md).
// One namespace (billow::smoke_ref), one state (State), one function per operation:
#pragma once

#include "reference/smoke/colliders.hpp"            // moving colliders: distances, coverage, face velocities
#include "reference/smoke/corrected_advection.hpp"  // MacCormack / BFECC with their limiters
#include "reference/smoke/forces.hpp"               // splats, buoyancy, vorticity, damping
#include "reference/smoke/grid.hpp"                 // MAC grid, boundary rules, sampling, back-trace
#include "reference/smoke/projection.hpp"           // face fractions, divergence, pressure, gradient
#include "reference/smoke/state.hpp"                // the fields, downloaded from a solver
#include "reference/smoke/transport.hpp"            // semi-Lagrangian advection, the Advect pass, diffusion
