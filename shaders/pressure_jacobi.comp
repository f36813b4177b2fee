#version 450
// Up to EDDY_JACOBI_SWEEPS weighted Jacobi sweeps of the pressure Poisson equation in one dispatch
// (temporal blocking): each 16 x 16 workgroup loads its tile plus a halo of EDDY_JACOBI_SWEEPS
// cells into shared memory, sweeps there, and writes the tile. A sweep leaves the outermost ring
// of the shared region stale, one ring per sweep, so after `sweeps` sweeps the tile itself equals
// what `sweeps` separate global sweeps give, for a fraction of the memory traffic.
//
// The stencil is in pressure_stencil.glsl; p is kinematic pressure (pressure / density), m^2/s^2.
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

shared float pressure[2][kCells];
shared vec4 weights[kCells];  // left, right, bottom, top face weights
shared float rhs[kCells];     // h^2/dt * divergence

void main() {
    const ivec2 origin = ivec2(gl_WorkGroupID.xy) * EDDY_GROUP_SIZE - kHalo;
    const int thread = int(gl_LocalInvocationIndex);
    const int threads = EDDY_GROUP_SIZE * EDDY_GROUP_SIZE;

    // Load the tile and its halo. Cells beyond a periodic side are their wrapped twins; cells
    // beyond any other side hold p = 0 with no open face, which is what the stencil sees there.
    for (int s = thread; s < kCells; s += threads) {
        ivec2 g = origin + ivec2(s % kSide, s / kSide);
        bool insideX = g.x >= 0 && g.x < grid.nx, insideY = g.y >= 0 && g.y < grid.ny;
        if ((insideX || periodicX()) && (insideY || periodicY())) {
            int i = wrapIndex(g.x, grid.nx), j = wrapIndex(g.y, grid.ny);
            pressure[0][s] = pIn[cellIndex(i, j)];
            pressure[1][s] = pressure[0][s];  // the outer ring is never swept: keep it defined
            weights[s] = vec4(openX[uIndex(i, j)], openX[uIndex(i + 1, j)], openY[vIndex(i, j)], openY[vIndex(i, j + 1)]);
            rhs[s] = pc.rhsScale * divergence[cellIndex(i, j)];
        } else {
            pressure[0][s] = 0.0;
            pressure[1][s] = 0.0;
            weights[s] = vec4(0.0);
            rhs[s] = 0.0;
        }
    }
    barrier();

    int from = 0;
    for (int sweep = 0; sweep < pc.sweeps; ++sweep) {
        for (int s = thread; s < kCells; s += threads) {
            int x = s % kSide, y = s / kSide;
            if (x == 0 || y == 0 || x == kSide - 1 || y == kSide - 1) continue;
            vec4 neighbours = vec4(pressure[from][s - 1], pressure[from][s + 1], pressure[from][s - kSide],
                                   pressure[from][s + kSide]);
            float p = relaxedPressure(weights[s], neighbours, pressure[from][s], rhs[s], kRelaxation);
            pressure[1 - from][s] = p;
        }
        barrier();
        from = 1 - from;
    }

    ivec2 local = ivec2(gl_LocalInvocationID.xy);
    ivec2 cell = origin + kHalo + local;
    if (cell.x < grid.nx && cell.y < grid.ny)
        pOut[cellIndex(cell.x, cell.y)] = pressure[from][(local.y + kHalo) * kSide + local.x + kHalo];
}
