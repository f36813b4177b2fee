#version 450
// Multigrid coarsest level: `iterations` red-black SOR iterations of the level's pressure equation
// (whose grid is bound) by ONE workgroup holding the whole level in shared memory, one thread per
// cell, instead of two dispatches per iteration. Same stencil and colouring as pressure/rbsor.comp;
// the level has at most BILLOW_MG_COARSEST cells along each axis.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(local_size_x = BILLOW_MG_COARSEST, local_size_y = BILLOW_MG_COARSEST) in;

layout(set = 0, binding = 1) buffer P { float pIn[]; };  // read, then written at the end
layout(set = 0, binding = 2) readonly buffer Source { float source[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { CoarseSolvePush pc; };

#include "pressure/pressure_stencil.glsl"

shared float pressure[BILLOW_MG_COARSEST * BILLOW_MG_COARSEST];

// Where a neighbour's pressure lives in shared memory, or -1 for p = 0 (beyond outflow and closed
// sides); computed once, since the sweeps below are bound by their barriers and index arithmetic.
int neighbourSlot(int i, int j) {
    bool outsideX = i < 0 || i >= grid.nx, outsideY = j < 0 || j >= grid.ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return -1;
    return wrapIndex(i, grid.nx) + wrapIndex(j, grid.ny) * grid.nx;
}

float slotPressure(int slot) { return slot >= 0 ? pressure[slot] : 0.0; }

int sorColour(ivec2 id) {
    int colour = (id.x + id.y) & 1;
    if (periodicX() && (grid.nx & 1) == 1 && id.x == grid.nx - 1) colour += 2;
    if (periodicY() && (grid.ny & 1) == 1 && id.y == grid.ny - 1) colour += 4;
    return colour;
}

void main() {
    const ivec2 id = ivec2(gl_LocalInvocationID.xy);
    const bool mine = id.x < grid.nx && id.y < grid.ny;
    const int c = cellIndex(id.x, id.y);
    vec4 w = vec4(0.0);
    float rhs = 0.0, s = 0.0;
    int colour = -1;
    const ivec4 slots = ivec4(neighbourSlot(id.x - 1, id.y), neighbourSlot(id.x + 1, id.y), neighbourSlot(id.x, id.y - 1),
                              neighbourSlot(id.x, id.y + 1));
    if (mine) {
        pressure[c] = pIn[c];
        w = vec4(openX[xFaceIndex(id.x, id.y)], openX[xFaceIndex(id.x + 1, id.y)], openY[yFaceIndex(id.x, id.y)],
                 openY[yFaceIndex(id.x, id.y + 1)]);
        rhs = pc.rhsScale * source[c];
        s = BILLOW_SHIFT(c);
        colour = sorColour(id);
    }
    barrier();
    // Colours 2..7 exist only on periodic axes with an odd cell count.
    const bool oddX = periodicX() && (grid.nx & 1) == 1, oddY = periodicY() && (grid.ny & 1) == 1;
    for (int k = 0; k < pc.iterations; ++k)
        for (int pass = 0; pass < 8; ++pass) {
            if ((pass & 2) != 0 && !oddX) continue;  // uniform across the workgroup
            if ((pass & 4) != 0 && !oddY) continue;
            if (colour == pass) {
                vec4 neighbours = vec4(slotPressure(slots.x), slotPressure(slots.y), slotPressure(slots.z),
                                       slotPressure(slots.w));
                pressure[c] = relaxedPressure(w, neighbours, pressure[c], rhs, pc.omega, s);
            }
            barrier();
        }
    if (mine) pIn[c] = pressure[c];
}
