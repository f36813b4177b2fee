// The sparse 3D solver through its public API: creation and its refusals, host-side brick
// allocation and the downloads of bricks and boxes.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <random>

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

// Every brick of the brick grid (5 x 3 x 3 for 37 x 23 x 19).
std::vector<std::array<uint32_t, 3>> wholeBrickGrid(const SmokeSettings3D& s) {
    std::vector<std::array<uint32_t, 3>> out;
    for (uint32_t z = 0; z < (s.nz + 7) / 8; ++z)
        for (uint32_t y = 0; y < (s.ny + 7) / 8; ++y)
            for (uint32_t x = 0; x < (s.nx + 7) / 8; ++x) out.push_back({x, y, z});
    return out;
}

TEST_F(SparseBasic, BoxesRoundTripAndSharedFacesStayEqual) {
    SparseSettings3D sparse;
    sparse.poolBricks = 64;
    SmokeSettings3D settings = smallSettings();
    settings.colour = true;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    solver.allocateBricks(wholeBrickGrid(settings));
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    const std::array<uint32_t, 3> origin{3, 5, 2}, size{30, 17, 15};
    for (SparseField3D field : {SparseField3D::Density, SparseField3D::VelocityX, SparseField3D::VelocityY,
                                SparseField3D::VelocityZ, SparseField3D::Colour}) {
        size_t samples = 1;
        for (int a = 0; a < 3; ++a)
            samples *= size[a] + ((field == SparseField3D::VelocityX && a == 0) || (field == SparseField3D::VelocityY && a == 1) ||
                                          (field == SparseField3D::VelocityZ && a == 2)
                                      ? 1
                                      : 0);
        std::vector<float> values(samples * (field == SparseField3D::Colour ? 4 : 1));
        for (float& x : values) x = dist(rng);
        solver.uploadBox(field, origin, size, values);
        EXPECT_EQ(solver.downloadBox(field, origin, size), values) << fieldName(field);
    }
    // Both stored copies of every x-face on a brick side hold the same bits.
    const SparseBricks bricks = solver.downloadBricks(SparseField3D::VelocityX);
    size_t compared = 0;
    for (size_t k = 0; k < bricks.bricks.size(); ++k)
        for (size_t m = 0; m < bricks.bricks.size(); ++m) {
            const auto& lower = bricks.bricks[k];
            const auto& upper = bricks.bricks[m];
            if (upper[0] != lower[0] + 1 || upper[1] != lower[1] || upper[2] != lower[2]) continue;
            for (uint32_t z = 0; z < 8; ++z)
                for (uint32_t y = 0; y < 8; ++y) {
                    ASSERT_EQ(bricks.values[k * 576 + 8 + 9 * (y + 8 * z)], bricks.values[m * 576 + 0 + 9 * (y + 8 * z)]);
                    ++compared;
                }
        }
    EXPECT_GT(compared, 0u);
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
    solver.allocateBricks(std::vector<std::array<uint32_t, 3>>{{0, 0, 0}});
    const std::vector<float> values(9 * 8 * 8, 1.0f);
    EXPECT_EQ(fieldOf([&] { solver.uploadBox(SparseField3D::Density, {0, 0, 0}, {9, 8, 8}, values); }),
              "uploadBox(Density): origin/size");
    EXPECT_EQ(fieldOf([&] { solver.uploadBox(SparseField3D::Density, {0, 0, 0}, {8, 8, 8}, values); }),
              "uploadBox(Density): values.size()");
    EXPECT_EQ(fieldOf([&] { solver.downloadBox(SparseField3D::Density, {30, 0, 0}, {8, 8, 8}); }),
              "downloadBox: origin/size[0]");
    SmokeSettings3D reflection = smallSettings();
    reflection.advectionReflection = true;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), reflection); }), "SmokeSettings3D::advectionReflection");
    sparse.poolBricks = 0;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), smallSettings(), sparse); }), "SparseSettings3D::poolBricks");
}

} // namespace
} // namespace billow::test
