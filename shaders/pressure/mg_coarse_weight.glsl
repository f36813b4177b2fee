// The multigrid's coarse face weights along one axis, for the 2D and 3D coarsening kernels
// (pressure/mg_coarsen.comp, pressure3d/mg_coarsen.comp), which first give each coarse face the
// mean open fraction of the fine faces it covers (a missing one, past an odd edge, counts as
// closed: the coarse cell there is only partly covered). With these fractions every level's
// equation has the same form; the restriction scales the right-hand side to match.
//
// The weights also place each coarse unknown: a face of weight w (open fraction a) between two
// cells whose centres lie d apart stands for a h / d, h the level's cell size, and a face between a
// cell and the p = 0 point beyond an outflow side, d from the cell's centre, likewise (the finest
// level has that point half a fine cell beyond the side: weight 1 at distance h). The coarse
// equation is then the finite-volume Laplacian at the coarse cells' centres, consistent with the
// restriction's right-hand side (half the sum of the covered fine residuals in 3D, the sum in 2D:
// (2h)^2 times the Laplacian's mean over the covered volume). Along an axis with fine cell size h
// and coarse size 2h:
// - a coarse cell covering two fine cells has its centre between theirs, half a fine cell farther
//   from the side than theirs: an outflow face of fine weight w (p = 0 at h / w from the fine
//   centre) gets 2h / (h / w + h / 2) = 4 w / (2 + w): 4/3 on the first coarse level, then 1.6,
//   towards 2. Plain averaging (w = 1 everywhere) moves the p = 0 point outwards on each level,
//   and the coarse corrections then miss the smooth error near the side (measured in 2D: the
//   residual then fell by only 0.5 per V-cycle with an outflow side);
// - past an odd edge the last coarse cell covers one fine cell only: a half cell, whose centre is
//   that fine cell's. An outflow face there keeps the fine distance h / w: 2h / (h / w) = 2 w; the
//   face to its neighbour, whose centre is 3h/2 away (not 2h), gets 2h / (3h/2) = 4/3 times the
//   mean (across a periodic side, the face to coarse cell 0, likewise). Its faces across the axis
//   already count only the area it covers (the missing fine faces count as closed). Treated as a
//   full cell (centre 2h from its neighbour, outflow weight 4 w / (2 + w)) the coarse p = 0 point
//   lay a fine cell too far out and the neighbour a half cell too far in, and V-cycles stalled
//   (measured: 3.4e-3 relative residual after 30 cycles on 19 x 13 x 11 with an outflow on top,
//   7 to 17 cycles to 1e-4 on 37 x 23 with outflow sides; 4 with this rule).

// The coarse weight of a face of fine weight w between a cell covering two fine cells along the
// axis and a p = 0 point (an outflow side; on a sparse grid also open air, sparse3d/mg_coarsen.comp):
// 2h / (h / w + h / 2).
float dirichletFaceWeight(float w) { return 4.0 * w / (2.0 + w); }

// The weight of the coarse face at index `face` along an axis of `coarseCells` coarse and
// `fineCells` fine cells, from the mean `w` of the fine faces it covers. `periodic`: the axis
// wraps; `outflow`: the face lies on an outflow side (only read for the two side faces).
float coarseFaceWeight(float w, int face, int coarseCells, int fineCells, bool periodic, bool outflow) {
    const bool halfCell = (fineCells & 1) == 1;  // the last coarse cell covers one fine cell
    if (!periodic && (face == 0 || face == coarseCells)) {
        if (!outflow) return w;
        const bool nextToHalfCell = halfCell && (face == coarseCells || coarseCells == 1);
        return nextToHalfCell ? 2.0 * w : dirichletFaceWeight(w);
    }
    // Between the half cell and its neighbour (across a periodic side: the first and last faces).
    if (halfCell && (face == coarseCells - 1 || face == coarseCells || face == 0)) return w * (4.0 / 3.0);
    return w;
}
