#version 450
// Multigrid prolongation onto the fine level (whose uniform block is bound): each fine cell with an
// open face adds the coarse correction interpolated trilinearly at its centre: from its parent and
// the parent's seven neighbours towards it, with weights (3/4 or 1/4 per axis) 27/64, 9/64, 3/64,
// 1/64. The neighbours follow pressure/mg_prolong.comp's rules: periodic sides wrap; a closed
// (obstacle) coarse cell takes the parent's value (zero gradient); beyond another side the
// correction continues linearly to where it is 0, which a boundary face of weight w puts h / w
// from the parent's centre (pressure/mg_coarse_weight.glsl), so the ghost value is (1 - w) parent: zero
// gradient on closed sides (w = 0), the outflow condition on outflow sides.
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) buffer FinePressure { float finePressure[]; };
layout(set = 0, binding = 2) readonly buffer CoarsePressure { float coarsePressure[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) readonly buffer CoarseOpenX { float coarseOpenX[]; };
layout(set = 0, binding = 7) readonly buffer CoarseOpenY { float coarseOpenY[]; };
layout(set = 0, binding = 8) readonly buffer CoarseOpenZ { float coarseOpenZ[]; };
layout(push_constant) uniform Push { Transfer3Push pc; };

#include "pressure3d/stencil3d.glsl"

float coarseWeight(int axis, ivec3 f, ivec3 coarse) {
    const int i = faceAt3(axis, f, coarse);
    return axis == 0 ? coarseOpenX[i] : axis == 1 ? coarseOpenY[i] : coarseOpenZ[i];
}

// The coarse correction at coarse cell c, which may lie one cell beyond a side, next to the fine
// cell's parent, whose correction is `parentValue`.
float coarseAt(ivec3 c, ivec3 parent, float parentValue, ivec3 coarse) {
    for (int axis = 0; axis < 3; ++axis) {
        if (c[axis] >= 0 && c[axis] < coarse[axis]) continue;
        if (periodic3(axis)) { c[axis] = wrapIndex(c[axis], coarse[axis]); continue; }
        // The parent's boundary face on that side.
        ivec3 face = parent;
        face[axis] = c[axis] < 0 ? 0 : coarse[axis];
        return (1.0 - coarseWeight(axis, face, coarse)) * parentValue;
    }
    if (!hasOpenFace(BILLOW_WEIGHTS3(coarseOpenX, coarseOpenY, coarseOpenZ, c, coarse))) return parentValue;
    return coarsePressure[cellAt3(c, coarse)];
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (!insideCells3(id) || !hasOpenFace(BILLOW_WEIGHTS3(openX, openY, openZ, id, n))) return;
    const ivec3 coarse = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
    const ivec3 parent = id / 2;
    // Towards the fine cell's side of its parent; a parent covering a single fine cell (odd edge)
    // has its centre there, so its neighbour on the far side is used with the same weights.
    const ivec3 toward = ivec3((id.x & 1) == 1 ? 1 : -1, (id.y & 1) == 1 ? 1 : -1, (id.z & 1) == 1 ? 1 : -1);
    const float p = coarsePressure[cellAt3(parent, coarse)];
    float value = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const float weight = (i == 0 ? 0.75 : 0.25) * (j == 0 ? 0.75 : 0.25) * (k == 0 ? 0.75 : 0.25);
                const ivec3 c = parent + ivec3(i, j, k) * toward;
                value += weight * (i + j + k == 0 ? p : coarseAt(c, parent, p, coarse));
            }
    finePressure[cellAt3(id, n)] += value;
}
