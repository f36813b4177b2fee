// The sparse 3D solver through its public API: creation and its refusals, host-side brick
// allocation and the downloads of bricks and boxes.
#include "support/gpu_test.hpp"

#include <algorithm>

namespace billow::test {
namespace {

class SparseBasic : public GpuTest {};

// A virtual domain that is not a multiple of the 8^3 brick along any axis.
SmokeSettings3D smallSettings() {
    SmokeSettings3D s;
    s.nx = 37;
    s.ny = 23;
    s.nz = 19;
    s.cellSize = 0.05f;
    return s;
}

TEST_F(SparseBasic, StartsEmptyAndAllocatesFromTheHost) {
    SparseSettings3D sparse;
    sparse.poolBricks = 16;
    SparseSmokeSolver3D solver(context(), smallSettings(), sparse);
    EXPECT_TRUE(solver.activeBricks().empty());
    const std::vector<std::array<uint32_t, 3>> wanted = {{0, 0, 0}, {4, 2, 2}, {1, 0, 0}};
    solver.allocateBricks(wanted);
    std::vector<std::array<uint32_t, 3>> active = solver.activeBricks();
    std::sort(active.begin(), active.end());
    std::vector<std::array<uint32_t, 3>> expected = wanted;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(active, expected);
    // Open air: ambient temperature in the new bricks and outside them.
    const std::vector<float> t = solver.downloadBox(SparseField3D::Temperature, {0, 0, 0}, {37, 23, 19});
    for (float x : t) ASSERT_EQ(x, solver.settings().ambientTemperature);
    EXPECT_EQ(solver.downloadBricks(SparseField3D::Density).values.size(), size_t(3) * 512);
    EXPECT_EQ(solver.downloadBricks(SparseField3D::VelocityY).values.size(), size_t(3) * 576);
}

TEST_F(SparseBasic, RefusesWhatItCannotHold) {
    SparseSettings3D sparse;
    sparse.poolBricks = 2;
    SparseSmokeSolver3D solver(context(), smallSettings(), sparse);
    const std::vector<std::array<uint32_t, 3>> three = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    EXPECT_EQ(fieldOf([&] { solver.allocateBricks(three); }), "allocateBricks: bricks");
    EXPECT_TRUE(solver.activeBricks().empty());
    const std::vector<std::array<uint32_t, 3>> outside = {{5, 0, 0}};
    EXPECT_EQ(fieldOf([&] { solver.allocateBricks(outside); }), "allocateBricks: bricks[0][0]");
    SmokeSettings3D reflection = smallSettings();
    reflection.advectionReflection = true;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), reflection); }), "SmokeSettings3D::advectionReflection");
    sparse.poolBricks = 0;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), smallSettings(), sparse); }), "SparseSettings3D::poolBricks");
}

} // namespace
} // namespace billow::test
