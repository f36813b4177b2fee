#include "pressure/residual_report_ring.hpp"

#include <cstring>
#include <span>
#include <string>

#include "common/grid_types.h"
#include "pressure/pressure_types.h"

namespace billow::detail {

ResidualReportRing::ResidualReportRing(ContextState& context)
    : context_(context), ring_(context, kSlots, BILLOW_REPORT_WORDS) {}

void ResidualReportRing::recordFill(VkCommandBuffer cmd, uint32_t slot, uint32_t word, uint32_t count,
                                    uint32_t value) const {
    ring_.recordFill(context_, cmd, slot, word, count, value);
}

PressureResidual ResidualReportRing::read(uint32_t recordsAgo) const {
    if (recordsAgo >= kSlots)
        throw InvalidArgument("recordsAgo", "must be < " + std::to_string(kSlots) + " (got " + std::to_string(recordsAgo) + ")");
    PressureResidual r;
    if (records_ <= recordsAgo) return r;
    const std::span<const uint32_t> words = ring_.slot(ring_.slotFor(records_ - 1 - recordsAgo));
    r.available = true;
    std::memcpy(&r.maxResidual, &words[0], sizeof(float));
    std::memcpy(&r.maxRightHandSide, &words[1], sizeof(float));
    r.relative = r.maxRightHandSide > 0.0f ? r.maxResidual / r.maxRightHandSide : 0.0f;
    r.iterations = words[2];
    r.reachedTolerance = words[3] == 1;
    r.stalled = words[3] == 2;
    return r;
}

} // namespace billow::detail
