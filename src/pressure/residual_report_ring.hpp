// The pressure solves' residual reports on the shared readback ring: kSlots slots of
// BILLOW_REPORT_WORDS words (residual bits, right-hand side bits, iterations, converged), one
// slot per reported solve, read by the host without waiting and decoded into PressureResidual.
#pragma once

#include <cstdint>

#include "billow/pressure.hpp"
#include "core/readback_ring.hpp"

namespace billow::detail {

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
    // Counts the report recorded into nextSlot().
    void advance() noexcept { ++records_; }
    // The report count, saved and put back around a step that may fail (RecordSnapshot).
    uint32_t hostState() const noexcept { return records_; }
    void restoreHostState(uint32_t saved) noexcept { records_ = saved; }
    // The report `recordsAgo` reports back (< kSlots); `available` false before it was recorded.
    // Valid once the submission that wrote it has completed.
    PressureResidual read(uint32_t recordsAgo) const;

private:
    ContextState& context_;
    ReadbackRing ring_;
    uint32_t records_ = 0;  // reports recorded so far
};

} // namespace billow::detail
