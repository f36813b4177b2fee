// Non-finite detection: a NaN or infinity written straight into a state buffer (bypassing the
// upload checks, as a kernel overflow would) is reported by the next step's scan, naming the
// field and where; Throw makes the following step throw NonFiniteError once; Off reports nothing;
// a finite state reports finite. For all three solvers, float32 and packed-half fields.
#include "support/gpu_test.hpp"

#include <bit>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"

namespace billow::test {
namespace {

constexpr float kDt = 1.0f / 60.0f;

class Health : public GpuTest {
protected:
    // Overwrites element `index` of `buffer` (4-byte words) with `bits`, as a kernel would.
    void poison(VkBuffer buffer, VkDeviceSize bytes, size_t index, uint32_t bits) {
        std::vector<uint32_t> words(bytes / 4);
        detail::downloadBytes(context()->state(), buffer, std::as_writable_bytes(std::span(words)));
        words.at(index) = bits;
        detail::uploadBytes(context()->state(), buffer, std::as_bytes(std::span(words)));
    }
};

constexpr uint32_t kNaNBits = 0x7fc00000u;
constexpr uint32_t kInfBits = 0x7f800000u;

SmokeSettings smoke2d() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.05f;
    // Linear sampling carries a poisoned value on (a NaN sample makes the bilinear sum NaN), so
    // the scan after the step must find it. Monotone cubic sampling would drop it instead: its
    // slope limiter and clamp are built from min and max, which return the finite operand.
    s.advectionInterpolation = AdvectionInterpolation::Linear;
    return s;
}

TEST_F(Health, FiniteStateReportsFinite) {
    SmokeSolver solver(context(), smoke2d());
    EXPECT_FALSE(solver.health(0).available);  // nothing recorded yet
    solver.step(kDt);
    solver.step(kDt);
    SolverHealth h = solver.health(0);
    EXPECT_TRUE(h.available);
    EXPECT_EQ(h.step, 2u);
    EXPECT_TRUE(h.finite);
    EXPECT_TRUE(h.nonFiniteFields.empty());
    EXPECT_EQ(solver.health(1).step, 1u);
    EXPECT_FALSE(solver.health(2).available);
}

TEST_F(Health, SmokeReportsTheFieldThatWentNonFinite) {
    SmokeSettings s = smoke2d();
    s.nonFiniteCheck = NonFiniteCheck::Throw;
    SmokeSolver solver(context(), s);
    solver.step(kDt);
    // Temperature (cells), with no velocity: the NaN stays where it is put, plus what the
    // interpolation of later passes spreads to (never below the cell's row start).
    const size_t cell = 5 + 7 * s.nx;
    poison(solver.buffer(SmokeField::Temperature), solver.bufferSize(SmokeField::Temperature), cell, kNaNBits);
    solver.step(kDt);
    SolverHealth h = solver.health(0);
    ASSERT_TRUE(h.available);
    EXPECT_FALSE(h.finite);
    ASSERT_FALSE(h.nonFiniteFields.empty());
    EXPECT_EQ(h.nonFiniteFields.front(), "Temperature") << "fields: " << h.nonFiniteFields.size();
    EXPECT_LE(h.firstIndex, cell);
    EXPECT_GE(h.firstIndex, cell - 2 * s.nx);
    EXPECT_TRUE(solver.health(1).finite);  // the step before
    // Throw: the next step refuses once, naming the field and the step.
    try {
        solver.step(kDt);
        ADD_FAILURE() << "NonFiniteCheck::Throw did not throw";
    } catch (const NonFiniteError& e) {
        EXPECT_EQ(e.field(), "Temperature");
        EXPECT_EQ(e.step(), 2u);
        EXPECT_NE(std::string(e.what()).find("Temperature"), std::string::npos) << e.what();
    }
    // Repaired by an upload, the solver steps on and reports finite again.
    solver.upload(SmokeField::Temperature, std::vector<float>(solver.fieldSize(SmokeField::Temperature), 293.15f));
    EXPECT_NO_THROW(solver.step(kDt));
    EXPECT_TRUE(solver.health(0).finite);
}

// A run that stays finite but leaves the physical range (a temperature of 7.7e8 K, a speed of
// 5.6e14 m/s were seen) is reported with the field, the largest magnitude and the limit; it is
// not a NonFiniteError, even with Throw. Within the limits nothing is listed.
TEST_F(Health, FieldsBeyondTheirPhysicalLimitAreReported) {
    SmokeSettings s = smoke2d();
    s.nonFiniteCheck = NonFiniteCheck::Throw;
    SmokeSolver solver(context(), s);
    solver.step(kDt);
    ASSERT_TRUE(solver.health(0).withinLimits());
    const float hot = 7.7e8f;
    const uint32_t hotBits = std::bit_cast<uint32_t>(-hot);  // the magnitude counts, not the sign
    poison(solver.buffer(SmokeField::Temperature), solver.bufferSize(SmokeField::Temperature), 5 + 7 * s.nx, hotBits);
    solver.stepPass(SmokePass::Damping, kDt);  // changes nothing here
    solver.step(kDt);                     // the scan of a whole step; no throw follows
    EXPECT_NO_THROW(solver.step(kDt));
    const SolverHealth h = solver.health(1);
    ASSERT_TRUE(h.available);
    EXPECT_TRUE(h.finite);
    ASSERT_EQ(h.beyondLimit.size(), 1u);
    EXPECT_EQ(h.beyondLimit[0].field, "Temperature");
    EXPECT_EQ(h.beyondLimit[0].limit, kHealthTemperatureLimit);
    // Semi-Lagrangian transport with no velocity keeps the value; the scan reports its magnitude.
    EXPECT_GT(h.beyondLimit[0].largest, 0.5f * hot);
    EXPECT_LE(h.beyondLimit[0].largest, hot);
}

TEST_F(Health, HalfDyeInfinityIsFound) {
    SmokeSettings s = smoke2d();
    s.dyeStorage = DyeStorage::Float16;
    SmokeSolver solver(context(), s);
    // Word 40 holds channels 80 (low half) and 81 (high half): an infinite high half is element 81.
    poison(solver.buffer(SmokeField::Dye), solver.bufferSize(SmokeField::Dye), 40, 0x7c000000u);
    solver.stepPass(SmokePass::Inject, kDt);  // single passes are not scanned
    EXPECT_FALSE(solver.health(0).available);
    solver.step(kDt);
    const SolverHealth h = solver.health(0);
    ASSERT_FALSE(h.finite);
    EXPECT_EQ(h.nonFiniteFields.front(), "Dye");
}

TEST_F(Health, OffRecordsNoScan) {
    SmokeSettings s = smoke2d();
    s.nonFiniteCheck = NonFiniteCheck::Off;
    SmokeSolver solver(context(), s);
    poison(solver.buffer(SmokeField::Density), solver.bufferSize(SmokeField::Density), 3, kNaNBits);
    solver.step(kDt);
    EXPECT_FALSE(solver.health(0).available);
}

TEST_F(Health, Smoke3DReportsVelocity) {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    s.pressureIterations = 4;
    s.advectionInterpolation = AdvectionInterpolation::Linear;  // carries the poison on (see smoke2d)
    SmokeSolver3D solver(context(), s);
    poison(solver.buffer(SmokeField3D::VelocityZ), solver.bufferSize(SmokeField3D::VelocityZ), 1000, kInfBits);
    solver.step(kDt);
    const SolverHealth h = solver.health(0);
    ASSERT_TRUE(h.available);
    ASSERT_FALSE(h.finite);
    EXPECT_EQ(h.nonFiniteFields.front(), "VelocityX");  // the pressure solve spreads it to every velocity
    bool sawZ = false;
    for (const std::string& f : h.nonFiniteFields) sawZ = sawZ || f == "VelocityZ";
    EXPECT_TRUE(sawZ);
}

TEST_F(Health, WaterReportsDepth) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.nonFiniteCheck = NonFiniteCheck::Throw;
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(solver.fieldSize(WaterField::Depth), 1.0f));
    solver.step(0.01f);
    EXPECT_TRUE(solver.health(0).finite);
    poison(solver.buffer(WaterField::Dye), solver.fieldSize(WaterField::Dye) * 4, 100, kNaNBits);
    solver.step(0.01f);
    const SolverHealth h = solver.health(0);
    ASSERT_FALSE(h.finite);
    EXPECT_EQ(h.nonFiniteFields.back(), "Dye");
    EXPECT_THROW(solver.step(0.01f), NonFiniteError);
}

} // namespace
} // namespace billow::test
