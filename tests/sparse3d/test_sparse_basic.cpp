// The sparse 3D solver through its public API: creation and its refusals, host-side brick
// allocation and the downloads of bricks and boxes.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <random>
#include <string>

#include "core/context_state.hpp"  // the device limits

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

// What an exception says, "accepted" when none was thrown, "other: ..." for one that is not an
// UnsupportedDevice.
template <typename Make>
std::string refusal(Make&& make) {
    try {
        make();
    } catch (const UnsupportedDevice& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("other: ") + e.what();
    }
    return "accepted";
}

// A pool the device cannot hold is refused before anything is allocated, by the constructor and
// growPool with the same check: the largest pool buffer against maxStorageBufferRange (kernels
// bind a pool whole), a velocity component's 9 x 8 x 8 faces = 2304 bytes a brick, or the
// colour's 4 floats x 512 cells = 8192 bytes; the whole against the largest device-local heap.
// First of all the bricks against maxComputeWorkGroupCount[0] (a brick kernel runs a workgroup a
// brick): on a device with a large range and 65535 workgroups (SwiftShader) that is the limit a
// pool beyond the range exceeds first, and the one named.
TEST_F(SparseBasic, PoolsTheDeviceCannotHoldAreRefusedByName) {
    const VkPhysicalDeviceLimits& limits = context()->state().properties.limits;
    const uint64_t range = limits.maxStorageBufferRange;
    auto expectNamed = [&](const std::string& message, uint64_t bricks, const char* limit) {
        EXPECT_NE(message.find("SparseSettings3D::poolBricks = " + std::to_string(bricks)), std::string::npos) << message;
        const char* first = bricks > limits.maxComputeWorkGroupCount[0] ? "maxComputeWorkGroupCount[0]" : limit;
        EXPECT_NE(message.find(first), std::string::npos) << message;
    };
    SparseSettings3D sparse;
    const uint64_t faceFit = range / 2304;  // the most bricks whose face pool one binding holds
    if (faceFit < (1u << 21)) {
        sparse.poolBricks = uint32_t(faceFit + 1);
        expectNamed(refusal([&] { SparseSmokeSolver3D solver(context(), smallSettings(), sparse); }), faceFit + 1,
                    "maxStorageBufferRange");
        sparse.poolBricks = 2;
        SparseSmokeSolver3D solver(context(), smallSettings(), sparse);
        expectNamed(refusal([&] { solver.growPool(uint32_t(faceFit + 1)); }), faceFit + 1, "maxStorageBufferRange");
        EXPECT_EQ(solver.sparseSettings().poolBricks, 2u);
    }
    SmokeSettings3D coloured = smallSettings();
    coloured.colour = true;
    const uint64_t colourFit = range / 8192;
    if (colourFit < (1u << 21)) {
        sparse.poolBricks = uint32_t(colourFit + 1);
        expectNamed(refusal([&] { SparseSmokeSolver3D solver(context(), coloured, sparse); }), colourFit + 1,
                    "maxStorageBufferRange");
    }
    // The largest pool the settings allow: 2^21 bricks, 4.8 GB of faces per component (above any
    // 32-bit range) and about 100 GB in all: named, never an allocation's out-of-memory.
    sparse.poolBricks = 1u << 21;
    const std::string largest = refusal([&] { SparseSmokeSolver3D solver(context(), smallSettings(), sparse); });
    EXPECT_NE(largest.find("SparseSettings3D::poolBricks = 2097152"), std::string::npos) << largest;
}

// A box whose host copy is unreasonable (above 2^30 values, 4 GiB of floats) is refused by name
// before anything is allocated: the whole 2048^3 domain would be 32 GiB.
TEST_F(SparseBasic, HugeBoxesAreRefusedByName) {
    SmokeSettings3D big;
    big.nx = big.ny = big.nz = 2048;
    big.cellSize = 0.01f;
    SparseSettings3D sparse;
    sparse.poolBricks = 4;
    SparseSmokeSolver3D solver(context(), big, sparse);
    EXPECT_EQ(fieldOf([&] { solver.downloadBox(SparseField3D::Density, {0, 0, 0}, {2048, 2048, 2048}); }), "downloadBox: origin/size");
    // 1024^3 x-faces: 1025 x 1024 x 1024 values, just above the bound.
    EXPECT_EQ(fieldOf([&] { solver.downloadBox(SparseField3D::VelocityX, {0, 0, 0}, {1024, 1024, 1024}); }),
              "downloadBox: origin/size");
    const std::vector<float> one(1, 0.0f);
    EXPECT_EQ(fieldOf([&] { solver.uploadBox(SparseField3D::Density, {0, 0, 0}, {2048, 2048, 2048}, one); }), "uploadBox: origin/size");
    EXPECT_EQ(solver.downloadBox(SparseField3D::Density, {0, 0, 0}, {8, 8, 8}), std::vector<float>(512, 0.0f));
}

} // namespace
} // namespace billow::test
