#version 450
// Velocity divergence per cell, 1/s: the net outward flux through the faces weighted by their
// open fraction, divided by h. An inflow face is closed to the solve but carries its prescribed
// flux over the fluid part of its cell.
#include "common/grid.glsl"

layout(set = 0, binding = 1) readonly buffer U { float u[]; };
layout(set = 0, binding = 2) readonly buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 6) writeonly buffer Divergence { float divergence[]; };

// Flux area of a boundary face on `side` whose inner cell has fluid fraction `fluid`.
float area(float open, bool onSide, int side, float fluid) {
    if (onSide && grid.sideType[side] == BILLOW_INFLOW) return fluid;
    return open;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    int i = id.x, j = id.y;
    float fluid = clamp(1.0 - solid[cellIndex(i, j)], 0.0, 1.0);
    int l = xFaceIndex(i, j), r = xFaceIndex(i + 1, j), b = yFaceIndex(i, j), t = yFaceIndex(i, j + 1);
    float flux = area(openX[r], i == grid.nx - 1, BILLOW_RIGHT, fluid) * u[r]
               - area(openX[l], i == 0, BILLOW_LEFT, fluid) * u[l]
               + area(openY[t], j == grid.ny - 1, BILLOW_TOP, fluid) * v[t]
               - area(openY[b], j == 0, BILLOW_BOTTOM, fluid) * v[b];
    divergence[cellIndex(i, j)] = flux * grid.invH;
}
