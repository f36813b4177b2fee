// A host-visible ring of measurements the GPU writes and the host reads without waiting: `slots`
// slots of `words` uint32 words each (floats as their bits), one slot per record (a frame or a
// solve) in flight, so record k writes slot k % slots while the host reads the slots of records
// that have completed. The memory is host-coherent and zero at creation.
#pragma once

#include <cstdint>
#include <span>

#include "core/gpu_buffer.hpp"

namespace billow::detail {

class ReadbackRing {
public:
    ReadbackRing() = default;
    ReadbackRing(ContextState& context, uint32_t slots, uint32_t words);

    VkBuffer buffer() const noexcept { return buffer_.handle(); }
    uint32_t slots() const noexcept { return slots_; }
    uint32_t words() const noexcept { return words_; }

    // The slot that record `record` (counted from 0) writes.
    uint32_t slotFor(uint64_t record) const noexcept { return static_cast<uint32_t>(record % slots_); }
    // Byte offset of `word` of `slot` in the buffer, for transfer commands.
    VkDeviceSize offset(uint32_t slot, uint32_t word = 0) const noexcept {
        return (VkDeviceSize(slot) * words_ + word) * sizeof(uint32_t);
    }
    // Fills `count` words of `slot` from `word` on with `value` (a transfer write; the caller
    // places the barriers).
    void recordFill(const ContextState& context, VkCommandBuffer cmd, uint32_t slot, uint32_t word, uint32_t count,
                    uint32_t value) const;

    // The host's view of one slot: what the GPU wrote there by the last completed submission.
    std::span<const uint32_t> slot(uint32_t index) const noexcept;
    float floatAt(uint32_t index, uint32_t word) const noexcept;
    // Sets `word` of every slot to 0 from the host (only while no submission writes the ring).
    void clearWordInEverySlot(uint32_t word) noexcept;

private:
    uint32_t* slotWords(uint32_t slot) const noexcept { return static_cast<uint32_t*>(buffer_.mapped()) + slot * words_; }

    GpuBuffer buffer_;
    uint32_t slots_ = 0;
    uint32_t words_ = 0;
};

} // namespace billow::detail
