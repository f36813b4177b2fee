#include "pressure/poisson_systems_3d.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace billow::test {

using detail::PoissonBoundary;
using ref::PoissonSide;

namespace {
// Face weights per axis from `weight(axis, i, j, k)` (the face at the low side of cell (i, j, k)
// along axis; indices up to n along that axis), then the sides: closed sides' faces 0, the two
// ends of a periodic axis one face.
template <class Weight>
void fillWeights(System3D& s, const Sides& sides, Weight weight) {
    const int n[3] = {s.nx, s.ny, s.nz};
    std::vector<float>* faces[3] = {&s.wx, &s.wy, &s.wz};
    for (int axis = 0; axis < 3; ++axis) {
        int m[3] = {n[0], n[1], n[2]};
        m[axis] += 1;
        std::vector<float>& w = *faces[axis];
        w.assign(size_t(m[0]) * m[1] * m[2], 0.0f);
        auto at = [&](int i, int j, int k) -> float& { return w[size_t(i) + size_t(m[0]) * (size_t(j) + size_t(m[1]) * k)]; };
        for (int k = 0; k < m[2]; ++k)
            for (int j = 0; j < m[1]; ++j)
                for (int i = 0; i < m[0]; ++i) at(i, j, k) = weight(axis, i, j, k);
        for (int k = 0; k < m[2]; ++k)
            for (int j = 0; j < m[1]; ++j)
                for (int i = 0; i < m[0]; ++i) {
                    const int index[3] = {i, j, k};
                    if (index[axis] != 0) continue;
                    int high[3] = {i, j, k};
                    high[axis] = n[axis];
                    float& low = at(i, j, k);
                    float& top = at(high[0], high[1], high[2]);
                    if (sides[2 * axis] == PoissonSide::Periodic) top = low;
                    if (sides[2 * axis] == PoissonSide::Closed) low = 0.0f;
                    if (sides[2 * axis + 1] == PoissonSide::Closed) top = 0.0f;
                }
    }
}

// The right-hand side: multiples of 1/1024 in [-1, 1] on open cells, summing exactly to 0 where
// the system is singular (only then has it a solution); then the reference's problem.
void fillRightHandSide(System3D& s, const Sides& sides, std::mt19937& rng) {
    s.problem = problemOf(s.nx, s.ny, s.nz, sides, s.wx, s.wy, s.wz);
    ref::PoissonProblem3D& q = s.problem;
    std::uniform_int_distribution<int> step(-1024, 1024);
    s.rhs.assign(q.cells(), 0.0f);
    long sum = 0;
    size_t last = 0;
    for (int k = 0; k < s.nz; ++k)
        for (int j = 0; j < s.ny; ++j)
            for (int i = 0; i < s.nx; ++i)
                if (q.open(i, j, k)) {
                    last = q.cell(i, j, k);
                    const int v = step(rng);
                    s.rhs[last] = float(v) / 1024.0f;
                    sum += v;
                }
    if (q.singular()) s.rhs[last] -= float(sum) / 1024.0f;
    q.b.resize(s.rhs.size());
    for (size_t c = 0; c < s.rhs.size(); ++c) q.b[c] = double(kRhsScale) * s.rhs[c];
}

} // namespace

void PrintTo(const SideCase& c, std::ostream* os) { *os << c.name; }

const std::vector<SideCase>& sideCases() {
    using S = PoissonSide;
    static const std::vector<SideCase> cases{
        {"Closed", {S::Closed, S::Closed, S::Closed, S::Closed, S::Closed, S::Closed}},  // singular
        {"OutflowRightFront", {S::Closed, S::Outflow, S::Closed, S::Closed, S::Closed, S::Outflow}},
        // 19 and 11 cells: odd periodic axes, 8 SOR colours; singular.
        {"PeriodicXZ", {S::Periodic, S::Periodic, S::Closed, S::Closed, S::Periodic, S::Periodic}},
        // Every axis odd and periodic: 16 colours; outflow nowhere, so singular too.
        {"PeriodicAll", {S::Periodic, S::Periodic, S::Periodic, S::Periodic, S::Periodic, S::Periodic}},
        {"PeriodicYOutflowLeft", {S::Outflow, S::Closed, S::Periodic, S::Periodic, S::Closed, S::Closed}},
    };
    return cases;
}

detail::PoissonSides poissonSides(const Sides& sides) {
    detail::PoissonSides out{};
    for (int k = 0; k < 6; ++k)
        out[k] = sides[k] == PoissonSide::Outflow    ? PoissonBoundary::Outflow
                 : sides[k] == PoissonSide::Periodic ? PoissonBoundary::Periodic
                                                     : PoissonBoundary::Closed;
    return out;
}

// The random 19 x 13 x 11 system (poisson_systems_3d.hpp).
System3D randomSystem(const Sides& sides, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> weight(0.0f, 1.0f);
    std::uniform_int_distribution<int> tenth(0, 9);
    System3D s;
    s.nx = kNx;
    s.ny = kNy;
    s.nz = kNz;
    auto solid = [](int i, int j, int k) { return i >= 4 && i < 7 && j >= 3 && j < 6 && k >= 5 && k < 8; };
    fillWeights(s, sides, [&](int axis, int i, int j, int k) {
        const float w = weight(rng);
        const bool closed = tenth(rng) == 0;
        int other[3] = {i, j, k};
        other[axis] -= 1;  // the cell on the face's low side
        if (solid(i, j, k) || solid(other[0], other[1], other[2]) || closed) return 0.0f;
        return w;
    });
    fillRightHandSide(s, sides, rng);
    return s;
}

System3D obstacleSystem(int n, const Sides& sides, uint32_t seed) { return obstacleSystem({n, n, n}, sides, seed); }

System3D obstacleSystem(std::array<int, 3> n, const Sides& sides, uint32_t seed) {
    System3D s;
    s.nx = n[0];
    s.ny = n[1];
    s.nz = n[2];
    // A sphere at (0.4, 0.5, 0.45) of the box and of radius 0.2 of its shortest edge, in cells; a
    // face's open fraction is the share of its centre's neighbourhood outside it, clamped to [0, 1].
    const double radius = 0.2 * std::min({n[0], n[1], n[2]});
    fillWeights(s, sides, [&](int axis, int i, int j, int k) {
        double centre[3] = {i + 0.5, j + 0.5, k + 0.5};
        centre[axis] -= 0.5;
        const double dx = centre[0] - 0.4 * n[0], dy = centre[1] - 0.5 * n[1], dz = centre[2] - 0.45 * n[2];
        const double outside = std::sqrt(dx * dx + dy * dy + dz * dz) - radius + 0.5;
        return float(std::clamp(outside, 0.0, 1.0));
    });
    std::mt19937 rng(seed);
    fillRightHandSide(s, sides, rng);
    return s;
}

System3D openSystem(std::array<int, 3> n, const Sides& sides, uint32_t seed) {
    System3D s;
    s.nx = n[0];
    s.ny = n[1];
    s.nz = n[2];
    fillWeights(s, sides, [](int, int, int, int) { return 1.0f; });
    std::mt19937 rng(seed);
    fillRightHandSide(s, sides, rng);
    return s;
}

System3D withPoisonedInterior(System3D s, float poison) {
    const int n[3] = {s.nx, s.ny, s.nz};
    std::vector<float>* weights[3] = {&s.wx, &s.wy, &s.wz};
    for (int axis = 0; axis < 3; ++axis) {
        const int m[3] = {n[0] + (axis == 0), n[1] + (axis == 1), n[2] + (axis == 2)};
        for (int k = 0; k < m[2]; ++k)
            for (int j = 0; j < m[1]; ++j)
                for (int i = 0; i < m[0]; ++i) {
                    const int index[3] = {i, j, k};
                    if (index[axis] > 0 && index[axis] < n[axis]) (*weights[axis])[i + m[0] * (j + size_t(m[1]) * k)] = poison;
                }
    }
    return s;
}

double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double x : v) m = std::max(m, std::abs(x));
    return m;
}

ref::PoissonProblem3D problemOf(int nx, int ny, int nz, const Sides& sides, const std::vector<float>& wx,
                                const std::vector<float>& wy, const std::vector<float>& wz) {
    ref::PoissonProblem3D q;
    q.nx = nx;
    q.ny = ny;
    q.nz = nz;
    q.sides = sides;
    q.wx.assign(wx.begin(), wx.end());
    q.wy.assign(wy.begin(), wy.end());
    q.wz.assign(wz.begin(), wz.end());
    return q;
}

} // namespace billow::test
