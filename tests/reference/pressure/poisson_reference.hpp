// Double-precision reference of the discrete Poisson problem the pressure solvers solve, written
// from the maths alone (no GPU code): on an nx x ny grid of cells,
//
//   sum over the four faces f of cell c of  w_f (p_nb - p_c) = b_c
//
// where a closed side contributes nothing (its faces have w = 0), beyond an outflow side p = 0,
// and periodic sides wrap. A cell whose four weights are 0 has no equation (p = 0 there). The
// solution is exact up to double rounding (dense Cholesky), and with no outflow side (the
// operator is singular: constants are in its null space) it is the one with zero mean over the
// open cells.
#pragma once

#include <array>
#include <vector>

namespace billow::ref {

enum class PoissonSide { Closed, Outflow, Periodic };

struct PoissonProblem {
    int nx = 0, ny = 0;
    std::array<PoissonSide, 4> sides{};  // left, right, bottom, top
    std::vector<double> wx;               // x-faces, (nx + 1) x ny, index i + j (nx + 1)
    std::vector<double> wy;               // y-faces, nx x (ny + 1), index i + j nx
    std::vector<double> b;                // cells, nx x ny, index i + j nx

    bool singular() const;  // no outflow side
    bool open(int i, int j) const;  // has an equation
    // sum_f w_f (p_nb - p) of cell (i, j).
    double apply(const std::vector<double>& p, int i, int j) const;
};

// The exact solution (zero mean over open cells where singular), and the infinity norm of the
// operator's inverse on the open cells (of its pseudo-inverse where singular). Since
// L (p - p*) = L p - b = r for any p, |p - p*| <= inverseNorm * max |r|; where singular, with p
// and p* compared without their means over open cells, and r without its mean (the pseudo-inverse
// maps constants to 0).
struct PoissonSolution {
    std::vector<double> p;
    double inverseNorm = 0.0;
};
PoissonSolution solvePoisson(const PoissonProblem& problem);

// The residual apply(p) - b on open cells (0 on the others).
std::vector<double> residual(const PoissonProblem& problem, const std::vector<double>& p);

// `values` minus their mean over open cells (0 on the others).
std::vector<double> withoutMean(const PoissonProblem& problem, std::vector<double> values);

} // namespace billow::ref
