// The plumbing every solver shares (src/core, src/grid), tested on its own: MAC sizes and indices,
// the settings checks' messages, zero-filled field buffers and ping-pong pairs, the readback
// ring, the host edit queue, the parameter block and the GPU timer.
#include "support/gpu_test.hpp"

#include <array>
#include <cstring>
#include <functional>
#include <limits>

#include "core/barriers.hpp"
#include "core/gpu_timer.hpp"
#include "core/host_edit_queue.hpp"
#include "core/readback_ring.hpp"
#include "core/result_ring.hpp"
#include "core/uniform_buffer.hpp"
#include "core/validation.hpp"
#include "grid/field_buffers.hpp"
#include "grid/mac_grid.hpp"

namespace billow::test {
namespace {

using Plumbing = GpuTest;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The message of the InvalidArgument that `action` throws (after "<field>: ").
std::string problemOf(const std::function<void()>& action, const std::string& field) {
    try {
        action();
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), field);
        const std::string what = e.what();
        return what.rfind(field + ": ", 0) == 0 ? what.substr(field.size() + 2) : what;
    }
    ADD_FAILURE() << "expected InvalidArgument naming " << field;
    return {};
}

std::vector<float> downloadFloats(detail::ContextState& cs, VkBuffer buffer, size_t count) {
    std::vector<float> out(count, -1.0f);
    detail::downloadBytes(cs, buffer, std::as_writable_bytes(std::span(out)));
    return out;
}

TEST(MacGrid, SizesAndIndicesOfEachLocation) {
    const detail::MacGrid mac{5, 3};
    EXPECT_EQ(mac.cells(), 15u);
    EXPECT_EQ(mac.xFaces(), 6u * 3u);
    EXPECT_EQ(mac.yFaces(), 5u * 4u);
    EXPECT_EQ(mac.nodes(), 6u * 4u);
    // Row by row: the last element of each location is its size - 1.
    EXPECT_EQ(mac.cellIndex(4, 2), mac.cells() - 1);
    EXPECT_EQ(mac.xFaceIndex(5, 2), mac.xFaces() - 1);
    EXPECT_EQ(mac.yFaceIndex(4, 3), mac.yFaces() - 1);
    EXPECT_EQ(mac.nodeIndex(5, 3), mac.nodes() - 1);
    EXPECT_EQ(mac.xFaceIndex(0, 1), 6u);
    EXPECT_EQ(mac.yFaceIndex(0, 1), 5u);
}

TEST(Validation, MessagesNameTheFieldAndTheValue) {
    EXPECT_EQ(problemOf([] { detail::requireFinite(kNaN, "S::a"); }, "S::a"), "must be finite (got nan)");
    EXPECT_EQ(problemOf([] { detail::requireNonNegative(-1.0f, "S::a"); }, "S::a"), "must be >= 0 (got -1)");
    EXPECT_EQ(problemOf([] { detail::requirePositive(0.0f, "S::a"); }, "S::a"), "must be > 0 (got 0)");
    EXPECT_EQ(problemOf([] { detail::requirePositive(-2.0f, "S::h", "m"); }, "S::h"), "must be > 0 m (got -2)");
    const std::string bounded = "must be finite and within +-1e+06 (float32 range; docs/parameters.md, \"Bounds\")";
    EXPECT_EQ(problemOf([] { detail::requirePositive(kNaN, "S::h", "m"); }, "S::h"), bounded + " (got nan)");
    EXPECT_EQ(problemOf([] { detail::requireBounded(3e38f, "S::g"); }, "S::g"), bounded + " (got 3e+38)");
    EXPECT_EQ(problemOf([] { detail::requireAllBounded({0.0f, -2e6f}, "S::v"); }, "S::v"), bounded + " (got -2e+06)");
    EXPECT_EQ(problemOf([] { detail::requireFiniteAndPositive(0.0f, "B::radius", "m"); }, "B::radius"),
              "must be finite and > 0 m");
    EXPECT_EQ(problemOf([] { detail::requireTimeStep(0.0f); }, "dt"),
              "must be in [1e-06, 1e+06] s (float32 range; docs/parameters.md, \"Bounds\") (got 0)");
    EXPECT_EQ(problemOf([] { detail::requireScale(1e-45f, "S::cellSize", "m"); }, "S::cellSize"),
              "must be in [1e-06, 1e+06] m (float32 range; docs/parameters.md, \"Bounds\") (got 1.4013e-45)");
    const float values[] = {1.0f, 2.0f, kNaN, 3e38f};
    EXPECT_EQ(problemOf([&] { detail::requireUploadable(values, "upload(Density)"); }, "upload(Density): values[2]"),
              bounded + " (got nan)");
    EXPECT_NO_THROW(detail::requireTimeStep(limits::kMinScale));
    EXPECT_NO_THROW(detail::requireBounded(-limits::kMaxMagnitude, "S::g"));
    EXPECT_EQ(problemOf([] { detail::requireAllFinite({1.0f, kNaN}, "B::x/y"); }, "B::x/y"), "must be finite");
    EXPECT_EQ(problemOf([] { detail::requireInRange(1, 2, 16384, "S::nx", "cells"); }, "S::nx"),
              "must be in [2, 16384] cells (got 1)");
    EXPECT_EQ(problemOf([] { detail::requireInRange(0, 1, 9, "S::n"); }, "S::n"), "must be in [1, 9] (got 0)");
    EXPECT_EQ(problemOf([] { detail::requireAtMost(10, 9, "S::n"); }, "S::n"), "must be at most 9 (got 10)");
    EXPECT_EQ(problemOf([] { detail::requireUnchanged(false, "S::nx/ny"); }, "S::nx/ny"),
              "cannot change on an existing solver; create a new one");
    EXPECT_EQ(problemOf([] { detail::requireKnown(static_cast<Side>(4), Side::Top, "S::side", "unknown side"); }, "S::side"),
              "unknown side");
    EXPECT_NO_THROW(detail::requireKnown(Side::Top, Side::Top, "S::side", "unknown side"));
    EXPECT_NO_THROW(detail::requireInRange(16384, 2, 16384, "S::nx", "cells"));
}

TEST_F(Plumbing, FieldBuffersAndPingPongPairsStartAtZero) {
    detail::ContextState& cs = context()->state();
    const detail::GpuBuffer field = detail::fieldBuffer(cs, 37);
    EXPECT_EQ(field.size(), 37 * sizeof(float));
    EXPECT_EQ(downloadFloats(cs, field.handle(), 37), std::vector<float>(37, 0.0f));

    detail::PingPong pair, withScratch;
    detail::makePingPong(cs, pair, 11, 2);
    detail::makePingPong(cs, withScratch, 11, 3);
    EXPECT_EQ(pair.scratch(), VK_NULL_HANDLE);
    EXPECT_NE(withScratch.scratch(), VK_NULL_HANDLE);
    const VkBuffer first = pair.now();
    EXPECT_EQ(pair.other(), pair.copies[1].handle());
    pair.swap();
    EXPECT_EQ(pair.other(), first);
    for (const detail::PingPong* p : {&pair, &withScratch})
        for (const detail::GpuBuffer& copy : p->copies)
            if (copy.handle()) {
                EXPECT_EQ(downloadFloats(cs, copy.handle(), 11), std::vector<float>(11, 0.0f));
            }
    EXPECT_THROW(detail::makePingPong(cs, pair, 11, 4), Error);
}

TEST_F(Plumbing, ReadbackRingSlotsAreWrittenByTheGpuAndReadByTheHost) {
    detail::ContextState& cs = context()->state();
    detail::ReadbackRing ring(cs, 4, 2);
    EXPECT_EQ(ring.slotFor(0), 0u);
    EXPECT_EQ(ring.slotFor(6), 2u);
    EXPECT_EQ(ring.offset(3, 1), (3 * 2 + 1) * sizeof(uint32_t));
    for (uint32_t s = 0; s < 4; ++s) EXPECT_EQ(ring.slot(s)[0] + ring.slot(s)[1], 0u);  // zero at creation

    uint32_t oneBits;
    const float one = 1.0f;
    std::memcpy(&oneBits, &one, sizeof(float));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        ring.recordFill(cs, cmd, 2, 1, 1, oneBits);
        ring.recordFill(cs, cmd, 3, 0, 2, 7);
        detail::memoryBarrier(cs, cmd, detail::kTransferWriteToHost, detail::kHostRead);
    });
    EXPECT_EQ(ring.floatAt(2, 1), 1.0f);
    EXPECT_EQ(ring.slot(2)[0], 0u);
    EXPECT_EQ(ring.slot(3)[0], 7u);
    EXPECT_EQ(ring.slot(3)[1], 7u);
    ring.clearWordInEverySlot(1);
    EXPECT_EQ(ring.slot(2)[1], 0u);
    EXPECT_EQ(ring.slot(3)[1], 0u);
    EXPECT_EQ(ring.slot(3)[0], 7u);
}

// Each record stamps its slot last; the host takes the newest slot whose stamp is that record's,
// and skips one being rewritten (stamp 0 while the GPU writes it) for the one before.
TEST_F(Plumbing, ResultRingGivesTheNewestCompletedRecordAndSkipsOneBeingWritten) {
    detail::ContextState& cs = context()->state();
    detail::ResultRing ring(cs, 3);
    EXPECT_FALSE(ring.newest(3).has_value());
    auto recordOne = [&](uint64_t step, uint32_t value) {
        cs.submitAndWait([&](VkCommandBuffer cmd) {
            const detail::ResultRing::Slot slot = ring.begin(cmd);
            // The payload's writer (a kernel in the solvers; a fill here, so a transfer barrier).
            cs.vk.vkCmdFillBuffer(cmd, ring.buffer(), VkDeviceSize(slot.payloadWord) * sizeof(uint32_t),
                                  3 * sizeof(uint32_t), value);
            detail::memoryBarrier(cs, cmd, detail::kTransferWrite, detail::kComputeReadWrite);
            ring.end(cmd, slot, step, 3);
        });
    };
    recordOne((uint64_t(1) << 33) + 5, 41);
    auto first = ring.newest(3);
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(first->record, 1u);
    EXPECT_EQ(first->step, (uint64_t(1) << 33) + 5);  // both halves of a 64-bit step
    EXPECT_EQ(first->items, 3u);
    EXPECT_EQ(first->payload, (std::vector<uint32_t>{41, 41, 41}));
    EXPECT_EQ(ring.newest(2)->payload.size(), 2u);

    for (uint32_t r = 2; r <= 6; ++r) recordOne(100 + r, 40 + r);  // wraps past kSlots = 4
    auto sixth = ring.newest(3);
    ASSERT_TRUE(sixth.has_value());
    EXPECT_EQ(sixth->record, 6u);
    EXPECT_EQ(sixth->step, 106u);
    EXPECT_EQ(sixth->payload[2], 46u);

    // Record 6's slot being rewritten: the host gets record 5, complete.
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        cs.vk.vkCmdFillBuffer(cmd, ring.buffer(), VkDeviceSize(ring.payloadWords() + detail::ResultRing::kHeaderWords) *
                                                      sizeof(uint32_t) * ((6 - 1) % detail::ResultRing::kSlots),
                              sizeof(uint32_t), 0u);
        detail::memoryBarrier(cs, cmd, detail::kTransferWriteToHost, detail::kHostRead);
    });
    auto fifth = ring.newest(3);
    ASSERT_TRUE(fifth.has_value());
    EXPECT_EQ(fifth->record, 5u);
    EXPECT_EQ(fifth->step, 105u);
    EXPECT_EQ(fifth->payload, (std::vector<uint32_t>{45, 45, 45}));
}

// The edits' buffer is only read by kernels (the solvers' tests check what the splat and brush
// kernels do with it); here: capacity, and uploads ordered by their barriers.
TEST_F(Plumbing, HostEditQueueUploadsItsEditsAtRecordTime) {
    struct Edit { float a, b, c, d; };
    detail::ContextState& cs = context()->state();
    detail::HostEditQueue<Edit> queue(cs, 3);
    EXPECT_NE(queue.buffer(), VK_NULL_HANDLE);
    EXPECT_TRUE(queue.empty());
    queue.push({1, 2, 3, 4});
    queue.push({5, 6, 7, 8});
    EXPECT_FALSE(queue.full());
    queue.push({9, 10, 11, 12});
    EXPECT_TRUE(queue.full());
    EXPECT_EQ(queue.size(), 3u);
    EXPECT_EQ(queue.pending()[2].c, 11.0f);
    // Two uploads in one command buffer: synchronization validation (on in every test) reports
    // a hazard unless the barriers order them.
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        queue.recordUpload(cs, cmd);
        queue.recordUpload(cs, cmd);
    });
    queue.clear();
    EXPECT_TRUE(queue.empty());
    cs.submitAndWait([&](VkCommandBuffer cmd) { queue.recordUpload(cs, cmd); });  // nothing queued: nothing recorded
}

TEST_F(Plumbing, UniformBufferUploads) {
    struct Params { float values[4]; int count, pad0, pad1, pad2; };
    detail::UniformBuffer<Params> params(context()->state());
    EXPECT_NE(params.handle(), VK_NULL_HANDLE);
    EXPECT_EQ(params.size(), sizeof(Params));
    params.upload(Params{{1, 2, 3, 4}, 4, 0, 0, 0});
    params.upload(Params{{5, 6, 7, 8}, 4, 0, 0, 0});  // again: ordered after the first
}

TEST_F(Plumbing, GpuTimerTimesIntervalsOnlyWhileEnabled) {
    detail::ContextState& cs = context()->state();
    detail::GpuTimer timer(cs, 3);
    EXPECT_EQ(timer.supported(), context()->supportsTimestamps());
    if (!timer.supported()) GTEST_SKIP() << "the device has no timestamps";
    auto recordIntervals = [&](std::initializer_list<uint32_t> intervals) {
        cs.submitAndWait([&](VkCommandBuffer cmd) {
            for (uint32_t k : intervals) {
                timer.begin(cmd, k);
                timer.end(cmd, k);
            }
        });
    };
    recordIntervals({2, 0});
    EXPECT_TRUE(timer.recorded().empty());  // off by default
    timer.setEnabled(true);
    recordIntervals({2, 0, 2});
    EXPECT_EQ(timer.recorded(), (std::vector<uint32_t>{0, 2}));  // in the order of their last recording
    EXPECT_TRUE(timer.wasRecorded(2));
    EXPECT_FALSE(timer.wasRecorded(1));
    for (uint32_t k : timer.recorded()) {
        const std::optional<double> ms = timer.milliseconds(k);
        ASSERT_TRUE(ms.has_value());
        EXPECT_GE(*ms, 0.0);
    }
    timer.forgetRecorded();
    EXPECT_TRUE(timer.recorded().empty());
}

// Each context destroys its own instance and messenger: volk's global instance-level pointers are
// the last-loaded instance's, and a context made without the validation layer once loaded a null
// vkDestroyDebugUtilsMessengerEXT over a validated one's, which then crashed when destroyed (the
// image tests' second context did this at exit). Both orders, with the device the suite uses.
TEST_F(Plumbing, ContextsWithAndWithoutValidationAreDestroyedInEitherOrder) {
    for (bool validatedFirst : {true, false}) {
        StandaloneSettings validated, plain;
        validated.validation = true;
        plain.validation = false;
        std::shared_ptr<Context> first = Context::createStandalone(validatedFirst ? validated : plain);
        std::shared_ptr<Context> second = Context::createStandalone(validatedFirst ? plain : validated);
        first.reset();
        second.reset();
        std::shared_ptr<Context> third = Context::createStandalone(validated);
        std::shared_ptr<Context> fourth = Context::createStandalone(plain);
        third.reset();
        fourth.reset();
    }
}

} // namespace
} // namespace billow::test
