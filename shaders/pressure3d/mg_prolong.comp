#version 450
// Multigrid prolongation onto the fine level (whose uniform block is bound): each fine cell with an
// open face adds the coarse correction interpolated trilinearly at its centre
// (pressure3d/prolong_rule.glsl). The neighbours follow pressure/mg_prolong.comp's rules: periodic
// sides wrap; a closed (obstacle) coarse cell takes the parent's value (zero gradient); beyond
// another side the ghost value is (1 - w) parent, w the parent's boundary face weight
// (ghostCorrection3): zero gradient on closed sides (w = 0), the outflow condition on outflow sides.
// Variant 1 (kInteriorOpen) is for a fine and a coarse level whose faces between cells are all
// open (no obstacle): every cell of a level of more than one cell along some axis has an open
// face, so the per-cell tests read no weights (fourteen cells' six weights a fine cell), and only
// the coarse sides' weights are read, for the ghost values.
#define BILLOW_KERNEL_VARIANTS 2
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
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"

// Whether every cell of a level of n cells without obstacles has a face between two cells (open).
bool hasInteriorFaces(ivec3 n) { return any(greaterThan(n, ivec3(1))); }

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
        return ghostCorrection3(coarseWeight(axis, face, coarse), parentValue);
    }
    if (!(kInteriorOpen != 0 && hasInteriorFaces(coarse)) &&
        !hasOpenFace(BILLOW_WEIGHTS3(coarseOpenX, coarseOpenY, coarseOpenZ, c, coarse)))
        return parentValue;
    return coarsePressure[cellAt3(c, coarse)];
}

float coarseCorrectionAt(ivec3 c, ivec3 parent, float parentValue) {
    return coarseAt(c, parent, parentValue, ivec3(pc.otherNx, pc.otherNy, pc.otherNz));
}

#include "pressure3d/prolong_rule.glsl"

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (!insideCells3(id)) return;
    if (!(kInteriorOpen != 0 && hasInteriorFaces(n)) && !hasOpenFace(BILLOW_WEIGHTS3(openX, openY, openZ, id, n))) return;
    const ivec3 coarse = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
    finePressure[cellAt3(id, n)] += trilinearCorrection3(id, coarsePressure[cellAt3(id / 2, coarse)]);
}
