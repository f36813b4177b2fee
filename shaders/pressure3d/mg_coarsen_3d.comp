#version 450
// Multigrid: the coarse level's face weights (its uniform block is bound) from the fine level's,
// one thread per point of the union of the three face grids. A coarse face covers up to four fine
// faces and gets their mean open fraction (a missing one, past an odd edge, counts as closed,
// since the coarse cell there is only partly covered). With these fractions every level's
// equation has the same form; mg_restrict_residual_3d.comp scales the right-hand side to match.
//
// The weights also place each coarse unknown: a face of weight w (open fraction a) between two
// cells whose centres lie d apart stands for a h / d, and a face between a cell and the p = 0 point
// beyond an outflow side, d from the cell's centre, likewise (the finest level has that point half
// a fine cell beyond the side). The coarse equation is then the finite-volume Laplacian at the
// coarse cells' centres, consistent with the restriction's right-hand side (half the sum of the
// covered fine residuals: (2h)^2 times the Laplacian's mean over the covered volume). Along an
// axis with fine cell size h and coarse size 2h:
// - a coarse cell covering two fine cells has its centre between theirs, half a fine cell farther
//   from the side than theirs: an outflow face of fine weight w (p = 0 at h / w) gets
//   2h / (h / w + h / 2) = 4 w / (2 + w) (as in 2D, pressure/mg_coarsen.comp);
// - past an odd edge the last coarse cell covers one fine cell only: a half cell, whose centre is
//   that fine cell's. An outflow face there keeps the fine distance h / w: 2h / (h / w) = 2 w; the
//   face to its neighbour, whose centre is 3h/2 away (not 2h), gets 2h / (3h/2) = 4/3 times the
//   mean (across a periodic side, the face to coarse cell 0, likewise). Its faces across the axis
//   already count half their area (the missing fine faces count as closed). Treated as a full cell
//   (centre 2h from its neighbour, outflow weight 4 w / (2 + w)) the coarse p = 0 point lay 3/2
//   fine cells too far out, and V-cycles stalled (measured: 3.4e-3 relative residual after 30
//   cycles on 19 x 13 x 11 with an outflow on top, test_poisson_solver_3d.cpp).
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer FineOpenX { float fineOpenX[]; };
layout(set = 0, binding = 2) readonly buffer FineOpenY { float fineOpenY[]; };
layout(set = 0, binding = 3) readonly buffer FineOpenZ { float fineOpenZ[]; };
layout(set = 0, binding = 4) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) writeonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { Transfer3Push pc; };

#include "pressure3d/stencil3d.glsl"

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
    float w = 0.25 * sum;
    const int cells = gridCells()[axis];
    // The last coarse cell along the axis is a half cell (odd fine count).
    const bool halfCell = (fine[axis] & 1) == 1;
    if (!periodic3(axis) && (id[axis] == 0 || id[axis] == cells)) {
        const int side = id[axis] == 0 ? 2 * axis : 2 * axis + 1;
        const bool nextToHalfCell = halfCell && (id[axis] == cells || cells == 1);
        if (sideType3(side) == BILLOW_OUTFLOW) w = nextToHalfCell ? 2.0 * w : 4.0 * w / (2.0 + w);
    } else if (halfCell && (id[axis] == cells - 1 || id[axis] == cells || id[axis] == 0)) {
        w *= 4.0 / 3.0;  // between the half cell and its neighbour (the last two: across a periodic side)
    }
    return w;
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (ownsFace3(0, id)) openX[faceAt3(0, id, n)] = coarseWeight(0, id);
    if (ownsFace3(1, id)) openY[faceAt3(1, id, n)] = coarseWeight(1, id);
    if (ownsFace3(2, id)) openZ[faceAt3(2, id, n)] = coarseWeight(2, id);
}
