#version 450
// One weighted Jacobi sweep of the pressure Poisson equation with face weights w (open fractions):
//   sum_f w_f (p_neighbour - p) = h^2 / dt * divergence
// so p_jacobi = (sum_f w_f p_neighbour - h^2/dt * divergence) / sum_f w_f, and
// p = p_old + kRelaxation * (p_jacobi - p_old). Beyond an outflow side
// p = 0 (Dirichlet); periodic sides wrap; closed faces have w = 0. Cells with no open face get 0.
// p is kinematic pressure (pressure / density), m^2/s^2.
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer PIn { float pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { PressurePush pc; };

// Plain Jacobi (relaxation 1) never converges on a closed fluid region (walls, obstacles, or
// periodic with an even cell count): the grid graph is bipartite, so next to the constant null
// space (eigenvalue 1) the iteration has the checkerboard eigenvalue -1, whose error component
// flips sign every sweep forever and leaves a checkerboard divergence. With 0.8 that mode decays
// by |1 - 2 * 0.8| = 0.6 per sweep; smooth modes converge 20% slower.
const float kRelaxation = 0.8;

#include "pressure_stencil.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    int i = id.x, j = id.y;
    bool open;
    float target = stencilSolution(i, j, pc.rhsScale, open);
    float previous = pIn[cellIndex(i, j)];
    float p = open ? previous + kRelaxation * (target - previous) : 0.0;
    pOut[cellIndex(i, j)] = p;
}
