#version 450
// Multigrid: the coarse level's face weights (its uniform block is bound) from the fine level's,
// one thread per point of the union of the three face grids. A coarse face covers up to four fine
// faces; their mean open fraction becomes the coarse weight by the rule of
// pressure/mg_coarse_weight.glsl (shared with 2D), which keeps each coarse unknown at its cell's
// centre and the outflow sides' p = 0 where the finest level has it. A shifted system's coarse
// diagonal shift is half the sum of the (up to eight) fine shifts it covers: restricted like the
// residual (pressure3d/mg_restrict_residual.comp), so every level's equation keeps its form.
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 2) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 3) readonly buffer FineOpenZ { float fineOpenZ[]; };
layout(set = 0, binding = 4) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) writeonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 7) readonly buffer FineShift { float fineShift[]; };  // read and
layout(set = 0, binding = 8) writeonly buffer Shift { float shift[]; };          // written when grid.shifted
layout(push_constant) uniform Push { Transfer3Push pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure/mg_coarse_weight.glsl"

float fineWeight(int axis, ivec3 f, ivec3 fine) {
    const int i = faceAt3(axis, f, fine);
    return axis == 0 ? fineOpenX[i] : axis == 1 ? fineOpenY[i] : fineOpenZ[i];
}

// The coarse face normal to `axis` at `id`.
float coarseWeight(int axis, ivec3 id) {
    const ivec3 fine = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
    // The two tangential axes.
    const int a = (axis + 1) % 3, b = (axis + 2) % 3;
    ivec3 f = 2 * id;
    f[axis] = min(f[axis], fine[axis]);  // the last coarse face of an odd edge is the fine side's face
    float sum = 0.0;
    for (int db = 0; db < 2; ++db)
        for (int da = 0; da < 2; ++da) {
            ivec3 g = f;
            g[a] += da;
            g[b] += db;
            if (g[a] < fine[a] && g[b] < fine[b]) sum += fineWeight(axis, g, fine);
        }
    const int side = id[axis] == 0 ? 2 * axis : 2 * axis + 1;
    return coarseFaceWeight(0.25 * sum, id[axis], gridCells()[axis], fine[axis], periodic3(axis),
                            sideType3(side) == BILLOW_OUTFLOW);
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (ownsFace3(0, id)) openX[faceAt3(0, id, n)] = coarseWeight(0, id);
    if (ownsFace3(1, id)) openY[faceAt3(1, id, n)] = coarseWeight(1, id);
    if (ownsFace3(2, id)) openZ[faceAt3(2, id, n)] = coarseWeight(2, id);
    if (grid.shifted != 0 && insideCells3(id)) {
        const ivec3 fine = ivec3(pc.otherNx, pc.otherNy, pc.otherNz);
        float sum = 0.0;
        for (int k = 0; k < 2; ++k)
            for (int j = 0; j < 2; ++j)
                for (int i = 0; i < 2; ++i) {
                    const ivec3 f = 2 * id + ivec3(i, j, k);
                    if (all(lessThan(f, fine))) sum += fineShift[cellAt3(f, fine)];
                }
        shift[cellAt3(id, n)] = 0.5 * sum;
    }
}
