// The 3D multigrid's transfer kernels one at a time (the 3D MacStencil's coarsenWeights, restrictResidual
// and prolong on a 19 x 13 x 11 level and its 10 x 7 x 6 coarse level), against the reference's
// definitions (tests/reference/pressure/multigrid_reference_3d.hpp), element by element within
// the reference's float32 rounding bounds, under every boundary set of poisson_systems_3d.hpp.
#include "support/gpu_test.hpp"

#include <cmath>
#include <random>
#include <span>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/poisson_systems_3d.hpp"
#include "pressure/mac_stencil.hpp"
#include "reference/pressure/multigrid_reference_3d.hpp"

namespace billow::test {
namespace {

constexpr double kEps = 1.0 / (1 << 23);

std::vector<float> download(detail::ContextState& cs, VkBuffer buffer, size_t floats) {
    std::vector<float> out(floats);
    detail::downloadBytes(cs, buffer, std::as_writable_bytes(std::span(out)));
    return out;
}

void upload(detail::ContextState& cs, VkBuffer buffer, const std::vector<float>& values) {
    detail::uploadBytes(cs, buffer, std::as_bytes(std::span(values)));
}

// Multiples of 1/1024 in [-4, 4]: exact in float, and their products with dyadic weights too.
std::vector<float> randomValues(size_t count, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> step(-4096, 4096);
    std::vector<float> v(count);
    for (float& x : v) x = float(step(rng)) / 1024.0f;
    return v;
}

// Expects |got - expected| <= bound element by element; reports the count and the worst one.
void expectWithin(const char* what, const std::vector<float>& got, const std::vector<double>& expected,
                  const std::vector<double>& bound) {
    ASSERT_EQ(got.size(), expected.size()) << what;
    size_t bad = 0, worst = 0;
    double worstExcess = -INFINITY;
    for (size_t i = 0; i < got.size(); ++i) {
        const double excess = std::abs(got[i] - expected[i]) - bound[i];
        if (excess > 0.0) ++bad;
        if (excess > worstExcess) {
            worstExcess = excess;
            worst = i;
        }
    }
    EXPECT_EQ(bad, 0u) << what << ": worst element " << worst << " got " << got[worst] << ", expected "
                       << expected[worst] << " +- " << bound[worst];
}

// One fine level (the random system) and its coarse level: uniform blocks, weights, fields, and
// the stencil's kernels, recorded directly (no gate).
class TwoLevels {
public:
    TwoLevels(detail::ContextState& cs, const System3D& s, const Sides& sides) : cs_(cs) {
        fine_.shape = {uint32_t(s.nx), uint32_t(s.ny), uint32_t(s.nz)};
        coarse_.shape = *stencil_->coarser(fine_.shape);
        const VkBufferUsageFlags gridUsage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        for (Level* level : {&fine_, &coarse_}) {
            level->grid = detail::GpuBuffer(cs, stencil_->gridBlockSize(), gridUsage, detail::GpuBuffer::Kind::DeviceLocal);
            detail::uploadBytes(cs, level->grid.handle(), stencil_->gridBlock(level->shape, 0.1f, poissonSides(sides), false));
            for (int a = 0; a < 3; ++a) level->weights[a] = detail::fieldBuffer(cs, level->shape.faces(a));
            for (int c = 0; c < 2; ++c) level->unknown.copies[c] = detail::fieldBuffer(cs, level->shape.cells());
            level->rhs = detail::fieldBuffer(cs, level->shape.cells());
            level->noShift = detail::fieldBuffer(cs, 1);  // bound, never accessed (no shift)
            level->sides = poissonSides(sides);
        }
        upload(cs, fine_.weights[0].handle(), s.wx);
        upload(cs, fine_.weights[1].handle(), s.wy);
        upload(cs, fine_.weights[2].handle(), s.wz);
        kernels_ = stencil_->createKernels(cs, fine_.grid.handle());
    }

    const detail::GridShape& coarseShape() const { return coarse_.shape; }

    // From here on the fine level is passed as one whose faces between cells are all open
    // (PoissonLevel::interiorOpen), and its weight buffers hold `s`'s.
    void promiseOpenInterior(const System3D& s) {
        upload(cs_, fine_.weights[0].handle(), s.wx);
        upload(cs_, fine_.weights[1].handle(), s.wy);
        upload(cs_, fine_.weights[2].handle(), s.wz);
        fine_.interiorOpen = true;
    }

    // The coarse level is passed as one whose faces between cells are all open too, and its
    // weight buffers hold `w` (x, y, z).
    void promiseOpenCoarseInterior(const std::array<std::vector<float>, 3>& w) {
        for (int a = 0; a < 3; ++a) upload(cs_, coarse_.weights[a].handle(), w[a]);
        coarse_.interiorOpen = true;
    }

    // The coarse face weights, computed on the GPU and downloaded (x, y, z).
    std::array<std::vector<float>, 3> coarsen() {
        cs_.submitAndWait([&](VkCommandBuffer cmd) { stencil_->coarsenWeights(cmd, direct(), level(fine_), level(coarse_)); });
        std::array<std::vector<float>, 3> w;
        for (int a = 0; a < 3; ++a) w[a] = download(cs_, coarse_.weights[a].handle(), coarse_.shape.faces(a));
        return w;
    }

    // The coarse right-hand side and unknown after restricting the residual of fine p and rhs.
    std::pair<std::vector<float>, std::vector<float>> restrictResidual(const std::vector<float>& p,
                                                                       const std::vector<float>& rhs, float rhsScale) {
        upload(cs_, fine_.unknown.now(), p);
        upload(cs_, fine_.rhs.handle(), rhs);
        upload(cs_, coarse_.unknown.now(), std::vector<float>(coarse_.shape.cells(), 1.0f));  // must become 0
        const detail::LevelEquation fineEq{fine_.unknown, fine_.rhs.handle(), rhsScale};
        const detail::LevelEquation coarseEq{coarse_.unknown, coarse_.rhs.handle(), 1.0f};
        cs_.submitAndWait([&](VkCommandBuffer cmd) {
            stencil_->restrictResidual(cmd, direct(), level(fine_), fineEq, level(coarse_), coarseEq);
        });
        return {download(cs_, coarse_.rhs.handle(), coarse_.shape.cells()),
                download(cs_, coarse_.unknown.now(), coarse_.shape.cells())};
    }

    // The fine unknown after prolonging the coarse one onto it (coarse weights as coarsen() left them).
    std::vector<float> prolong(const std::vector<float>& fineP, const std::vector<float>& coarseP) {
        upload(cs_, fine_.unknown.now(), fineP);
        upload(cs_, coarse_.unknown.now(), coarseP);
        cs_.submitAndWait([&](VkCommandBuffer cmd) {
            stencil_->prolong(cmd, direct(), level(fine_), fine_.unknown.now(), level(coarse_), coarse_.unknown.now());
        });
        return download(cs_, fine_.unknown.now(), fine_.shape.cells());
    }

private:
    struct Level {
        detail::GridShape shape;
        detail::GpuBuffer grid, rhs, noShift;
        std::array<detail::GpuBuffer, 3> weights;
        detail::PingPong unknown;
        detail::PoissonSides sides{};
        bool interiorOpen = false;
    };
    static detail::PoissonLevel level(const Level& l) {
        return {l.shape, l.grid.handle(), {l.weights[0].handle(), l.weights[1].handle(), l.weights[2].handle()}, l.sides,
                l.noShift.handle(), l.interiorOpen};
    }
    detail::PoissonDispatch direct() { return {cs_, *kernels_, nullptr}; }

    detail::ContextState& cs_;
    std::unique_ptr<detail::PoissonStencil> stencil_ = detail::makeMacStencil(3, cs_.workgroups);
    Level fine_, coarse_;
    std::unique_ptr<detail::KernelSet> kernels_;
};

class MultigridTransfers3D : public GpuTest, public ::testing::WithParamInterface<SideCase> {};

TEST_P(MultigridTransfers3D, MatchTheReference) {
    const Sides& sides = GetParam().sides;
    const System3D s = randomSystem(sides, 2024);
    const ref::PoissonProblem3D& fine = s.problem;
    TwoLevels gpu(context()->state(), s, sides);

    // Coarse weights: a mean of four, then the outflow correction: a few roundings of at most ~2.
    const ref::PoissonProblem3D expectedCoarse = ref::coarsenWeights3D(fine);
    ASSERT_EQ(uint32_t(expectedCoarse.nx), gpu.coarseShape().nx);
    ASSERT_EQ(uint32_t(expectedCoarse.ny), gpu.coarseShape().ny);
    ASSERT_EQ(uint32_t(expectedCoarse.nz), gpu.coarseShape().nz);
    const std::array<std::vector<float>, 3> coarseWeights = gpu.coarsen();
    const std::vector<double>* expectedWeights[3] = {&expectedCoarse.wx, &expectedCoarse.wy, &expectedCoarse.wz};
    for (int a = 0; a < 3; ++a)
        expectWithin(a == 0 ? "x-face weights" : a == 1 ? "y-face weights" : "z-face weights", coarseWeights[a],
                     *expectedWeights[a], std::vector<double>(expectedWeights[a]->size(), 16.0 * kEps));
    // From here on the coarse level is the GPU's, so the kernels below see the reference's inputs.
    const ref::PoissonProblem3D coarse = problemOf(expectedCoarse.nx, expectedCoarse.ny, expectedCoarse.nz, sides,
                                                   coarseWeights[0], coarseWeights[1], coarseWeights[2]);

    // Restriction of the residual of a random p: half the sum of the children's residuals.
    const std::vector<float> p = randomValues(fine.cells(), 11);
    const auto [coarseRhs, coarseUnknown] = gpu.restrictResidual(p, s.rhs, kRhsScale);
    const ref::Bounded3D restricted = ref::restrictResidual3D(fine, std::vector<double>(p.begin(), p.end()),
                                                              std::vector<double>(s.rhs.begin(), s.rhs.end()),
                                                              double(kRhsScale), coarse);
    expectWithin("restricted right-hand side", coarseRhs, restricted.value, restricted.bound);
    EXPECT_TRUE(coarseUnknown == std::vector<float>(coarse.cells(), 0.0f)) << "the coarse unknown starts at 0";

    // Prolongation of a random coarse correction onto a random fine p.
    const std::vector<float> coarseP = randomValues(coarse.cells(), 12);
    const std::vector<float> fineP = randomValues(fine.cells(), 13);
    const std::vector<float> prolonged = gpu.prolong(fineP, coarseP);
    const ref::Bounded3D expected = ref::prolong3D(fine, std::vector<double>(fineP.begin(), fineP.end()), coarse,
                                                   std::vector<double>(coarseP.begin(), coarseP.end()));
    expectWithin("prolonged unknown", prolonged, expected.value, expected.bound);
}

// The restriction of a level without obstacles (its kInteriorOpen variant): with 0.5 in the fine
// buffers on every face between two cells, it must still restrict the open system's residual, so
// it reads the fine weights on the grid's sides alone. The coarse level is the open system's.
// Rows of whole quads (nx % 4 == 0) take four fine cells a thread (pressure3d/mg_restrict_quads.comp):
// 12 x 7 x 5 and 36 x 29 x 45 end in coarse cells over a single fine row along y and z.
TEST_P(MultigridTransfers3D, RestrictionWithoutObstaclesReadsOnlyTheSides) {
    const Sides& sides = GetParam().sides;
    for (const std::array<int, 3> n : {std::array<int, 3>{19, 13, 11}, std::array<int, 3>{20, 14, 12},
                                       std::array<int, 3>{12, 7, 5}, std::array<int, 3>{36, 29, 45}}) {
        const System3D s = openSystem(n, sides, 31);
        const ref::PoissonProblem3D& fine = s.problem;
        TwoLevels gpu(context()->state(), s, sides);
        const std::array<std::vector<float>, 3> coarseWeights = gpu.coarsen();
        const ref::PoissonProblem3D coarse = problemOf(int(gpu.coarseShape().nx), int(gpu.coarseShape().ny),
                                                       int(gpu.coarseShape().nz), sides, coarseWeights[0],
                                                       coarseWeights[1], coarseWeights[2]);
        gpu.promiseOpenInterior(withPoisonedInterior(s));
        const std::vector<float> p = randomValues(fine.cells(), 17);
        const auto [coarseRhs, coarseUnknown] = gpu.restrictResidual(p, s.rhs, kRhsScale);
        const ref::Bounded3D restricted = ref::restrictResidual3D(fine, std::vector<double>(p.begin(), p.end()),
                                                                  std::vector<double>(s.rhs.begin(), s.rhs.end()),
                                                                  double(kRhsScale), coarse);
        expectWithin("restricted right-hand side without obstacles", coarseRhs, restricted.value, restricted.bound);
    }
}

// The prolongation between two levels without obstacles (its kInteriorOpen variant): with 0 in
// both levels' buffers on every face between two cells, which would close every cell to a kernel
// that tests a cell for an open face, it must still prolong as the open system's levels do, so it
// reads the weights on the coarse grid's sides alone. 20 x 14 x 12 onto 10 x 7 x 6 (even, so
// both levels are open), and 18 x 16 x 2 onto 9 x 8 x 1 (a coarse level one cell thick).
TEST_P(MultigridTransfers3D, ProlongationWithoutObstaclesReadsOnlyTheSides) {
    const Sides& sides = GetParam().sides;
    for (const std::array<int, 3> n : {std::array<int, 3>{20, 14, 12}, std::array<int, 3>{18, 16, 2}}) {
        const System3D s = openSystem(n, sides, 37);
        const ref::PoissonProblem3D& fine = s.problem;
        TwoLevels gpu(context()->state(), s, sides);
        const std::array<std::vector<float>, 3> coarseWeights = gpu.coarsen();
        const detail::GridShape c = gpu.coarseShape();
        const ref::PoissonProblem3D coarse = problemOf(int(c.nx), int(c.ny), int(c.nz), sides, coarseWeights[0],
                                                       coarseWeights[1], coarseWeights[2]);
        System3D coarseSystem;
        coarseSystem.nx = int(c.nx);
        coarseSystem.ny = int(c.ny);
        coarseSystem.nz = int(c.nz);
        coarseSystem.wx = coarseWeights[0];
        coarseSystem.wy = coarseWeights[1];
        coarseSystem.wz = coarseWeights[2];
        const System3D poisonedCoarse = withPoisonedInterior(coarseSystem, 0.0f);
        gpu.promiseOpenInterior(withPoisonedInterior(s, 0.0f));
        gpu.promiseOpenCoarseInterior({poisonedCoarse.wx, poisonedCoarse.wy, poisonedCoarse.wz});
        const std::vector<float> coarseP = randomValues(coarse.cells(), 19);
        const std::vector<float> fineP = randomValues(fine.cells(), 23);
        const std::vector<float> prolonged = gpu.prolong(fineP, coarseP);
        const ref::Bounded3D expected = ref::prolong3D(fine, std::vector<double>(fineP.begin(), fineP.end()), coarse,
                                                       std::vector<double>(coarseP.begin(), coarseP.end()));
        expectWithin("prolonged unknown without obstacles", prolonged, expected.value, expected.bound);
    }
}

INSTANTIATE_TEST_SUITE_P(Sides, MultigridTransfers3D, ::testing::ValuesIn(sideCases()),
                         [](const ::testing::TestParamInfo<SideCase>& info) { return std::string(info.param.name); });

} // namespace
} // namespace billow::test
