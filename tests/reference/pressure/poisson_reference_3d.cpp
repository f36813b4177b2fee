#include "reference/pressure/poisson_reference_3d.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <stdexcept>

namespace billow::ref {

namespace {
constexpr double kFloatEps = 1.0 / (1 << 23);

int wrap(int i, int n) { return ((i % n) + n) % n; }

double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double x : v) m = std::max(m, std::abs(x));
    return m;
}

// Calls f(i, j, k, c) for every cell.
void forEachCell(const PoissonProblem3D& q, const std::function<void(int, int, int, size_t)>& f) {
    for (int k = 0; k < q.nz; ++k)
        for (int j = 0; j < q.ny; ++j)
            for (int i = 0; i < q.nx; ++i) f(i, j, k, q.cell(i, j, k));
}

// The operator A = -L restricted to open cells (x is 0 on the others), applied to x; with
// `grounded` >= 0, that cell's unknown is held at 0 and its row dropped.
std::vector<double> applyNegative(const PoissonProblem3D& q, const std::vector<double>& x, long grounded = -1) {
    std::vector<double> y(x.size(), 0.0);
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (!q.open(i, j, k) || long(c) == grounded) return;
        const std::array<double, 6> w = q.weights(i, j, k);
        const std::array<long, 6> nb = q.neighbours(i, j, k);
        double sum = 0.0;
        for (int f = 0; f < 6; ++f) {
            const double across = (nb[f] < 0 || nb[f] == grounded) ? 0.0 : x[size_t(nb[f])];
            sum += w[f] * (x[c] - across);
        }
        y[c] = sum;
    });
    return y;
}

// Conjugate gradients preconditioned by the diagonal on A x = rhs over the open cells (minus the
// grounded one), from x = 0, until max |A x - rhs| <= 1e-13 (max |rhs| + 6 max |x|): a backward
// error of 1e-13 (the weights are at most 1, so |A| <= 12), far below the float32 effects tested.
std::vector<double> conjugateGradient(const PoissonProblem3D& q, const std::vector<double>& rhs, long grounded) {
    const size_t n = q.cells();
    std::vector<double> diagonal(n, 0.0);
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (!q.open(i, j, k) || long(c) == grounded) return;
        for (double w : q.weights(i, j, k)) diagonal[c] += w;
    });
    auto precondition = [&](const std::vector<double>& r) {
        std::vector<double> z(n, 0.0);
        for (size_t c = 0; c < n; ++c) z[c] = diagonal[c] > 0.0 ? r[c] / diagonal[c] : 0.0;
        return z;
    };
    auto dot = [](const std::vector<double>& a, const std::vector<double>& b) {
        double s = 0.0;
        for (size_t c = 0; c < a.size(); ++c) s += a[c] * b[c];
        return s;
    };
    // Where singular (nothing grounded, no outflow), the residual's mean over the open cells is
    // kept at 0: round-off puts a constant component there, which no x can remove.
    const bool singular = grounded < 0 && q.singular();
    auto consistent = [&](std::vector<double>& r) {
        if (!singular) return;
        double sum = 0.0, count = 0.0;
        for (size_t c = 0; c < n; ++c)
            if (diagonal[c] > 0.0) {
                sum += r[c];
                count += 1.0;
            }
        for (size_t c = 0; c < n; ++c)
            if (diagonal[c] > 0.0) r[c] -= sum / count;
    };
    std::vector<double> x(n, 0.0), r = rhs;
    for (size_t c = 0; c < n; ++c)
        if (diagonal[c] == 0.0) r[c] = 0.0;
    consistent(r);
    const double rhsSize = maxAbs(r);
    auto converged = [&] { return maxAbs(r) <= 1e-13 * (rhsSize + 6.0 * maxAbs(x)); };
    std::vector<double> z = precondition(r), d = z;
    double rho = dot(r, z);
    for (int iteration = 0; iteration < 100000 && !converged(); ++iteration) {
        const std::vector<double> ad = applyNegative(q, d, grounded);
        const double alpha = rho / dot(d, ad);
        for (size_t c = 0; c < n; ++c) {
            x[c] += alpha * d[c];
            r[c] -= alpha * ad[c];
        }
        if (iteration % 50 == 49) {  // against drift: the true residual
            const std::vector<double> ax = applyNegative(q, x, grounded);
            for (size_t c = 0; c < n; ++c) r[c] = diagonal[c] > 0.0 ? rhs[c] - ax[c] : 0.0;
        }
        consistent(r);
        z = precondition(r);
        const double rhoNew = dot(r, z);
        for (size_t c = 0; c < n; ++c) d[c] = z[c] + rhoNew / rho * d[c];
        rho = rhoNew;
    }
    if (!converged()) throw std::runtime_error("poisson reference 3D: conjugate gradients did not converge");
    return x;
}

// Every open cell must be reachable through open faces from an open outflow face (where no side is
// an outflow, from any one open cell).
void requireConnected(const PoissonProblem3D& q) {
    const size_t n = q.cells();
    std::vector<char> reached(n, 0);
    std::deque<size_t> queue;
    const bool singular = q.singular();
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (!q.open(i, j, k) || (singular && !queue.empty())) return;
        const std::array<double, 6> w = q.weights(i, j, k);
        const std::array<long, 6> nb = q.neighbours(i, j, k);
        bool seed = singular;
        const int index[3] = {i, j, k}, size[3] = {q.nx, q.ny, q.nz};
        for (int f = 0; f < 6 && !seed; ++f) {
            const int axis = f / 2, side = f;
            const bool beyond = (f % 2 == 0) ? index[axis] == 0 : index[axis] == size[axis] - 1;
            seed = beyond && nb[f] < 0 && q.sides[side] == PoissonSide::Outflow && w[f] > 0.0;
        }
        if (seed) {
            reached[c] = 1;
            queue.push_back(c);
        }
    });
    while (!queue.empty()) {
        const size_t c = queue.front();
        queue.pop_front();
        const int i = int(c % size_t(q.nx)), j = int(c / size_t(q.nx) % size_t(q.ny)),
                  k = int(c / (size_t(q.nx) * q.ny));
        const std::array<double, 6> w = q.weights(i, j, k);
        const std::array<long, 6> nb = q.neighbours(i, j, k);
        for (int f = 0; f < 6; ++f)
            if (w[f] > 0.0 && nb[f] >= 0 && !reached[size_t(nb[f])]) {
                reached[size_t(nb[f])] = 1;
                queue.push_back(size_t(nb[f]));
            }
    }
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (q.open(i, j, k) && !reached[c])
            throw std::runtime_error("poisson reference 3D: a pocket of open cells is sealed off");
    });
}

// The relaxation of cell c towards its equation, from neighbour values `p`, with the float
// rounding bound of computing it (see Bounded3D), given bounds on the neighbours' own errors.
void relaxCell(const PoissonProblem3D& q, int i, int j, int k, const std::vector<double>& p,
               const std::vector<double>& neighbourBound, double relaxation, double& value, double& bound) {
    const size_t c = q.cell(i, j, k);
    const double previous = p[c];  // `value` may be p[c] itself (SOR, in place)
    const std::array<double, 6> w = q.weights(i, j, k);
    const std::array<long, 6> nb = q.neighbours(i, j, k);
    double weight = 0.0, sum = 0.0, magnitude = 0.0, carried = 0.0;
    for (int f = 0; f < 6; ++f) {
        weight += w[f];
        if (nb[f] < 0) continue;
        sum += w[f] * p[size_t(nb[f])];
        magnitude += w[f] * std::abs(p[size_t(nb[f])]);
        carried += w[f] * neighbourBound[size_t(nb[f])];
    }
    if (!(weight > 0.0)) {
        value = 0.0;
        bound = 0.0;
        return;
    }
    const double target = (sum - q.b[c]) / weight;
    value = previous + relaxation * (target - previous);
    // About a dozen roundings, each within kFloatEps of the magnitudes it combines: the sums
    // (magnitude + |b|) / weight relative to the weight's own, the quotient, the difference and
    // the update; plus the neighbours' errors, carried with weight relaxation * w_f / W.
    const double operands = std::abs(previous) + std::abs(value) + relaxation * (std::abs(target) + (magnitude + std::abs(q.b[c])) / weight);
    bound = 16.0 * kFloatEps * operands + relaxation * carried / weight;
}

int sorColour(const PoissonProblem3D& q, int i, int j, int k) {
    int colour = (i + j + k) % 2;
    const int index[3] = {i, j, k}, size[3] = {q.nx, q.ny, q.nz};
    for (int axis = 0; axis < 3; ++axis)
        if (q.sides[2 * axis] == PoissonSide::Periodic && size[axis] % 2 == 1 && index[axis] == size[axis] - 1)
            colour += 2 << axis;
    return colour;
}
} // namespace

bool PoissonProblem3D::singular() const {
    return std::none_of(sides.begin(), sides.end(), [](PoissonSide s) { return s == PoissonSide::Outflow; });
}

std::array<double, 6> PoissonProblem3D::weights(int i, int j, int k) const {
    auto xFace = [&](int fi) { return wx[size_t(fi) + size_t(nx + 1) * (size_t(j) + size_t(ny) * k)]; };
    auto yFace = [&](int fj) { return wy[size_t(i) + size_t(nx) * (size_t(fj) + size_t(ny + 1) * k)]; };
    auto zFace = [&](int fk) { return wz[size_t(i) + size_t(nx) * (size_t(j) + size_t(ny) * fk)]; };
    return {xFace(i), xFace(i + 1), yFace(j), yFace(j + 1), zFace(k), zFace(k + 1)};
}

std::array<long, 6> PoissonProblem3D::neighbours(int i, int j, int k) const {
    const int size[3] = {nx, ny, nz};
    std::array<long, 6> out{};
    for (int f = 0; f < 6; ++f) {
        int index[3] = {i, j, k};
        const int axis = f / 2;
        index[axis] += f % 2 == 0 ? -1 : 1;
        if (index[axis] < 0 || index[axis] >= size[axis]) {
            if (sides[2 * axis] != PoissonSide::Periodic) {
                out[f] = -1;
                continue;
            }
            index[axis] = wrap(index[axis], size[axis]);
        }
        out[f] = long(cell(index[0], index[1], index[2]));
    }
    return out;
}

bool PoissonProblem3D::open(int i, int j, int k) const {
    double sum = 0.0;
    for (double w : weights(i, j, k)) sum += w;
    return sum > 0.0;
}

double PoissonProblem3D::apply(const std::vector<double>& p, int i, int j, int k) const {
    const double centre = p[cell(i, j, k)];
    const std::array<double, 6> w = weights(i, j, k);
    const std::array<long, 6> nb = neighbours(i, j, k);
    double sum = 0.0;
    for (int f = 0; f < 6; ++f) sum += w[f] * ((nb[f] < 0 ? 0.0 : p[size_t(nb[f])]) - centre);
    return sum;
}

std::vector<double> residual(const PoissonProblem3D& q, const std::vector<double>& p) {
    std::vector<double> r(p.size(), 0.0);
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (q.open(i, j, k)) r[c] = q.apply(p, i, j, k) - q.b[c];
    });
    return r;
}

std::vector<double> withoutMean(const PoissonProblem3D& q, std::vector<double> values) {
    double sum = 0.0, count = 0.0;
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (!q.open(i, j, k)) return;
        sum += values[c];
        count += 1.0;
    });
    forEachCell(q, [&](int i, int j, int k, size_t c) { values[c] = q.open(i, j, k) ? values[c] - sum / count : 0.0; });
    return values;
}

PoissonSolution3D solvePoisson3D(const PoissonProblem3D& q) {
    requireConnected(q);
    const bool singular = q.singular();
    PoissonSolution3D s;
    // A p = -b with A = -L (symmetric positive (semi-)definite on the open cells).
    std::vector<double> rhs(q.b.size());
    for (size_t c = 0; c < rhs.size(); ++c) rhs[c] = -q.b[c];
    s.p = conjugateGradient(q, rhs, -1);
    if (singular) s.p = withoutMean(q, s.p);
    s.residual = maxAbs(residual(q, s.p));

    // The bound on |A^-1| (infinity norm). A is an M-matrix (positive diagonal, non-positive
    // off-diagonal, weakly diagonally dominant, and irreducibly so where every cell connects to an
    // outflow face), so A^-1 >= 0 entrywise and |A^-1| = max_c (A^-1 1)_c: one solve. Where
    // singular, hold one open cell g at 0 instead (grounding): the rest is again a non-singular
    // M-matrix A_g. An error e with A e = r then has e - e_g = A_g^-1 r (the rows of A but g's,
    // since constants are in A's null space), so |e - e_g| <= |A_g^-1 1| |r|, and e without its
    // mean, (e - e_g) - mean(e - e_g), at most twice that.
    long grounded = -1;
    std::vector<double> ones(q.cells(), 0.0);
    forEachCell(q, [&](int i, int j, int k, size_t c) {
        if (!q.open(i, j, k)) return;
        if (singular && grounded < 0) grounded = long(c);
        else ones[c] = 1.0;
    });
    const std::vector<double> y = conjugateGradient(q, ones, grounded);
    s.inverseBound = (singular ? 2.0 : 1.0) * maxAbs(y) * (1.0 + 1e-6);
    return s;
}

Bounded3D jacobiSweep(const PoissonProblem3D& q, const std::vector<double>& p, double relaxation) {
    return jacobiSweeps(q, p, relaxation, 1);
}

Bounded3D jacobiSweeps(const PoissonProblem3D& q, const std::vector<double>& p, double relaxation, int sweeps) {
    Bounded3D now{p, std::vector<double>(p.size(), 0.0)};  // the start is the GPU's own: exact
    for (int s = 0; s < sweeps; ++s) {
        Bounded3D next{std::vector<double>(p.size(), 0.0), std::vector<double>(p.size(), 0.0)};
        forEachCell(q, [&](int i, int j, int k, size_t c) {
            relaxCell(q, i, j, k, now.value, now.bound, relaxation, next.value[c], next.bound[c]);
            // The cell's own previous error, carried with weight |1 - relaxation| (0 where the
            // cell has no equation: its value and bound are 0 from the first sweep on).
            next.bound[c] += std::abs(1.0 - relaxation) * now.bound[c];
        });
        now = std::move(next);
    }
    return now;
}

Bounded3D sorIteration(const PoissonProblem3D& q, const std::vector<double>& p, double omega) {
    Bounded3D out{p, std::vector<double>(p.size(), 0.0)};
    for (int colour = 0; colour < 16; ++colour)
        forEachCell(q, [&](int i, int j, int k, size_t c) {
            if (sorColour(q, i, j, k) == colour) relaxCell(q, i, j, k, out.value, out.bound, omega, out.value[c], out.bound[c]);
        });
    return out;
}

} // namespace billow::ref
