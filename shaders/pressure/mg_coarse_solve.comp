#version 450
// Multigrid coarsest level: `iterations` red-black SOR iterations of the level's pressure equation
// (whose grid is bound) by ONE workgroup holding the whole level in shared memory, two cells a
// thread, instead of two dispatches per iteration. Same stencil and colouring as pressure/rbsor.comp;
// the level has at most BILLOW_MG_COARSEST cells along each axis.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

// Each thread holds kRows cells of a column (rows y and y + BILLOW_MG_COARSEST / kRows): 128
// threads, the workgroup every Vulkan device runs, in both workgroup profiles.
const int kRows = 2;
layout(local_size_x = BILLOW_MG_COARSEST, local_size_y = BILLOW_MG_COARSEST / kRows) in;

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
    // This thread's cells, with what their relaxation needs (computed once: the sweeps below are
    // bound by their barriers and index arithmetic).
    ivec2 id[kRows];
    bool mine[kRows];
    int c[kRows], colour[kRows];
    vec4 w[kRows];
    float rhs[kRows], s[kRows];
    ivec4 slots[kRows];
    [[unroll]] for (int r = 0; r < kRows; ++r) {
        id[r] = ivec2(gl_LocalInvocationID.x, gl_LocalInvocationID.y + r * (BILLOW_MG_COARSEST / kRows));
        mine[r] = id[r].x < grid.nx && id[r].y < grid.ny;
        c[r] = cellIndex(id[r].x, id[r].y);
        w[r] = vec4(0.0);
        rhs[r] = 0.0;
        s[r] = 0.0;
        colour[r] = -1;
        slots[r] = ivec4(neighbourSlot(id[r].x - 1, id[r].y), neighbourSlot(id[r].x + 1, id[r].y),
                         neighbourSlot(id[r].x, id[r].y - 1), neighbourSlot(id[r].x, id[r].y + 1));
        if (mine[r]) {
            pressure[c[r]] = pIn[c[r]];
            w[r] = vec4(openX[xFaceIndex(id[r].x, id[r].y)], openX[xFaceIndex(id[r].x + 1, id[r].y)],
                        openY[yFaceIndex(id[r].x, id[r].y)], openY[yFaceIndex(id[r].x, id[r].y + 1)]);
            rhs[r] = pc.rhsScale * source[c[r]];
            s[r] = BILLOW_SHIFT(c[r]);
            colour[r] = sorColour(id[r]);
        }
    }
    barrier();
    // Colours 2..7 exist only on periodic axes with an odd cell count.
    const bool oddX = periodicX() && (grid.nx & 1) == 1, oddY = periodicY() && (grid.ny & 1) == 1;
    for (int k = 0; k < pc.iterations; ++k)
        for (int pass = 0; pass < 8; ++pass) {
            if ((pass & 2) != 0 && !oddX) continue;  // uniform across the workgroup
            if ((pass & 4) != 0 && !oddY) continue;
            // Cells of one colour are never neighbours: a thread updating its two in turn does
            // what two threads would at once.
            [[unroll]] for (int r = 0; r < kRows; ++r)
                if (colour[r] == pass) {
                    vec4 neighbours = vec4(slotPressure(slots[r].x), slotPressure(slots[r].y), slotPressure(slots[r].z),
                                           slotPressure(slots[r].w));
                    pressure[c[r]] = relaxedPressure(w[r], neighbours, pressure[c[r]], rhs[r], pc.omega, s[r]);
                }
            barrier();
        }
    [[unroll]] for (int r = 0; r < kRows; ++r)
        if (mine[r]) pIn[c[r]] = pressure[c[r]];
}
