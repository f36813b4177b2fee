#version 450
// Conjugate gradient on a singular system (no outflow side: pressure is defined up to a
// constant): r -= mean(r) on cells with an open face, so the residual handed to the
// preconditioner has no component along the constant null space (round-off puts one there, and
// the multigrid coarse solve would turn it into a large constant correction that spoils r . z).
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) buffer R { float r[]; };
layout(set = 0, binding = 2) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 4) readonly buffer State { uint state[]; };

#include "common/stencil_cells.glsl"

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    const vec4 w = faceWeights(id.x, id.y);
    if (w.x + w.y + w.z + w.w > 0.0) r[cellIndex(id.x, id.y)] -= uintBitsToFloat(state[BILLOW_CG_MEAN]);
}
