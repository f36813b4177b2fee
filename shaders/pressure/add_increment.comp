#version 450
// The incremental projection's last step (PoissonSolver::recordIncrementSolve): the pressure
// p += d, where d solved L d = this step's right-hand side from d = 0 while the velocity already
// carried -grad p. One thread per cell, in rows of pc.rowLength cells (a 1D dispatch could not
// cover a 4096^2 or 256^3 grid within the 65535 workgroups an axis allows).
// It declares no uniform block (no grid), so the 2D and 3D grids' kernel sets share it.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "pressure/pressure_types.h"

layout(local_size_x = BILLOW_INCREMENT_GROUP) in;

layout(set = 0, binding = 1) buffer P { float p[]; };
layout(set = 0, binding = 2) readonly buffer Increment { float increment[]; };
layout(push_constant) uniform Push { IncrementPush pc; };

void main() {
    const uint c = gl_GlobalInvocationID.y * pc.rowLength + gl_GlobalInvocationID.x;
    if (c < pc.cells) p[c] += increment[c];
}
