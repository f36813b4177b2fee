// Double-precision reference of the 3D multigrid transfers (the geometric multigrid of the pressure
// component on the 7-point stencil), written from their definitions, with bounds on the float32
// rounding of a GPU computing the same (each operation within 2^-23 of its operands' magnitudes).
// A coarse level has ceil(n / 2) cells along each axis; coarse cell C covers fine cells 2C and
// 2C + 1 along each axis (only 2C past an odd edge).
//
// - Coarse face weights: a face weight is the face's open fraction times the cell size over the
//   distance between the two unknowns it joins; every level's unknowns sit at its cells' centres
//   (a coarse cell's centre is the midpoint of the fine cells it covers: past an odd edge, that one
//   fine cell's centre). The open fraction is the mean of the (up to) four fine face weights a
//   coarse face covers (a fine face that does not exist, past an odd edge, counts as 0). Beyond an
//   outflow side p = 0 at the point a fine boundary weight w puts 1 / w fine cells beyond the
//   centre of the fine cell next to the side (the finest level: half a cell beyond the side).
// - Restriction: the coarse right-hand side is half the sum of the fine residuals
//   rhsScale b - L p of the covered fine cells (0 on cells with no equation): every level's
//   equation is h^2 times the Laplacian at its cell size h, so a coarse cell needs (2h)^2 times the
//   mean Laplacian of its eight fine cells. The coarse unknown becomes 0.
// - Prolongation: each fine cell with an equation adds the coarse correction interpolated
//   trilinearly at its centre, from its parent and the parent's neighbours towards the fine cell
//   (weights 3/4 and 1/4 per axis; a parent covering one fine cell, past an odd edge, uses the
//   neighbour on its low side). A neighbour beyond a periodic side wraps; beyond another side it is
//   (1 - W) times the parent, W the parent's coarse face weight on that side (the first such axis,
//   x then y then z); a neighbour with no equation takes the parent's value.
#pragma once

#include <vector>

#include "reference/pressure/poisson_reference_3d.hpp"

namespace billow::ref {

// The coarse grid of `fine` (sizes halved, rounding up; same sides), with face weights as above.
PoissonProblem3D coarsenWeights3D(const PoissonProblem3D& fine);

// The coarse right-hand side from the fine p and fine source (b = rhsScale * source), with bounds.
Bounded3D restrictResidual3D(const PoissonProblem3D& fine, const std::vector<double>& p, const std::vector<double>& source,
                             double rhsScale, const PoissonProblem3D& coarse);

// The fine unknown after adding the interpolated coarse correction, with bounds.
Bounded3D prolong3D(const PoissonProblem3D& fine, const std::vector<double>& fineP, const PoissonProblem3D& coarse,
                    const std::vector<double>& coarseP);

} // namespace billow::ref
