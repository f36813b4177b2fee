#version 450
// One damped Jacobi sweep of the 3D pressure equation (stencil3d.glsl): every cell moves
// BILLOW_JACOBI_RELAXATION of the way towards the value that satisfies its equation given its
// neighbours' previous values (why damped: pressure_types.h). Reads pIn, writes pOut.
//
// Each thread relaxes a column of `column` cells along z (push constant) and carries the pressure of
// the cell below and of its own cell in registers, so a cell costs one new load along z (the
// cell above) besides its in-plane neighbours, which the warp's neighbours share in cache; the
// in-plane neighbour indices are resolved once per column. Measured against one cell per thread
// in docs/performance-log.md ("Jacobi columns").
//
// Variant 1 (kInteriorOpen) is for a level whose faces between cells are all open (no obstacle):
// it reads the weight buffers only on the grid's sides, the sweep's other three arrays being the
// pressure in and out and the right-hand side.
#define BILLOW_KERNEL_VARIANTS 2
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer PIn { float pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { Jacobi3Push pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"

float pressureAt(int cell) { return cell < 0 ? 0.0 : pIn[cell]; }

void main() {
    const ivec3 n = gridCells();
    const ivec3 first = ivec3(gl_GlobalInvocationID.xy, int(gl_GlobalInvocationID.z) * pc.column);
    if (!insideCells3(first)) return;
    const int plane = n.x * n.y;
    // The in-plane neighbours of the column's first cell; the same cells one plane up are the
    // next cell's (-1, beyond a side that is not periodic, stays -1).
    const Neighbours3 nb = neighbours3(first, n);
    // Above the grid's top layer: its periodic twin in layer 0, or nothing.
    const int aboveTop = neighbourAt3(ivec3(first.xy, n.z), n);
    int c = cellAt3(first, n);
    float below = pressureAt(nb.lo.z);
    float centre = pIn[c];
    for (int k = 0; k < pc.column; ++k) {
        const ivec3 id = first + ivec3(0, 0, k);
        if (id.z >= n.z) break;
        const int offset = k * plane;
        const float above = pressureAt(id.z + 1 < n.z ? c + plane : aboveTop);
        const vec3 lo = vec3(pressureAt(nb.lo.x < 0 ? -1 : nb.lo.x + offset),
                             pressureAt(nb.lo.y < 0 ? -1 : nb.lo.y + offset), below);
        const vec3 hi = vec3(pressureAt(nb.hi.x < 0 ? -1 : nb.hi.x + offset),
                             pressureAt(nb.hi.y < 0 ? -1 : nb.hi.y + offset), above);
        const Weights3 w = BILLOW_LEVEL_WEIGHTS3(kInteriorOpen != 0, openX, openY, openZ, id, n);
        pOut[c] = relaxedPressure3(w, lo, hi, centre, pc.rhsScale * divergence[c], BILLOW_JACOBI_RELAXATION, 0.0);
        below = centre;
        centre = above;
        c += plane;
    }
}
