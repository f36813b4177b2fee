// Double-precision reference of the discrete Poisson problem on a 3D grid of cells, written from
// the maths alone (no GPU code): on an nx x ny x nz grid,
//
//   sum over the six faces f of cell c of  w_f (p_nb - p_c) = b_c
//
// where a closed side contributes nothing (its faces have w = 0), beyond an outflow side p = 0,
// and periodic sides wrap (the two ends of a periodic axis are one face, given twice with equal
// weights). A cell whose six weights are 0 has no equation (p = 0 there). Face layouts are the 3D
// MAC grid's (x fastest, then y, then z): x-faces (nx+1) x ny x nz, y-faces nx x (ny+1) x nz,
// z-faces nx x ny x (nz+1).
//
// The exact solution is computed by conjugate gradients in double (preconditioned by the
// diagonal) down to a residual of ~1e-13 of the right-hand side; where no side is an outflow
// the operator is singular (constants are its null space) and the solution is the one with zero
// mean over the open cells. Also here: one damped Jacobi sweep and one red-black SOR iteration,
// with bounds on the float rounding of a GPU doing the same.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "reference/pressure/poisson_reference.hpp"  // PoissonSide

namespace billow::ref {

struct PoissonProblem3D {
    int nx = 0, ny = 0, nz = 0;
    std::array<PoissonSide, 6> sides{};  // left, right, bottom, top, back, front
    std::vector<double> wx, wy, wz;       // face weights, layouts above
    std::vector<double> b;                // cells

    size_t cells() const { return size_t(nx) * ny * nz; }
    size_t cell(int i, int j, int k) const { return size_t(i) + size_t(nx) * (size_t(j) + size_t(ny) * k); }
    bool singular() const;                 // no outflow side
    bool open(int i, int j, int k) const;  // has an equation
    // The weights of cell (i, j, k)'s faces towards -x, +x, -y, +y, -z, +z.
    std::array<double, 6> weights(int i, int j, int k) const;
    // The cell across each of those faces, or -1 beyond a side that is not periodic.
    std::array<long, 6> neighbours(int i, int j, int k) const;
    // sum_f w_f (p_nb - p) of cell (i, j, k), p_nb = 0 beyond non-periodic sides.
    double apply(const std::vector<double>& p, int i, int j, int k) const;
};

// The solution (zero mean over open cells where singular), with what bounds the error of any
// other p: since L (p - p*) = L p - b = r, |p - p*| <= inverseBound * (max |r| + residual) where
// `residual` is the reference's own max |L p* - b|; where singular, with p and p* compared
// without their means over open cells. inverseBound is exact maths (see solvePoisson3D), not an
// estimate. Throws if the open cells do not form one region connected to an outflow side (or, where
// singular, one region): a sealed pocket would have a null space of its own.
struct PoissonSolution3D {
    std::vector<double> p;
    double inverseBound = 0.0;
    double residual = 0.0;
};
PoissonSolution3D solvePoisson3D(const PoissonProblem3D& problem);

// The residual apply(p) - b on open cells (0 on the others).
std::vector<double> residual(const PoissonProblem3D& problem, const std::vector<double>& p);

// `values` minus their mean over open cells (0 on the others).
std::vector<double> withoutMean(const PoissonProblem3D& problem, std::vector<double> values);

// A computed field and, per element, a bound on how far a float32 computation of the same (each
// operation rounded to within 2^-23 of its operands' magnitudes) can be from it.
struct Bounded3D {
    std::vector<double> value;
    std::vector<double> bound;
};

// One Jacobi sweep moved `relaxation` of the way: p_c + relaxation ((sum_f w_f p_nb - b_c) / W_c - p_c)
// with W_c the sum of the cell's weights, every cell from the previous p; cells with no open face
// get 0.
Bounded3D jacobiSweep(const PoissonProblem3D& problem, const std::vector<double>& p, double relaxation);
// `sweeps` such sweeps one after another, each bound carrying the previous sweep's: a neighbour's
// error with weight relaxation * w_f / W, the cell's own with |1 - relaxation|.
Bounded3D jacobiSweeps(const PoissonProblem3D& problem, const std::vector<double>& p, double relaxation, int sweeps);

// One red-black Gauss-Seidel iteration over-relaxed by omega: the same update, in place, one
// colour after another. A cell's colour is (i + j + k) mod 2, plus 2, 4, 8 for a cell in the last
// layer of a periodic axis (x, y, z) with an odd cell count (that layer wraps onto cells of its own
// parity); colours are updated in increasing order.
Bounded3D sorIteration(const PoissonProblem3D& problem, const std::vector<double>& p, double omega);

} // namespace billow::ref
