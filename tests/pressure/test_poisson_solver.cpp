// The Poisson solver component on its own: no smoke solver, a system built from buffers this test
// uploads (random face weights in [0, 1] and a random right-hand side on a 37 x 23 grid), solved by
// each of the four methods and checked against the exact double-precision solution of the same
// discrete system (tests/reference/pressure).
//
// Tolerances, from the maths: for any p, L (p - p*) = L p - b = r, so |p - p*| <= kappa |r| with
// kappa = |L^-1| in the infinity norm (the pseudo-inverse, with means removed, where the system
// is singular), computed by the reference, and r evaluated here in double from the GPU's float p.
// That bound holds for any p: what makes it a test of the solver is that |r| is small, at the
// tolerance asked for or at float32's floor. A float p rounds each residual term w (p_nb - p) to
// ~eps (|p_nb| + |p|): over five terms and the right-hand side, no float p can be asked for a
// residual below ~16 eps (max|b| + 8 max|p|) (the floor below). The reference itself is a dense Cholesky solve, backward
// stable: its error is at most ~n eps_double |A| kappa |p*| with |A| <= 4 (n unknowns).
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "pressure/mac_stencil.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/residual_report_ring.hpp"
#include "reference/pressure/poisson_reference.hpp"

namespace billow::test {
namespace {

using detail::PoissonBoundary;
using detail::PoissonSolveSettings;
using ref::PoissonSide;

constexpr double kEps = 1.0 / (1 << 23);
constexpr int kNx = 37, kNy = 23;
// The right-hand side's scale (h^2 / dt for a pressure): dyadic, like the right-hand side itself,
// so every product the GPU forms is exact and the float system is the reference's exactly.
constexpr float kRhsScale = 0.375f;

struct SideCase {
    const char* name;
    std::array<PoissonSide, 4> sides;  // left, right, bottom, top
};

void PrintTo(const SideCase& c, std::ostream* os) { *os << c.name; }

const std::vector<SideCase>& sideCases() {
    using S = PoissonSide;
    static const std::vector<SideCase> cases{
        {"Closed", {S::Closed, S::Closed, S::Closed, S::Closed}},                // singular
        {"OutflowRight", {S::Closed, S::Outflow, S::Closed, S::Closed}},
        {"PeriodicBoth", {S::Periodic, S::Periodic, S::Periodic, S::Periodic}},  // singular; odd sizes: 8 SOR colours
        {"PeriodicXOutflowTop", {S::Periodic, S::Periodic, S::Closed, S::Outflow}},
    };
    return cases;
}

// The system as uploaded: float weights and right-hand side (the GPU's numbers), promoted.
struct RandomSystem {
    std::vector<float> wx, wy, rhs;
    ref::PoissonProblem problem;  // b = kRhsScale * rhs
};

// Closes the sides' faces, joins periodic ends and adds the right-hand side and the reference's
// problem to a system whose weights are set.
void finishSystem(RandomSystem& s, const std::array<PoissonSide, 4>& sides, std::mt19937& rng) {
    // Boundary faces: closed sides carry no flux; the two ends of a periodic axis are one face.
    for (int j = 0; j < kNy; ++j) {
        float& left = s.wx[size_t(j) * (kNx + 1)];
        float& right = s.wx[kNx + size_t(j) * (kNx + 1)];
        if (sides[0] == PoissonSide::Periodic) right = left;
        if (sides[0] == PoissonSide::Closed) left = 0.0f;
        if (sides[1] == PoissonSide::Closed) right = 0.0f;
    }
    for (int i = 0; i < kNx; ++i) {
        float& bottom = s.wy[i];
        float& top = s.wy[i + size_t(kNy) * kNx];
        if (sides[2] == PoissonSide::Periodic) top = bottom;
        if (sides[2] == PoissonSide::Closed) bottom = 0.0f;
        if (sides[3] == PoissonSide::Closed) top = 0.0f;
    }
    ref::PoissonProblem& q = s.problem;
    q.nx = kNx;
    q.ny = kNy;
    q.sides = sides;
    q.wx.assign(s.wx.begin(), s.wx.end());
    q.wy.assign(s.wy.begin(), s.wy.end());
    // Right-hand side: multiples of 1/1024 in [-1, 1], summing exactly to 0 over the open cells
    // where the system is singular (so it is consistent: only then has it a solution).
    std::uniform_int_distribution<int> step(-1024, 1024);
    s.rhs.assign(size_t(kNx) * kNy, 0.0f);
    int sum = 0;
    size_t last = 0;
    for (int j = 0; j < kNy; ++j)
        for (int i = 0; i < kNx; ++i)
            if (q.open(i, j)) {
                last = size_t(i) + size_t(j) * kNx;
                const int k = step(rng);
                s.rhs[last] = float(k) / 1024.0f;
                sum += k;
            }
    if (q.singular()) s.rhs[last] -= float(sum) / 1024.0f;
    q.b.resize(s.rhs.size());
    for (size_t c = 0; c < s.rhs.size(); ++c) q.b[c] = double(kRhsScale) * s.rhs[c];
}

RandomSystem randomSystem(const std::array<PoissonSide, 4>& sides, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> weight(0.0f, 1.0f);
    RandomSystem s;
    s.wx.resize(size_t(kNx + 1) * kNy);
    s.wy.resize(size_t(kNx) * (kNy + 1));
    for (float& w : s.wx) w = weight(rng);
    for (float& w : s.wy) w = weight(rng);
    finishSystem(s, sides, rng);
    return s;
}

// Open fluid with a disc of radius 5 cells at (15, 11) (cells): a face's weight is the share of its
// centre's neighbourhood outside the disc, clamped to [0, 1]; 1 away from it.
RandomSystem obstacleSystem(const std::array<PoissonSide, 4>& sides, uint32_t seed) {
    std::mt19937 rng(seed);
    RandomSystem s;
    auto outside = [](double x, double y) {
        return float(std::clamp(std::hypot(x - 15.0, y - 11.0) - 5.0 + 0.5, 0.0, 1.0));
    };
    s.wx.resize(size_t(kNx + 1) * kNy);
    s.wy.resize(size_t(kNx) * (kNy + 1));
    for (int j = 0; j < kNy; ++j)
        for (int i = 0; i <= kNx; ++i) s.wx[size_t(i) + size_t(j) * (kNx + 1)] = outside(i, j + 0.5);
    for (int j = 0; j <= kNy; ++j)
        for (int i = 0; i < kNx; ++i) s.wy[size_t(i) + size_t(j) * kNx] = outside(i + 0.5, j);
    finishSystem(s, sides, rng);
    return s;
}

detail::PoissonSides poissonSides(const std::array<PoissonSide, 4>& sides) {
    detail::PoissonSides out{};
    for (int k = 0; k < 4; ++k)
        out[k] = sides[k] == PoissonSide::Outflow    ? PoissonBoundary::Outflow
                 : sides[k] == PoissonSide::Periodic ? PoissonBoundary::Periodic
                                                     : PoissonBoundary::Closed;
    return out;
}

// The system's buffers on the GPU and a solver on them, with its coarse weights computed.
class GpuSystem {
public:
    GpuSystem(detail::ContextState& cs, const RandomSystem& s, const std::array<PoissonSide, 4>& sides) : cs_(cs) {
        const VkBufferUsageFlags usage =
            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        auto field = [&](size_t floats) {
            return detail::GpuBuffer(cs, floats * sizeof(float), usage, detail::GpuBuffer::Kind::DeviceLocal);
        };
        openX_ = field(s.wx.size());
        openY_ = field(s.wy.size());
        rhs_ = field(s.rhs.size());
        for (int c = 0; c < 2; ++c) pressure_.copies[c] = field(s.rhs.size());
        detail::uploadBytes(cs, openX_.handle(), std::as_bytes(std::span(s.wx)));
        detail::uploadBytes(cs, openY_.handle(), std::as_bytes(std::span(s.wy)));
        detail::uploadBytes(cs, rhs_.handle(), std::as_bytes(std::span(s.rhs)));
        detail::PoissonSystem system;
        system.shape = {uint32_t(kNx), uint32_t(kNy), 1};
        system.cellSize = 0.1f;
        system.sides = poissonSides(sides);
        system.weights = {openX_.handle(), openY_.handle(), VK_NULL_HANDLE};
        system.unknown = &pressure_;
        system.rhs = rhs_.handle();
        solver_ = std::make_unique<detail::PoissonSolver>(cs, system, detail::makeMacStencil(2, cs.workgroups));
        cs.submitAndWait([&](VkCommandBuffer cmd) { solver_->recordCoarsenWeights(cmd); });
    }

    detail::PoissonSolver& solver() { return *solver_; }
    void uploadWeights(const RandomSystem& s) {
        detail::uploadBytes(cs_, openX_.handle(), std::as_bytes(std::span(s.wx)));
        detail::uploadBytes(cs_, openY_.handle(), std::as_bytes(std::span(s.wy)));
        detail::uploadBytes(cs_, rhs_.handle(), std::as_bytes(std::span(s.rhs)));
    }

    // One solve from p = 0.
    std::vector<float> solve(const PoissonSolveSettings& settings) {
        std::vector<float> p(size_t(kNx) * kNy, 0.0f);
        detail::uploadBytes(cs_, pressure_.now(), std::as_bytes(std::span(p)));
        cs_.submitAndWait([&](VkCommandBuffer cmd) { solver_->recordSolve(cmd, settings, kRhsScale); });
        detail::downloadBytes(cs_, pressure_.now(), std::as_writable_bytes(std::span(p)));
        return p;
    }

private:
    detail::ContextState& cs_;
    detail::GpuBuffer openX_, openY_, rhs_;
    detail::PingPong pressure_;
    std::unique_ptr<detail::PoissonSolver> solver_;
};

double maxAbs(const std::vector<double>& v) {
    double m = 0.0;
    for (double x : v) m = std::max(m, std::abs(x));
    return m;
}

// One system per boundary case, and its exact solution (computed once: the dense inverse is the
// slow part).
struct Case {
    RandomSystem system;
    ref::PoissonSolution exact;
};
const Case& caseFor(const SideCase& c) {
    static std::map<std::string, Case> cases;
    auto it = cases.find(c.name);
    if (it == cases.end()) {
        Case made;
        made.system = randomSystem(c.sides, 2024);
        made.exact = ref::solvePoisson(made.system.problem);
        it = cases.emplace(c.name, std::move(made)).first;
    }
    return it->second;
}

class PoissonSolverMethods : public GpuTest, public ::testing::WithParamInterface<SideCase> {
protected:
    // Solves with `settings` (the residual tracked) and checks p against the exact solution, the
    // residual against `target` (a relative residual) or float32's floor, and the report against
    // the host's residual. Stopping at a tolerance, CG tests its updated residual, which drifts
    // from the true one by up to about a floor per iteration: its true residual may exceed the
    // target by that much.
    void check(PoissonSolveSettings settings, double target, const char* label) {
        const SideCase& c = GetParam();
        const Case& k = caseFor(c);
        const ref::PoissonProblem& q = k.system.problem;
        settings.trackResidual = true;
        GpuSystem gpu(context()->state(), k.system, c.sides);
        const std::vector<float> solved = gpu.solve(settings);
        const PressureResidual report = gpu.solver().residual();
        std::vector<double> p(solved.begin(), solved.end());

        const std::vector<double> r = ref::residual(q, p);
        const double maxR = maxAbs(r), maxB = maxAbs(q.b), maxP = maxAbs(p), maxExact = maxAbs(k.exact.p);
        const double floor = 16.0 * kEps * (maxB + 8.0 * maxP);
        // The part of the residual the error answers to (without its mean where singular), and
        // the error (p compared without its mean where singular: any constant solves it as well).
        const double reachable = q.singular() ? maxAbs(ref::withoutMean(q, r)) : maxR;
        if (q.singular()) p = ref::withoutMean(q, p);
        double error = 0.0;
        for (size_t i = 0; i < p.size(); ++i) error = std::max(error, std::abs(p[i] - k.exact.p[i]));
        const double unknowns = double(q.nx) * q.ny;
        const double referenceError = unknowns * DBL_EPSILON * 4.0 * k.exact.inverseNorm * maxExact;
        const double bound = k.exact.inverseNorm * reachable + referenceError;
        std::printf("%s %s: %u iterations, relative residual %.3g (floor %.3g), |p - p*| %.3g of %.3g (kappa %.3g, max|p*| %.3g)\n",
                    c.name, label, report.iterations, maxR / maxB, floor / maxB, error, bound, k.exact.inverseNorm, maxExact);

        const bool updatedResidual = settings.stopsAtTolerance() && settings.method == PressureSolverType::MultigridPCG;
        const double drift = updatedResidual ? double(report.iterations + 1) : 1.0;
        EXPECT_LE(maxR, target * maxB + drift * floor) << label << ": not converged";
        EXPECT_LE(error, bound) << label;
        // The report: the final p's residual measured on the GPU in float, each term a product of
        // a weight <= 1 and a difference of pressures, so within 64 eps of the largest term.
        ASSERT_TRUE(report.available);
        EXPECT_NEAR(report.maxResidual, maxR, 64.0 * kEps * std::max(maxP, maxB)) << label;
        EXPECT_NEAR(report.maxRightHandSide, maxB, kEps * maxB) << label;
        if (settings.stopsAtTolerance()) {
            EXPECT_TRUE(report.reachedTolerance) << label;
            EXPECT_LT(report.iterations, settings.iterations) << label;
        } else {
            EXPECT_EQ(report.iterations, settings.iterations) << label;
            EXPECT_FALSE(report.reachedTolerance) << label;
        }
    }

    static PoissonSolveSettings settings(PressureSolverType method, uint32_t iterations, float tolerance = 0.0f) {
        PoissonSolveSettings s;
        s.method = method;
        s.iterations = iterations;
        s.tolerance = tolerance;
        s.sorRelaxation = 1.9f;  // near the optimum 2 / (1 + sin(pi / 37)) for these sizes
        return s;
    }
};

// Iteration counts: enough for the relative residual to fall below 1e-5 or the floor from p = 0 on
// every case (Jacobi needs O(n^2) sweeps, SOR O(n) iterations, the multigrid methods a handful;
// measured: 20000 Jacobi sweeps leave 2e-7 to 3e-4 on these random weights, the others 2e-7 to
// 1e-4).
TEST_P(PoissonSolverMethods, JacobiMatchesTheExactSolution) {
    check(settings(PressureSolverType::Jacobi, 20000), 1e-5, "jacobi");
}

TEST_P(PoissonSolverMethods, RedBlackSorMatchesTheExactSolution) {
    check(settings(PressureSolverType::RedBlackSOR, 1000), 1e-5, "sor");
}

TEST_P(PoissonSolverMethods, MultigridMatchesTheExactSolution) {
    check(settings(PressureSolverType::Multigrid, 40), 1e-5, "multigrid");
}

TEST_P(PoissonSolverMethods, MultigridPCGMatchesTheExactSolution) {
    check(settings(PressureSolverType::MultigridPCG, 20), 1e-5, "mgpcg");
}

// Stopping at a tolerance on the GPU: the gate stops before the maximum, and the final p's
// residual is at the tolerance (Multigrid measures the true residual before each cycle; CG its
// updated residual). 1e-4: within float32's reach on every case (max|p| is up to ~160 max|b|
// here, and the residual cannot fall much below ~eps max|p|).
TEST_P(PoissonSolverMethods, MultigridStopsAtTheTolerance) {
    check(settings(PressureSolverType::Multigrid, 30, 1e-4f), 1e-4, "multigrid to 1e-4");
}

TEST_P(PoissonSolverMethods, MultigridPCGStopsAtTheTolerance) {
    check(settings(PressureSolverType::MultigridPCG, 30, 1e-4f), 1e-4, "mgpcg to 1e-4");
}

INSTANTIATE_TEST_SUITE_P(Sides, PoissonSolverMethods, ::testing::ValuesIn(sideCases()),
                         [](const ::testing::TestParamInfo<SideCase>& info) { return std::string(info.param.name); });

class PoissonSolverBoundaries : public GpuTest {};

// The iterations a solve stopped at a tolerance records, from the reports of the solves before it
// (latest first), worked out by hand from the rule: the most of them plus the headroom, at least
// twice the latest's when it ran out of iterations, clamped to [1, maximum].
TEST(IterationsToRecord, FollowsTheFinishedSolves) {
    auto report = [](uint32_t iterations, bool reached, bool stalled = false) {
        PressureResidual r;
        r.available = true;
        r.iterations = iterations;
        r.reachedTolerance = reached;
        r.stalled = stalled;
        return r;
    };
    using detail::iterationsToRecord;
    const std::vector<PressureResidual> none;
    EXPECT_EQ(iterationsToRecord(none, 30, 2), 30u);
    const std::vector<PressureResidual> steady{report(4, true), report(5, true), report(3, true)};
    EXPECT_EQ(iterationsToRecord(steady, 30, 2), 7u);
    EXPECT_EQ(iterationsToRecord(steady, 30, 0), 5u);
    EXPECT_EQ(iterationsToRecord(steady, 6, 2), 6u);    // clamped to the maximum
    EXPECT_EQ(iterationsToRecord(steady, 30, 30), 30u);  // headroom >= maximum: every iteration
    EXPECT_EQ(iterationsToRecord(steady, 0, 0), 0u);    // a maximum of 0 stays 0
    const std::vector<PressureResidual> short_{report(6, false), report(3, true)};
    EXPECT_EQ(iterationsToRecord(short_, 30, 2), 12u);  // ran out: twice 6
    EXPECT_EQ(iterationsToRecord(short_, 10, 2), 10u);
    const std::vector<PressureResidual> stalled{report(6, false, true), report(3, true)};
    EXPECT_EQ(iterationsToRecord(stalled, 30, 2), 8u);  // stalled is not short of iterations
    const std::vector<PressureResidual> idle{report(0, true)};
    EXPECT_EQ(iterationsToRecord(idle, 30, 0), 1u);     // never 0
}

// New boundary conditions reach every multigrid level: a solver created for closed sides, then
// given a periodic-and-outflow system (weights, right-hand side and sides), solves it bitwise as
// a solver created for it does.
TEST_F(PoissonSolverBoundaries, NewSidesReachEveryLevel) {
    const SideCase& from = sideCases()[0];
    const SideCase& to = sideCases()[3];
    const Case& target = caseFor(to);
    const PoissonSolveSettings settings = [] {
        PoissonSolveSettings s;
        s.method = PressureSolverType::Multigrid;
        s.iterations = 6;
        return s;
    }();
    GpuSystem fresh(context()->state(), target.system, to.sides);
    const std::vector<float> expected = fresh.solve(settings);

    GpuSystem changed(context()->state(), caseFor(from).system, from.sides);
    changed.uploadWeights(target.system);
    changed.solver().setBoundaries(poissonSides(to.sides), 0.1f);
    context()->state().submitAndWait([&](VkCommandBuffer cmd) { changed.solver().recordCoarsenWeights(cmd); });
    EXPECT_TRUE(changed.solve(settings) == expected);
}

// Odd cell counts with outflow on the high sides (37 x 23, coarsening to 19 x 12 and 10 x 6: odd
// along x twice): the last coarse cell of an odd edge covers a single fine cell, and its face
// weights must place the coarse unknown at that cell's centre (mg_coarsen.comp; the 3D form,
// test_poisson_solver_3d.cpp, once stalled without it). A V-cycle then cuts the residual ~10x or
// more, so 1e-4 from p = 0 takes at most 4 cycles.
TEST_F(PoissonSolverBoundaries, MultigridConvergesInAFewCyclesWithOutflowSides) {
    using S = PoissonSide;
    const std::vector<SideCase> cases{
        {"outflow top right", {S::Closed, S::Outflow, S::Closed, S::Outflow}},
        {"outflow right", {S::Closed, S::Outflow, S::Closed, S::Closed}},
        {"outflow top", {S::Closed, S::Closed, S::Closed, S::Outflow}},
        {"outflow left right", {S::Outflow, S::Outflow, S::Closed, S::Closed}},
        {"periodic x, outflow top", {S::Periodic, S::Periodic, S::Closed, S::Outflow}},
    };
    for (const SideCase& c : cases) {
        const RandomSystem system = obstacleSystem(c.sides, 9);
        GpuSystem gpu(context()->state(), system, c.sides);
        PoissonSolveSettings s;
        s.method = PressureSolverType::Multigrid;
        s.iterations = 30;
        s.tolerance = 1e-4f;
        const std::vector<float> solved = gpu.solve(s);
        const PressureResidual r = gpu.solver().residual();
        const std::vector<double> p(solved.begin(), solved.end());
        const double hostRelative = maxAbs(ref::residual(system.problem, p)) / maxAbs(system.problem.b);
        std::printf("multigrid %s %d x %d: 1e-4 after %u cycles (host %.3g)\n", c.name, kNx, kNy, r.iterations,
                    hostRelative);
        EXPECT_TRUE(r.reachedTolerance) << c.name;
        EXPECT_LE(hostRelative, 1e-4) << c.name;
        EXPECT_LE(r.iterations, 4u) << c.name;
    }
}

} // namespace
} // namespace billow::test
