// The double-precision CPU reference of the 3D smoke solver's kernels, written from the maths: the
// only second copy of that maths, against which the GPU kernels are checked (tests/reference/README.md).
// One namespace (billow::smoke3d_ref), one state (State), one function per operation:
#pragma once

#include "reference/smoke3d/forces.hpp"      // emitters, combustion, buoyancy, vorticity, damping
#include "reference/smoke3d/grid.hpp"        // MAC grid, boundary rules, sampling, back-trace
#include "reference/smoke3d/projection.hpp"  // face fractions, divergence, pressure, gradient
#include "reference/smoke3d/state.hpp"       // the fields, downloaded from a solver
#include "reference/smoke3d/transport.hpp"   // semi-Lagrangian and corrected advection, diffusion
