#include "core/readback_ring.hpp"

#include <cstring>

namespace billow::detail {

ReadbackRing::ReadbackRing(ContextState& context, uint32_t slots, uint32_t words)
    : buffer_(context, VkDeviceSize(slots) * words * sizeof(uint32_t),
              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::Staging),
      slots_(slots), words_(words) {
    std::memset(buffer_.mapped(), 0, buffer_.size());
}

void ReadbackRing::recordFill(const ContextState& context, VkCommandBuffer cmd, uint32_t slot, uint32_t word,
                              uint32_t count, uint32_t value) const {
    context.vk.vkCmdFillBuffer(cmd, buffer_.handle(), offset(slot, word), VkDeviceSize(count) * sizeof(uint32_t), value);
}

std::span<const uint32_t> ReadbackRing::slot(uint32_t index) const noexcept { return {slotWords(index), words_}; }

float ReadbackRing::floatAt(uint32_t index, uint32_t word) const noexcept {
    float value;
    std::memcpy(&value, slotWords(index) + word, sizeof(float));
    return value;
}

void ReadbackRing::clearWordInEverySlot(uint32_t word) noexcept {
    for (uint32_t s = 0; s < slots_; ++s) slotWords(s)[word] = 0;
}

} // namespace billow::detail
