// The Poisson solver component on a 3D grid (Stencil3D, the 7-point stencil), on its own: systems
// built from buffers this test uploads, solved by each of the four methods and checked against
// the double-precision reference of the same discrete system (tests/reference/pressure/
// poisson_reference_3d.hpp).
//
// The random system: 19 x 13 x 11 cells (no size a multiple of the 8 x 8 x 4 workgroup; odd
// periodic axes need SOR's extra colours), face weights uniform in [0, 1] with one face in ten
// closed and a solid 3 x 3 x 3 block (cells with no open face), right-hand side multiples of 1/1024
// in [-1, 1] (summing exactly to 0 where the system is singular), scaled by a dyadic rhsScale so
// that every product the GPU forms of them is exact.
//
// Tolerances, from the maths (as in test_poisson_solver.cpp): for any p, L (p - p*) = L p - b = r,
// so |p - p*| <= kappa (|r| + |r*|), kappa bounding |L^-1| (computed by the reference, exactly:
// see solvePoisson3D) and r* the reference's own residual; r is evaluated in double from the GPU's
// float p. What makes that a test of the solver is that |r| is small: at the tolerance asked for
// or at float32's floor, 20 eps (max|b| + 12 max|p|) (each of the seven terms of a residual rounds
// to ~eps of its operands).
#include "support/gpu_test.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/stencil_3d.hpp"
#include "reference/pressure/poisson_reference_3d.hpp"

namespace billow::test {
namespace {

using detail::PoissonBoundary;
using detail::PoissonSolveSettings;
using ref::PoissonSide;

constexpr double kEps = 1.0 / (1 << 23);
constexpr int kNx = 19, kNy = 13, kNz = 11;
constexpr float kRhsScale = 0.375f;
constexpr double kJacobiRelaxation = 0.8;  // the damped Jacobi of PressureSolverType::Jacobi

using Sides = std::array<PoissonSide, 6>;  // left, right, bottom, top, back, front

struct SideCase {
    const char* name;
    Sides sides;
};

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

// The system as uploaded: float weights and right-hand side (the GPU's numbers), promoted.
struct System3D {
    int nx = 0, ny = 0, nz = 0;
    std::vector<float> wx, wy, wz, rhs;
    ref::PoissonProblem3D problem;  // b = kRhsScale * rhs
};

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
    ref::PoissonProblem3D& q = s.problem;
    q.nx = s.nx;
    q.ny = s.ny;
    q.nz = s.nz;
    q.sides = sides;
    q.wx.assign(s.wx.begin(), s.wx.end());
    q.wy.assign(s.wy.begin(), s.wy.end());
    q.wz.assign(s.wz.begin(), s.wz.end());
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

// The random 19 x 13 x 11 system described at the top.
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

// The system's buffers on the GPU and a solver with the 3D stencil on them, coarse weights made.
class GpuSystem3D {
public:
    GpuSystem3D(detail::ContextState& cs, const System3D& s, const Sides& sides) : cs_(cs), cells_(s.rhs.size()) {
        const VkBufferUsageFlags usage =
            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        auto field = [&](size_t floats) {
            return detail::GpuBuffer(cs, floats * sizeof(float), usage, detail::GpuBuffer::Kind::DeviceLocal);
        };
        open_[0] = field(s.wx.size());
        open_[1] = field(s.wy.size());
        open_[2] = field(s.wz.size());
        rhs_ = field(cells_);
        for (int c = 0; c < 2; ++c) pressure_.copies[c] = field(cells_);
        detail::uploadBytes(cs, open_[0].handle(), std::as_bytes(std::span(s.wx)));
        detail::uploadBytes(cs, open_[1].handle(), std::as_bytes(std::span(s.wy)));
        detail::uploadBytes(cs, open_[2].handle(), std::as_bytes(std::span(s.wz)));
        detail::uploadBytes(cs, rhs_.handle(), std::as_bytes(std::span(s.rhs)));
        detail::PoissonSystem system;
        system.shape = {uint32_t(s.nx), uint32_t(s.ny), uint32_t(s.nz)};
        system.cellSize = 0.1f;
        system.sides = poissonSides(sides);
        system.weights = {open_[0].handle(), open_[1].handle(), open_[2].handle()};
        system.unknown = &pressure_;
        system.rhs = rhs_.handle();
        solver_ = std::make_unique<detail::PoissonSolver>(cs, system, std::make_unique<detail::Stencil3D>());
        cs.submitAndWait([&](VkCommandBuffer cmd) { solver_->recordCoarsenWeights(cmd); });
    }

    detail::PoissonSolver& solver() { return *solver_; }

    // One solve from `start` (zero if empty).
    std::vector<float> solve(const PoissonSolveSettings& settings, std::vector<float> start = {}) {
        if (start.empty()) start.assign(cells_, 0.0f);
        detail::uploadBytes(cs_, pressure_.now(), std::as_bytes(std::span(start)));
        cs_.submitAndWait([&](VkCommandBuffer cmd) { solver_->recordSolve(cmd, settings, kRhsScale); });
        std::vector<float> p(cells_);
        detail::downloadBytes(cs_, pressure_.now(), std::as_writable_bytes(std::span(p)));
        return p;
    }

private:
    detail::ContextState& cs_;
    size_t cells_;
    std::array<detail::GpuBuffer, 3> open_;
    detail::GpuBuffer rhs_;
    detail::PingPong pressure_;
    std::unique_ptr<detail::PoissonSolver> solver_;
};

double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double x : v) m = std::max(m, std::abs(x));
    return m;
}

PoissonSolveSettings settings(PressureSolverType method, uint32_t iterations, float tolerance = 0.0f) {
    PoissonSolveSettings s;
    s.method = method;
    s.iterations = iterations;
    s.tolerance = tolerance;
    s.sorRelaxation = 1.85f;  // near the optimum 2 / (1 + sin(pi / 19)) for these sizes
    s.trackResidual = true;
    return s;
}

// One system per boundary case and its exact solution (computed once).
struct Case {
    System3D system;
    ref::PoissonSolution3D exact;
};
const Case& caseFor(const SideCase& c) {
    static std::map<std::string, Case> cases;
    auto it = cases.find(c.name);
    if (it == cases.end()) {
        Case made;
        made.system = randomSystem(c.sides, 2024);
        made.exact = ref::solvePoisson3D(made.system.problem);
        it = cases.emplace(c.name, std::move(made)).first;
    }
    return it->second;
}

class PoissonSolver3DMethods : public GpuTest, public ::testing::WithParamInterface<SideCase> {
protected:
    // Solves with `settings` and checks p against the exact solution, the residual against
    // `target` (relative) or float32's floor, and the report against the host's residual (as in
    // test_poisson_solver.cpp: CG stopping at a tolerance tests its updated residual, which drifts
    // from the true one by up to about a floor per iteration).
    void check(const PoissonSolveSettings& s, double target, const char* label) {
        const SideCase& c = GetParam();
        const Case& k = caseFor(c);
        const ref::PoissonProblem3D& q = k.system.problem;
        GpuSystem3D gpu(context()->state(), k.system, c.sides);
        const std::vector<float> solved = gpu.solve(s);
        const PressureResidual report = gpu.solver().residual();
        std::vector<double> p(solved.begin(), solved.end());

        const std::vector<double> r = ref::residual(q, p);
        const double maxR = maxAbs(r), maxB = maxAbs(q.b), maxP = maxAbs(p);
        const double floor = 20.0 * kEps * (maxB + 12.0 * maxP);
        if (q.singular()) p = ref::withoutMean(q, p);
        double error = 0.0;
        for (size_t i = 0; i < p.size(); ++i) error = std::max(error, std::abs(p[i] - k.exact.p[i]));
        const double bound = k.exact.inverseBound * (maxR + k.exact.residual);
        std::printf("%s %s: %u iterations, relative residual %.3g (floor %.3g), |p - p*| %.3g of %.3g (kappa %.3g, max|p*| %.3g)\n",
                    c.name, label, report.iterations, maxR / maxB, floor / maxB, error, bound, k.exact.inverseBound,
                    maxAbs(k.exact.p));

        const bool updatedResidual = s.stopsAtTolerance() && s.method == PressureSolverType::MultigridPCG;
        const double drift = updatedResidual ? double(report.iterations + 1) : 1.0;
        EXPECT_LE(maxR, target * maxB + drift * floor) << label << ": not converged";
        EXPECT_LE(error, bound) << label;
        // The report: the final p's residual measured on the GPU in float, each term a product of
        // a weight <= 1 and a difference of pressures, so within 64 eps of the largest term.
        ASSERT_TRUE(report.available);
        EXPECT_NEAR(report.maxResidual, maxR, 64.0 * kEps * std::max(maxP, maxB)) << label;
        EXPECT_NEAR(report.maxRightHandSide, maxB, kEps * maxB) << label;
        if (s.stopsAtTolerance()) {
            EXPECT_TRUE(report.reachedTolerance) << label;
            EXPECT_LT(report.iterations, s.iterations) << label;
        } else {
            EXPECT_EQ(report.iterations, s.iterations) << label;
            EXPECT_FALSE(report.reachedTolerance) << label;
        }
    }
};

// Iteration counts: enough for a relative residual below 1e-5 (or the floor) from p = 0 on every
// case (SOR needs O(n) iterations, the multigrid methods a handful), except Jacobi, which needs
// O(n^2) sweeps, one dispatch each: measured, 6000 sweeps leave 1e-7 to 4e-4 on these random
// weights, so it is held to 1e-3 (its sweep itself is checked exactly below).
TEST_P(PoissonSolver3DMethods, JacobiMatchesTheExactSolution) {
    check(settings(PressureSolverType::Jacobi, 6000), 1e-3, "jacobi");
}

TEST_P(PoissonSolver3DMethods, RedBlackSorMatchesTheExactSolution) {
    check(settings(PressureSolverType::RedBlackSOR, 400), 1e-5, "sor");
}

TEST_P(PoissonSolver3DMethods, MultigridMatchesTheExactSolution) {
    check(settings(PressureSolverType::Multigrid, 30), 1e-5, "multigrid");
}

TEST_P(PoissonSolver3DMethods, MultigridPCGMatchesTheExactSolution) {
    check(settings(PressureSolverType::MultigridPCG, 15), 1e-5, "mgpcg");
}

// Stopping at a tolerance on the GPU: the gate stops before the maximum, at the tolerance.
TEST_P(PoissonSolver3DMethods, MultigridStopsAtTheTolerance) {
    check(settings(PressureSolverType::Multigrid, 30, 1e-4f), 1e-4, "multigrid to 1e-4");
}

TEST_P(PoissonSolver3DMethods, MultigridPCGStopsAtTheTolerance) {
    check(settings(PressureSolverType::MultigridPCG, 30, 1e-4f), 1e-4, "mgpcg to 1e-4");
}

// One Jacobi sweep and one red-black SOR iteration from a random p, against the reference's, cell
// by cell, within the reference's bound on float32 rounding.
TEST_P(PoissonSolver3DMethods, OneSweepMatchesTheReference) {
    const SideCase& c = GetParam();
    const Case& k = caseFor(c);
    const ref::PoissonProblem3D& q = k.system.problem;
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> step(-4096, 4096);
    std::vector<float> start(q.cells());
    for (float& v : start) v = float(step(rng)) / 1024.0f;
    const std::vector<double> p0(start.begin(), start.end());
    GpuSystem3D gpu(context()->state(), k.system, c.sides);
    for (PressureSolverType method : {PressureSolverType::Jacobi, PressureSolverType::RedBlackSOR}) {
        const PoissonSolveSettings s = settings(method, 1);
        const bool jacobi = method == PressureSolverType::Jacobi;
        const ref::Relaxed3D expected = jacobi ? ref::jacobiSweep(q, p0, kJacobiRelaxation)
                                               : ref::sorIteration(q, p0, s.sorRelaxation);
        const std::vector<float> got = gpu.solve(s, start);
        size_t bad = 0, worst = 0;
        double worstExcess = -1.0;
        for (size_t i = 0; i < got.size(); ++i) {
            const double excess = std::abs(got[i] - expected.p[i]) - expected.bound[i];
            if (excess > 0.0) ++bad;
            if (excess > worstExcess) {
                worstExcess = excess;
                worst = i;
            }
        }
        EXPECT_EQ(bad, 0u) << (jacobi ? "jacobi" : "sor") << ": worst cell " << worst << " got " << got[worst]
                           << ", expected " << expected.p[worst] << " +- " << expected.bound[worst];
    }
}

INSTANTIATE_TEST_SUITE_P(Sides, PoissonSolver3DMethods, ::testing::ValuesIn(sideCases()),
                         [](const ::testing::TestParamInfo<SideCase>& info) { return std::string(info.param.name); });

// A solve stopped at a tolerance, started again from its result, is already there: the gate's
// first check stops it, no iteration runs and p is left as it was.
class PoissonSolver3DGate : public GpuTest {};

TEST_F(PoissonSolver3DGate, ASolvedSystemRunsNoIteration) {
    const SideCase& c = sideCases()[1];
    const Case& k = caseFor(c);
    GpuSystem3D gpu(context()->state(), k.system, c.sides);
    for (PressureSolverType method : {PressureSolverType::Multigrid, PressureSolverType::MultigridPCG}) {
        PoissonSolveSettings s = settings(method, 30, 1e-4f);
        s.trackResidual = false;
        const std::vector<float> solved = gpu.solve(s);
        ASSERT_TRUE(gpu.solver().residual().reachedTolerance);
        EXPECT_GT(gpu.solver().residual().iterations, 0u);
        EXPECT_TRUE(gpu.solve(s, solved) == solved);
        EXPECT_EQ(gpu.solver().residual().iterations, 0u);
        EXPECT_TRUE(gpu.solver().residual().reachedTolerance);
    }
}

// V-cycles (and MG-preconditioned CG iterations) to a relative residual of 1e-4 on n^3 grids with a
// spherical obstacle (fractional face weights around it), from p = 0 with a random right-hand
// side: they must not grow from 16^3 to 64^3 (at most one more than on 16^3).
class PoissonSolver3DScaling : public GpuTest {};

System3D obstacleSystem(int n, const Sides& sides, uint32_t seed) {
    System3D s;
    s.nx = s.ny = s.nz = n;
    // A sphere of radius 0.2 at (0.4, 0.5, 0.45) of the unit cube; a face's open fraction is the
    // share of its centre's neighbourhood outside it, clamped to [0, 1].
    fillWeights(s, sides, [&](int axis, int i, int j, int k) {
        double centre[3] = {(i + 0.5) / n, (j + 0.5) / n, (k + 0.5) / n};
        centre[axis] -= 0.5 / n;
        const double dx = centre[0] - 0.4, dy = centre[1] - 0.5, dz = centre[2] - 0.45;
        const double outside = (std::sqrt(dx * dx + dy * dy + dz * dz) - 0.2) * n + 0.5;
        return float(std::clamp(outside, 0.0, 1.0));
    });
    std::mt19937 rng(seed);
    fillRightHandSide(s, sides, rng);
    return s;
}

TEST_F(PoissonSolver3DScaling, IterationsToToleranceDoNotGrowWithTheGrid) {
    using S = PoissonSide;
    const std::vector<SideCase> cases{
        {"closed", {S::Closed, S::Closed, S::Closed, S::Closed, S::Closed, S::Closed}},
        {"outflow top", {S::Closed, S::Closed, S::Closed, S::Outflow, S::Closed, S::Closed}},
        {"periodic x z, outflow top", {S::Periodic, S::Periodic, S::Closed, S::Outflow, S::Periodic, S::Periodic}},
    };
    for (PressureSolverType method : {PressureSolverType::Multigrid, PressureSolverType::MultigridPCG})
        for (const SideCase& c : cases) {
            uint32_t smallest = 0;
            for (int n : {16, 32, 64}) {
                const System3D system = obstacleSystem(n, c.sides, 5);
                GpuSystem3D gpu(context()->state(), system, c.sides);
                PoissonSolveSettings s = settings(method, 30, 1e-4f);
                s.trackResidual = false;
                const auto begin = std::chrono::steady_clock::now();
                const std::vector<float> solved = gpu.solve(s);
                const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
                const PressureResidual r = gpu.solver().residual();
                const std::vector<double> p(solved.begin(), solved.end());
                const double hostRelative = maxAbs(ref::residual(system.problem, p)) / maxAbs(system.problem.b);
                std::printf("%s %s %d^3: 1e-4 after %u iterations (reported %.3g, host %.3g; %.2f s)\n",
                            method == PressureSolverType::Multigrid ? "multigrid" : "mgpcg", c.name, n, r.iterations,
                            r.relative, hostRelative, seconds);
                EXPECT_TRUE(r.reachedTolerance) << c.name << " " << n;
                // Multigrid reports the true residual; CG its updated one, which drifts a little.
                EXPECT_LE(hostRelative, method == PressureSolverType::Multigrid ? 1e-4 : 2e-4) << c.name << " " << n;
                if (n == 16) smallest = r.iterations;
                else EXPECT_LE(r.iterations, smallest + 1) << c.name << " " << n;
            }
        }
}

} // namespace
} // namespace billow::test
