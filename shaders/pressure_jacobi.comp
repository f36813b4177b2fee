#version 450
// Up to EDDY_JACOBI_SWEEPS weighted Jacobi sweeps of the pressure Poisson equation in one dispatch
// (temporal blocking): each workgroup loads a 16 x 16 tile plus a halo of EDDY_JACOBI_SWEEPS
// cells into shared memory, one thread per shared cell, sweeps there, and writes the tile. A sweep leaves the outermost ring
// of the shared region stale, one ring per sweep, so after `sweeps` sweeps the tile itself equals
// what `sweeps` separate global sweeps give, for a fraction of the memory traffic.
//
// The stencil is in pressure_stencil.glsl; p is kinematic pressure (pressure / density), m^2/s^2.
#define EDDY_OWN_WORKGROUP_SIZE
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

const int kHalo = EDDY_JACOBI_SWEEPS;
const int kSide = EDDY_GROUP_SIZE + 2 * kHalo;
const int kCells = kSide * kSide;

layout(local_size_x = kSide, local_size_y = kSide) in;

shared float pressure[2][kCells];

void main() {
    const ivec2 local = ivec2(gl_LocalInvocationID.xy);
    const ivec2 g = ivec2(gl_WorkGroupID.xy) * EDDY_GROUP_SIZE - kHalo + local;
    const int s = local.y * kSide + local.x;

    // Load this thread's cell. Cells beyond a periodic side are their wrapped twins; cells beyond
    // any other side hold p = 0 with no open face, which is what the stencil sees there.
    vec4 weights = vec4(0.0);
    float rhs = 0.0, p = 0.0;
    bool insideX = g.x >= 0 && g.x < grid.nx, insideY = g.y >= 0 && g.y < grid.ny;
    if ((insideX || periodicX()) && (insideY || periodicY())) {
        int i = wrapIndex(g.x, grid.nx), j = wrapIndex(g.y, grid.ny);
        p = pIn[cellIndex(i, j)];
        weights = vec4(openX[uIndex(i, j)], openX[uIndex(i + 1, j)], openY[vIndex(i, j)], openY[vIndex(i, j + 1)]);
        rhs = pc.rhsScale * divergence[cellIndex(i, j)];
    }
    pressure[0][s] = p;
    pressure[1][s] = p;  // the outer ring is never swept: keep it defined
    barrier();

    // The outer ring has neighbours outside the shared region and is not swept.
    const bool swept = local.x > 0 && local.y > 0 && local.x < kSide - 1 && local.y < kSide - 1;
    int from = 0;
    for (int sweep = 0; sweep < pc.sweeps; ++sweep) {
        if (swept) {
            vec4 neighbours = vec4(pressure[from][s - 1], pressure[from][s + 1], pressure[from][s - kSide],
                                   pressure[from][s + kSide]);
            pressure[1 - from][s] = relaxedPressure(weights, neighbours, pressure[from][s], rhs, kRelaxation);
        }
        barrier();
        from = 1 - from;
    }

    const ivec2 inTile = local - kHalo;
    if (all(greaterThanEqual(inTile, ivec2(0))) && all(lessThan(inTile, ivec2(EDDY_GROUP_SIZE))) && g.x < grid.nx &&
        g.y < grid.ny)
        pOut[cellIndex(g.x, g.y)] = pressure[from][s];
}
