#version 450
// One colour of a red-black Gauss-Seidel sweep, over-relaxed (SOR): cells of colour `colour`
// move to p + omega * (p_stencil - p), in place. No cell shares a colour with a neighbour, so no
// thread reads what another thread of this dispatch writes. The colour is (i + j) % 2, except that
// on a periodic axis with an odd cell count the last column (row) wraps onto a cell of its own
// parity, so it gets colours of its own: + 2 for the last column, + 4 for the last row.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) buffer P { float pIn[]; };  // read and written in place
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { SorPush pc; };

#include "pressure/pressure_stencil.glsl"

#include "pressure/pressure_neighbours.glsl"

int sorColour(ivec2 id) {
    int colour = (id.x + id.y) & 1;
    if (periodicX() && (grid.nx & 1) == 1 && id.x == grid.nx - 1) colour += 2;
    if (periodicY() && (grid.ny & 1) == 1 && id.y == grid.ny - 1) colour += 4;
    return colour;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny || sorColour(id) != pc.colour) return;
    int i = id.x, j = id.y, c = cellIndex(i, j);
    pIn[c] = relaxedPressure(faceWeights(i, j), neighbourPressures(i, j), pIn[c], pc.rhsScale * divergence[c], pc.omega,
                            BILLOW_SHIFT(c));
}
