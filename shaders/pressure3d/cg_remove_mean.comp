#version 450
// Conjugate gradient on a singular 3D system (no outflow side): r -= mean(r) on cells with an open
// face (why: pressure/cg_remove_mean.comp).
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) buffer R { float r[]; };
layout(set = 0, binding = 2) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 4) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 5) readonly buffer State { uint state[]; };

#include "pressure3d/stencil3d.glsl"

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (insideCells3(id) && hasOpenFace(BILLOW_WEIGHTS3(openX, openY, openZ, id, n)))
        r[cellAt3(id, n)] -= uintBitsToFloat(state[BILLOW_CG_MEAN]);
}
