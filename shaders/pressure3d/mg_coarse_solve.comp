#version 450
// Multigrid coarsest level in 3D: `iterations` red-black SOR iterations of the level's pressure
// equation (whose uniform block is bound) by ONE workgroup holding the whole level in shared
// memory, instead of one dispatch per colour. Same stencil and colouring as pressure3d/rbsor.comp;
// the level has at most BILLOW_MG_COARSEST_3D cells along each axis, and each thread relaxes up to
// BILLOW_MG_COARSE_CELLS_PER_THREAD_3D of them.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(local_size_x = BILLOW_MG_COARSE_THREADS_3D) in;

layout(set = 0, binding = 1) buffer P { float p[]; };  // read, then written at the end
layout(set = 0, binding = 2) readonly buffer Source { float source[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { CoarseSolvePush pc; };

#include "pressure3d/stencil3d.glsl"

const int kCellsPerThread = BILLOW_MG_COARSE_CELLS_PER_THREAD_3D;

shared float pressure[BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D * BILLOW_MG_COARSEST_3D];

// A neighbour's pressure in shared memory: its cell index (the level's layout), or 0 for -1.
float sharedPressure(int cell) { return cell < 0 ? 0.0 : pressure[cell]; }

void main() {
    const ivec3 n = gridCells();
    const int cells = n.x * n.y * n.z;
    const int t = int(gl_LocalInvocationIndex);
    // This thread's cells, with what their relaxation needs (computed once: the sweeps below are
    // bound by their barriers and index arithmetic).
    Weights3 w[kCellsPerThread];
    Neighbours3 nb[kCellsPerThread];
    float rhs[kCellsPerThread], cellShift[kCellsPerThread];
    int colour[kCellsPerThread];
    [[unroll]] for (int s = 0; s < kCellsPerThread; ++s) {
        const int c = t + s * BILLOW_MG_COARSE_THREADS_3D;
        colour[s] = -1;
        if (c >= cells) continue;
        const ivec3 id = ivec3(c % n.x, (c / n.x) % n.y, c / (n.x * n.y));
        pressure[c] = p[c];
        w[s] = BILLOW_WEIGHTS3(openX, openY, openZ, id, n);
        nb[s] = neighbours3(id, n);
        rhs[s] = pc.rhsScale * source[c];
        cellShift[s] = BILLOW_SHIFT3(shift, c);
        colour[s] = sorColour3(id, n);
    }
    barrier();
    // Colours with bit 2 << axis exist only on periodic axes with an odd cell count.
    int colourBits = 1;
    for (int axis = 0; axis < 3; ++axis)
        if (periodic3(axis) && (n[axis] & 1) == 1) colourBits |= 2 << axis;
    for (int k = 0; k < pc.iterations; ++k)
        for (int pass = 0; pass < 16; ++pass) {
            if ((pass & ~colourBits) != 0) continue;  // uniform across the workgroup
            [[unroll]] for (int s = 0; s < kCellsPerThread; ++s)
                if (colour[s] == pass) {
                    const int c = t + s * BILLOW_MG_COARSE_THREADS_3D;
                    pressure[c] = relaxedPressure3(w[s], BILLOW_GATHER3(sharedPressure, nb[s].lo),
                                                   BILLOW_GATHER3(sharedPressure, nb[s].hi), pressure[c], rhs[s], pc.omega,
                                                   cellShift[s]);
                }
            barrier();
        }
    [[unroll]] for (int s = 0; s < kCellsPerThread; ++s) {
        const int c = t + s * BILLOW_MG_COARSE_THREADS_3D;
        if (c < cells) p[c] = pressure[c];
    }
}
