#include "reference/pressure/multigrid_reference_3d.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace billow::ref {

namespace {
constexpr double kFloatEps = 1.0 / (1 << 23);

int wrap(int i, int n) { return ((i % n) + n) % n; }

// Face weights of `q` normal to `axis`, by face index (i, j, k) (up to n along that axis).
double& faceWeight(PoissonProblem3D& q, int axis, int i, int j, int k) {
    if (axis == 0) return q.wx[size_t(i) + size_t(q.nx + 1) * (size_t(j) + size_t(q.ny) * k)];
    if (axis == 1) return q.wy[size_t(i) + size_t(q.nx) * (size_t(j) + size_t(q.ny + 1) * k)];
    return q.wz[size_t(i) + size_t(q.nx) * (size_t(j) + size_t(q.ny) * k)];
}
double faceWeight(const PoissonProblem3D& q, int axis, int i, int j, int k) {
    return faceWeight(const_cast<PoissonProblem3D&>(q), axis, i, j, k);
}
} // namespace

// Along one axis of `fine` cells of size 1: the centre of coarse cell C, the midpoint of the fine
// cells it covers (2C and 2C + 1, or 2C alone past an odd edge).
double coarseCentre(int coarseCell, int fineCells) {
    const int first = 2 * coarseCell, last = std::min(2 * coarseCell + 1, fineCells - 1);
    return 0.5 * (first + last) + 0.5;
}

PoissonProblem3D coarsenWeights3D(const PoissonProblem3D& fine) {
    PoissonProblem3D c;
    c.nx = (fine.nx + 1) / 2;
    c.ny = (fine.ny + 1) / 2;
    c.nz = (fine.nz + 1) / 2;
    c.sides = fine.sides;
    c.wx.assign(size_t(c.nx + 1) * c.ny * c.nz, 0.0);
    c.wy.assign(size_t(c.nx) * (c.ny + 1) * c.nz, 0.0);
    c.wz.assign(size_t(c.nx) * c.ny * (c.nz + 1), 0.0);
    c.b.assign(c.cells(), 0.0);
    const int fineSize[3] = {fine.nx, fine.ny, fine.nz}, coarseSize[3] = {c.nx, c.ny, c.nz};
    for (int axis = 0; axis < 3; ++axis) {
        const int nf = fineSize[axis], nc = coarseSize[axis];
        int m[3] = {c.nx, c.ny, c.nz};
        m[axis] += 1;
        for (int k = 0; k < m[2]; ++k)
            for (int j = 0; j < m[1]; ++j)
                for (int i = 0; i < m[0]; ++i) {
                    const int face[3] = {i, j, k};
                    const int F = face[axis];
                    // The fine faces the coarse face covers: at fine index 2 F along the axis (the
                    // fine side itself for the last face of an odd edge), 2 F and 2 F + 1 across it.
                    double sum = 0.0;
                    for (int b = 0; b < 2; ++b)
                        for (int a = 0; a < 2; ++a) {
                            int f[3] = {2 * i, 2 * j, 2 * k};
                            f[axis] = std::min(2 * F, nf);
                            f[(axis + 1) % 3] += a;
                            f[(axis + 2) % 3] += b;
                            if (f[(axis + 1) % 3] < fineSize[(axis + 1) % 3] && f[(axis + 2) % 3] < fineSize[(axis + 2) % 3])
                                sum += faceWeight(fine, axis, f[0], f[1], f[2]);
                        }
                    const double mean = sum / 4.0;
                    // The open fraction times the coarse cell size (2 fine cells) over the distance
                    // between the unknowns the face joins, in fine cells.
                    double w = mean;
                    const bool boundary = F == 0 || F == nc;
                    if (!boundary) {
                        w = mean * 2.0 / (coarseCentre(F, nf) - coarseCentre(F - 1, nf));
                    } else if (c.sides[size_t(2 * axis)] == PoissonSide::Periodic) {
                        w = mean * 2.0 / (coarseCentre(0, nf) + (nf - coarseCentre(nc - 1, nf)));
                    } else if (c.sides[size_t(F == 0 ? 2 * axis : 2 * axis + 1)] == PoissonSide::Outflow) {
                        // The fine weight `mean` puts p = 0 at 1 / mean beyond the centre of the
                        // fine cell next to the side; the coarse unknown lies `offset` farther in.
                        const double sideCentre = F == 0 ? 0.5 : nf - 0.5;
                        const double offset = std::abs(coarseCentre(F == 0 ? 0 : nc - 1, nf) - sideCentre);
                        w = 2.0 / (1.0 / mean + offset);  // = 2 mean / (1 + mean offset), 0 where closed
                        if (mean == 0.0) w = 0.0;
                    }
                    faceWeight(c, axis, i, j, k) = w;
                }
    }
    return c;
}

Bounded3D restrictResidual3D(const PoissonProblem3D& fine, const std::vector<double>& p, const std::vector<double>& source,
                             double rhsScale, const PoissonProblem3D& coarse) {
    Bounded3D out{std::vector<double>(coarse.cells(), 0.0), std::vector<double>(coarse.cells(), 0.0)};
    for (int k = 0; k < fine.nz; ++k)
        for (int j = 0; j < fine.ny; ++j)
            for (int i = 0; i < fine.nx; ++i) {
                if (!fine.open(i, j, k)) continue;
                const size_t f = fine.cell(i, j, k), c = coarse.cell(i / 2, j / 2, k / 2);
                const double b = rhsScale * source[f];
                out.value[c] += 0.5 * (b - fine.apply(p, i, j, k));
                // The residual's terms: b and w (p_nb - p) per face, each rounded with its operands,
                // then the sum of up to eight residuals.
                double magnitude = std::abs(b);
                const std::array<double, 6> w = fine.weights(i, j, k);
                const std::array<long, 6> nb = fine.neighbours(i, j, k);
                for (int face = 0; face < 6; ++face)
                    magnitude += w[face] * ((nb[face] < 0 ? 0.0 : std::abs(p[size_t(nb[face])])) + std::abs(p[f]));
                out.bound[c] += 0.5 * 16.0 * kFloatEps * magnitude;
            }
    return out;
}

Bounded3D prolong3D(const PoissonProblem3D& fine, const std::vector<double>& fineP, const PoissonProblem3D& coarse,
                    const std::vector<double>& coarseP) {
    Bounded3D out{fineP, std::vector<double>(fineP.size(), 0.0)};
    const int coarseSize[3] = {coarse.nx, coarse.ny, coarse.nz};
    for (int k = 0; k < fine.nz; ++k)
        for (int j = 0; j < fine.ny; ++j)
            for (int i = 0; i < fine.nx; ++i) {
                if (!fine.open(i, j, k)) continue;
                const int index[3] = {i, j, k};
                const int parent[3] = {i / 2, j / 2, k / 2};
                const double parentValue = coarseP[coarse.cell(parent[0], parent[1], parent[2])];
                // The correction at a coarse cell next to the parent, by the rules above.
                auto coarseAt = [&](int cell[3]) {
                    for (int axis = 0; axis < 3; ++axis) {
                        if (cell[axis] >= 0 && cell[axis] < coarseSize[axis]) continue;
                        if (coarse.sides[size_t(2 * axis)] == PoissonSide::Periodic) {
                            cell[axis] = wrap(cell[axis], coarseSize[axis]);
                            continue;
                        }
                        int face[3] = {parent[0], parent[1], parent[2]};
                        face[axis] = cell[axis] < 0 ? 0 : coarseSize[axis];
                        return (1.0 - faceWeight(coarse, axis, face[0], face[1], face[2])) * parentValue;
                    }
                    if (!coarse.open(cell[0], cell[1], cell[2])) return parentValue;
                    return coarseP[coarse.cell(cell[0], cell[1], cell[2])];
                };
                double value = 0.0, magnitude = 0.0;
                for (int c = 0; c < 2; ++c)
                    for (int b = 0; b < 2; ++b)
                        for (int a = 0; a < 2; ++a) {
                            const int step[3] = {a, b, c};
                            int cell[3];
                            double weight = 1.0;
                            for (int axis = 0; axis < 3; ++axis) {
                                const int toward = index[axis] % 2 == 1 ? 1 : -1;
                                cell[axis] = parent[axis] + step[axis] * toward;
                                weight *= step[axis] == 0 ? 0.75 : 0.25;
                            }
                            const double v = coarseAt(cell);
                            value += weight * v;
                            magnitude += weight * std::abs(v) + std::abs(parentValue);  // ghost: (1 - W) P
                        }
                const size_t f = fine.cell(i, j, k);
                out.value[f] = fineP[f] + value;
                out.bound[f] = 16.0 * kFloatEps * (magnitude + std::abs(fineP[f]) + std::abs(out.value[f]));
            }
    return out;
}

} // namespace billow::ref
