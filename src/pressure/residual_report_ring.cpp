#include "pressure/residual_report_ring.hpp"

#include <cstring>
#include <string>

#include "common/shared_types.h"

namespace billow::detail {

ResidualReportRing::ResidualReportRing(ContextState& context)
    : context_(context),
      words_(context, kSlots * BILLOW_REPORT_WORDS * sizeof(uint32_t),
             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::Staging) {}

VkDeviceSize ResidualReportRing::slotOffset(uint32_t slot) const noexcept {
    return VkDeviceSize(slot) * BILLOW_REPORT_WORDS * sizeof(uint32_t);
}

void ResidualReportRing::recordFill(VkCommandBuffer cmd, uint32_t slot, uint32_t word, uint32_t count,
                                    uint32_t value) const {
    context_.vk.vkCmdFillBuffer(cmd, words_.handle(), slotOffset(slot) + word * sizeof(uint32_t), count * sizeof(uint32_t),
                                value);
}

PressureResidual ResidualReportRing::read(uint32_t recordsAgo) const {
    if (recordsAgo >= kSlots)
        throw InvalidArgument("recordsAgo", "must be < " + std::to_string(kSlots) + " (got " + std::to_string(recordsAgo) + ")");
    PressureResidual r;
    if (records_ <= recordsAgo) return r;
    const uint32_t slot = (records_ - 1 - recordsAgo) % kSlots;
    const auto* words = static_cast<const uint32_t*>(words_.mapped()) + BILLOW_REPORT_WORDS * slot;
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
