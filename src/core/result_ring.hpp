// Results the GPU writes during a recorded step and the host reads a frame or more later without
// waiting (probes, collider forces, floating bodies, particle reports): a ReadbackRing of kSlots
// slots, each a header (which record wrote it, the solver step it describes, an item count)
// followed by a payload of `payloadWords` uint32 words (floats as their bits).
//
// Recording: begin() stamps the slot "being written" (a transfer fill of 0) after the previous
// compute work, and returns where the payload goes; the caller's kernels write the payload;
// end() stamps the slot with its record number and step once those writes are done, then makes
// the slot visible to the host. newest() picks the completed slot with the highest record
// number. A slot is rewritten kSlots records later, so an engine with up to kSlots - 1 frames in
// flight always finds the last completed one intact; newest() also reads the stamp before and
// after copying and drops a slot that changed meanwhile (a host running further ahead gets an
// older result, never a torn one).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/readback_ring.hpp"

namespace billow::detail {

class ResultRing {
public:
    static constexpr uint32_t kSlots = 4;
    // Header words before each slot's payload.
    static constexpr uint32_t kHeaderWords = 4;

    ResultRing() = default;
    ResultRing(ContextState& context, uint32_t payloadWords);

    VkBuffer buffer() const noexcept { return ring_.buffer(); }
    uint32_t payloadWords() const noexcept { return ring_.words() - kHeaderWords; }
    bool empty() const noexcept { return ring_.buffer() == VK_NULL_HANDLE; }
    // Byte offset of slot `index`'s payload in buffer() (for a transfer that fills it).
    VkDeviceSize payloadOffset(uint32_t index) const noexcept { return ring_.offset(index, kHeaderWords); }

    // Where record `records()` writes: the slot index, and the payload's first word in the
    // buffer (for a kernel's push constants).
    struct Slot {
        uint32_t index = 0;
        uint32_t payloadWord = 0;
    };
    // Records the "being written" stamp of the next slot (after earlier compute and transfer
    // work; then a barrier to compute writes) and returns it.
    Slot begin(VkCommandBuffer cmd);
    // Records the slot's stamp once the compute writes of its payload are done: the record
    // number, `step` (the solver step the results describe) and `items` (how many the payload
    // holds); then the barrier that makes the slot visible to the host. Counts the record.
    void end(VkCommandBuffer cmd, Slot slot, uint64_t step, uint32_t items);

    // The newest completed slot: its step, item count and the first `words` payload words (at
    // most payloadWords()); nullopt when no record has completed yet.
    struct Completed {
        uint64_t record = 0;  // 1 for the first record
        uint64_t step = 0;
        uint32_t items = 0;
        std::vector<uint32_t> payload;
    };
    std::optional<Completed> newest(uint32_t words) const;
    // The completed slot that describes solver step `step`, if the ring still holds it.
    std::optional<Completed> ofStep(uint64_t step, uint32_t words) const;
    // Records counted by end() so far.
    uint64_t records() const noexcept { return records_; }

    // The record counter, saved and put back around a failed recording (RecordSnapshot).
    uint64_t hostState() const noexcept { return records_; }
    void restoreHostState(uint64_t records) noexcept { records_ = records; }

private:
    // The newest completed slot that `wanted` accepts.
    std::optional<Completed> completed(uint32_t words, const std::function<bool(const Completed&)>& wanted) const;

    ContextState* context_ = nullptr;
    ReadbackRing ring_;
    uint64_t records_ = 0;
};

} // namespace billow::detail
