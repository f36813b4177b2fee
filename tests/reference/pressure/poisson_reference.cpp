#include "reference/pressure/poisson_reference.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace billow::ref {

namespace {
int wrap(int i, int n) { return ((i % n) + n) % n; }

// Where the face across from cell (i, j) towards (i + di, j + dj) leads: the neighbour's cell
// index, or -1 beyond a non-periodic side (p = 0 there; a closed side's weight is 0 anyway).
int neighbour(const PoissonProblem& q, int i, int j, int di, int dj) {
    int ni = i + di, nj = j + dj;
    if (ni < 0 || ni >= q.nx) {
        if (q.sides[0] != PoissonSide::Periodic) return -1;
        ni = wrap(ni, q.nx);
    }
    if (nj < 0 || nj >= q.ny) {
        if (q.sides[2] != PoissonSide::Periodic) return -1;
        nj = wrap(nj, q.ny);
    }
    return ni + nj * q.nx;
}

struct Face { double w; int di, dj; };
std::array<Face, 4> faces(const PoissonProblem& q, int i, int j) {
    return {Face{q.wx[i + j * (q.nx + 1)], -1, 0}, Face{q.wx[i + 1 + j * (q.nx + 1)], 1, 0}, Face{q.wy[i + j * q.nx], 0, -1},
            Face{q.wy[i + (j + 1) * q.nx], 0, 1}};
}
} // namespace

bool PoissonProblem::singular() const {
    for (PoissonSide s : sides)
        if (s == PoissonSide::Outflow) return false;
    return true;
}

bool PoissonProblem::open(int i, int j) const {
    double sum = 0.0;
    for (const Face& f : faces(*this, i, j)) sum += f.w;
    return sum > 0.0;
}

double PoissonProblem::apply(const std::vector<double>& p, int i, int j) const {
    const double centre = p[i + j * nx];
    double sum = 0.0;
    for (const Face& f : faces(*this, i, j)) {
        const int c = neighbour(*this, i, j, f.di, f.dj);
        sum += f.w * ((c < 0 ? 0.0 : p[c]) - centre);
    }
    return sum;
}

std::vector<double> residual(const PoissonProblem& q, const std::vector<double>& p) {
    std::vector<double> r(p.size(), 0.0);
    for (int j = 0; j < q.ny; ++j)
        for (int i = 0; i < q.nx; ++i)
            if (q.open(i, j)) r[i + j * q.nx] = q.apply(p, i, j) - q.b[i + j * q.nx];
    return r;
}

std::vector<double> withoutMean(const PoissonProblem& q, std::vector<double> values) {
    double sum = 0.0, count = 0.0;
    for (int j = 0; j < q.ny; ++j)
        for (int i = 0; i < q.nx; ++i)
            if (q.open(i, j)) {
                sum += values[i + j * q.nx];
                count += 1.0;
            }
    for (int j = 0; j < q.ny; ++j)
        for (int i = 0; i < q.nx; ++i) values[i + j * q.nx] = q.open(i, j) ? values[i + j * q.nx] - sum / count : 0.0;
    return values;
}

PoissonSolution solvePoisson(const PoissonProblem& q) {
    // Unknowns: the open cells. A = -L there (symmetric positive semi-definite: each face adds w
    // to its cells' diagonals and -w between them); where singular, A + (1/n) 1 1^T is definite
    // with the same eigenvectors (1 gets eigenvalue 1), so its inverse is A^+ + (1/n) 1 1^T.
    std::vector<int> unknown(size_t(q.nx) * q.ny, -1);
    std::vector<int> cellOf;
    for (int j = 0; j < q.ny; ++j)
        for (int i = 0; i < q.nx; ++i)
            if (q.open(i, j)) {
                unknown[i + j * q.nx] = int(cellOf.size());
                cellOf.push_back(i + j * q.nx);
            }
    const size_t n = cellOf.size();
    std::vector<double> a(n * n, 0.0);
    for (size_t k = 0; k < n; ++k) {
        const int i = cellOf[k] % q.nx, j = cellOf[k] / q.nx;
        for (const Face& f : faces(q, i, j)) {
            a[k * n + k] += f.w;
            const int c = neighbour(q, i, j, f.di, f.dj);
            if (c >= 0 && unknown[c] >= 0) a[k * n + size_t(unknown[c])] -= f.w;
        }
    }
    const bool singular = q.singular();
    if (singular)
        for (double& x : a) x += 1.0 / double(n);

    // Cholesky A = G G^T (G lower triangular, stored in a's lower half).
    for (size_t c = 0; c < n; ++c) {
        double d = a[c * n + c];
        for (size_t k = 0; k < c; ++k) d -= a[c * n + k] * a[c * n + k];
        if (!(d > 0.0)) throw std::runtime_error("poisson reference: the operator is not definite");
        const double g = std::sqrt(d);
        a[c * n + c] = g;
        for (size_t r = c + 1; r < n; ++r) {
            double s = a[r * n + c];
            for (size_t k = 0; k < c; ++k) s -= a[r * n + k] * a[c * n + k];
            a[r * n + c] = s / g;
        }
    }
    auto solve = [&](std::vector<double> x) {  // A^-1 x
        for (size_t r = 0; r < n; ++r) {
            for (size_t k = 0; k < r; ++k) x[r] -= a[r * n + k] * x[k];
            x[r] /= a[r * n + r];
        }
        for (size_t r = n; r-- > 0;) {
            for (size_t k = r + 1; k < n; ++k) x[r] -= a[k * n + r] * x[k];
            x[r] /= a[r * n + r];
        }
        return x;
    };

    PoissonSolution s;
    std::vector<double> rhs(n);
    for (size_t k = 0; k < n; ++k) rhs[k] = -q.b[cellOf[k]];  // A p = -L p = -b
    const std::vector<double> x = solve(rhs);
    s.p.assign(size_t(q.nx) * q.ny, 0.0);
    for (size_t k = 0; k < n; ++k) s.p[cellOf[k]] = x[k];
    if (singular) s.p = withoutMean(q, s.p);

    // Row sums of |A^-1| (symmetric: column sums), less 1/n per entry where singular.
    std::vector<double> rowSums(n, 0.0);
    for (size_t c = 0; c < n; ++c) {
        std::vector<double> e(n, 0.0);
        e[c] = 1.0;
        const std::vector<double> column = solve(e);
        for (size_t r = 0; r < n; ++r) rowSums[r] += std::abs(column[r] - (singular ? 1.0 / double(n) : 0.0));
    }
    for (double sum : rowSums) s.inverseNorm = std::max(s.inverseNorm, sum);
    return s;
}

} // namespace billow::ref
