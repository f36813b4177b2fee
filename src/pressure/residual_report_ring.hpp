// The pressure solves' residual reports on the shared readback ring: kSlots slots of
// BILLOW_REPORT_WORDS words (residual bits, right-hand side bits, iterations, converged, stamp),
// one slot per reported solve, read by the host without waiting and decoded into PressureResidual.
// The reports also size the next solve: a solve stopped at a tolerance records only as many
// iterations as the last finished ones needed and some headroom (iterationsToRecord).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "billow/pressure.hpp"
#include "core/readback_ring.hpp"

namespace billow::detail {

// How many iterations a solve stopped at a tolerance records, at most `maximum`, from the reports
// of the solves before it that have finished (latest first): the skipped iterations of a stopped
// solve still cost their empty dispatches and barriers (PressureSettings::
// pressureIterationHeadroom). The most iterations any of them ran plus `headroom`; at least twice
// the latest's count when it ran out of iterations before its tolerance (neither reached nor
// stalled); all `maximum` when none has finished or `headroom` >= `maximum`; never 0.
uint32_t iterationsToRecord(std::span<const PressureResidual> finished, uint32_t maximum, uint32_t headroom);

class ResidualReportRing {
public:
    // A slot is rewritten kSlots reports later, so a host whose frames are in flight can read up
    // to kSlots - 1 reports back.
    static constexpr uint32_t kSlots = 4;

    explicit ResidualReportRing(ContextState& context);

    VkBuffer buffer() const noexcept { return ring_.buffer(); }
    // The slot the next report goes to, and where it starts in buffer().
    uint32_t nextSlot() const noexcept { return ring_.slotFor(records_); }
    VkDeviceSize slotOffset(uint32_t slot) const noexcept { return ring_.offset(slot); }
    // Records `count` words of the slot at `word` filled with `value` (transfer write).
    void recordFill(VkCommandBuffer cmd, uint32_t slot, uint32_t word, uint32_t count, uint32_t value) const;
    // Ends the report in nextSlot() once every compute or transfer write to it is recorded:
    // stamps it (a transfer write after those, made visible to the host) and counts it.
    void recordFinish(VkCommandBuffer cmd);
    // The report count, saved and put back around a step that may fail (RecordSnapshot).
    uint32_t hostState() const noexcept { return records_; }
    void restoreHostState(uint32_t saved) noexcept { records_ = saved; }
    // The report `recordsAgo` reports back (< kSlots); `available` false before it was recorded.
    // Valid once the submission that wrote it has completed.
    PressureResidual read(uint32_t recordsAgo) const;
    // The reports whose submissions have finished writing them (their stamps are there), latest
    // first, read without waiting; none before the first has finished. Engines with frames in
    // flight get older ones than read(0); step() waits for each submission, so there the first
    // is always the last report.
    std::vector<PressureResidual> finishedReports() const;
    // How many iterations to record for the next solve stopped at a tolerance
    // (detail::iterationsToRecord of finishedReports()).
    uint32_t iterationsToRecord(uint32_t maximum, uint32_t headroom) const {
        return detail::iterationsToRecord(finishedReports(), maximum, headroom);
    }

private:
    ContextState& context_;
    ReadbackRing ring_;
    uint32_t records_ = 0;  // reports recorded so far
};

} // namespace billow::detail
