#include "pressure/residual_report_ring.hpp"

#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "common/grid_types.h"
#include "core/barriers.hpp"
#include "pressure/pressure_types.h"

namespace billow::detail {

ResidualReportRing::ResidualReportRing(ContextState& context)
    : context_(context), ring_(context, kSlots, BILLOW_REPORT_WORDS) {}

void ResidualReportRing::recordFill(VkCommandBuffer cmd, uint32_t slot, uint32_t word, uint32_t count,
                                    uint32_t value) const {
    ring_.recordFill(context_, cmd, slot, word, count, value);
}

void ResidualReportRing::recordFinish(VkCommandBuffer cmd) {
    // The stamp is the report's sequence number + 1, so a zeroed slot is never stamped.
    const uint32_t slot = nextSlot();
    memoryBarrier(context_, cmd, {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                                  VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
                  kTransferWrite);
    ring_.recordFill(context_, cmd, slot, BILLOW_REPORT_STAMP, 1, records_ + 1);
    memoryBarrier(context_, cmd, kTransferWrite, kHostRead);
    ++records_;
}

namespace {
PressureResidual decode(std::span<const uint32_t> words) {
    PressureResidual r;
    r.available = true;
    std::memcpy(&r.maxResidual, &words[0], sizeof(float));
    std::memcpy(&r.maxRightHandSide, &words[1], sizeof(float));
    r.relative = r.maxRightHandSide > 0.0f ? r.maxResidual / r.maxRightHandSide : 0.0f;
    r.iterations = words[2];
    r.reachedTolerance = words[3] == 1;
    r.stalled = words[3] == 2;
    return r;
}
} // namespace

PressureResidual ResidualReportRing::read(uint32_t recordsAgo) const {
    if (recordsAgo >= kSlots)
        throw InvalidArgument("recordsAgo", "must be < " + std::to_string(kSlots) + " (got " + std::to_string(recordsAgo) + ")");
    if (records_ <= recordsAgo) return {};
    return decode(ring_.slot(ring_.slotFor(records_ - 1 - recordsAgo)));
}

std::vector<PressureResidual> ResidualReportRing::finishedReports() const {
    // Read while later submissions may be writing other slots (host-coherent memory): a slot whose
    // stamp is its own report's has had every word written before the stamp.
    std::vector<PressureResidual> finished;
    for (uint32_t ago = 0; ago < kSlots && ago < records_; ++ago) {
        const uint32_t record = records_ - 1 - ago;
        const std::span<const uint32_t> words = ring_.slot(ring_.slotFor(record));
        if (words[BILLOW_REPORT_STAMP] == record + 1) finished.push_back(decode(words));
    }
    return finished;
}

uint32_t iterationsToRecord(std::span<const PressureResidual> finished, uint32_t maximum, uint32_t headroom) {
    if (headroom >= maximum || finished.empty()) return maximum;
    // The most any of them ran (a flow's cycle count wanders by one or two from step to step),
    // plus the headroom. When the latest ran out of iterations before its tolerance (neither
    // reached nor stalled), at least twice its count: a flow that suddenly needs more cycles is
    // short of them for few steps.
    uint64_t most = 0;
    for (const PressureResidual& r : finished) most = std::max<uint64_t>(most, r.iterations);
    uint64_t next = most + headroom;
    const PressureResidual& latest = finished.front();
    if (!latest.reachedTolerance && !latest.stalled) next = std::max<uint64_t>(next, 2 * uint64_t(latest.iterations));
    return static_cast<uint32_t>(std::clamp<uint64_t>(next, 1, maximum));
}

} // namespace billow::detail
