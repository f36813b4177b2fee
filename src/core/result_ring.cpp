#include "core/result_ring.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>

#include "core/barriers.hpp"

namespace billow::detail {

namespace {
// Header layout: the record number (low 32 bits; 0 while being written), the step's low and high
// words, the item count.
constexpr uint32_t kRecordWord = 0;
constexpr uint32_t kStepLowWord = 1;
constexpr uint32_t kStepHighWord = 2;
constexpr uint32_t kItemsWord = 3;

uint32_t loadWord(const uint32_t* word) noexcept {
    // The GPU may write the slot while the host reads it: read each stamp once, as the GPU left it.
    return std::atomic_ref<uint32_t>(*const_cast<uint32_t*>(word)).load(std::memory_order_acquire);
}
} // namespace

ResultRing::ResultRing(ContextState& context, uint32_t payloadWords)
    : context_(&context), ring_(context, kSlots, kHeaderWords + payloadWords) {}

ResultRing::Slot ResultRing::begin(VkCommandBuffer cmd) {
    const ContextState& cs = *context_;
    const uint32_t index = ring_.slotFor(records_);
    // The slot's previous writer is the record kSlots back; its reader the host. Earlier compute
    // work (the step) finishes before the fill so that the stamp says "being written" first.
    memoryBarrier(cs, cmd, kComputeReadWrite, kTransferWrite);
    ring_.recordFill(cs, cmd, index, kRecordWord, 1, 0u);
    memoryBarrier(cs, cmd, kTransferWrite, kComputeReadWrite);
    return {index, static_cast<uint32_t>(ring_.offset(index, kHeaderWords) / sizeof(uint32_t))};
}

void ResultRing::end(VkCommandBuffer cmd, Slot slot, uint64_t step, uint32_t items) {
    const ContextState& cs = *context_;
    const uint64_t record = records_ + 1;
    memoryBarrier(cs, cmd, kComputeReadWrite, kTransferWrite);
    ring_.recordFill(cs, cmd, slot.index, kStepLowWord, 1, static_cast<uint32_t>(step));
    ring_.recordFill(cs, cmd, slot.index, kStepHighWord, 1, static_cast<uint32_t>(step >> 32));
    ring_.recordFill(cs, cmd, slot.index, kItemsWord, 1, items);
    // The record number last: a slot whose stamp is set holds the whole payload.
    memoryBarrier(cs, cmd, kTransferWrite, kTransferWrite);
    ring_.recordFill(cs, cmd, slot.index, kRecordWord, 1, static_cast<uint32_t>(record));
    memoryBarrier(cs, cmd, kTransferWrite, kHostRead);
    records_ = record;
}

std::optional<ResultRing::Completed> ResultRing::newest(uint32_t words) const {
    return completed(words, [](const Completed&) { return true; });
}

std::optional<ResultRing::Completed> ResultRing::ofStep(uint64_t step, uint32_t words) const {
    return completed(words, [step](const Completed& c) { return c.step == step; });
}

std::optional<ResultRing::Completed> ResultRing::completed(uint32_t words, const std::function<bool(const Completed&)>& wanted) const {
    words = std::min(words, payloadWords());
    // Records records_ - kSlots + 1 .. records_ may have completed; try the newest first.
    for (uint64_t back = 0; back < kSlots && back < records_; ++back) {
        const uint64_t record = records_ - back;
        const uint32_t index = ring_.slotFor(record - 1);
        const uint32_t* header = ring_.slot(index).data();
        if (loadWord(header + kRecordWord) != static_cast<uint32_t>(record)) continue;
        Completed result;
        result.record = record;
        result.step = uint64_t(loadWord(header + kStepLowWord)) | (uint64_t(loadWord(header + kStepHighWord)) << 32);
        result.items = loadWord(header + kItemsWord);
        result.payload.resize(words);
        std::memcpy(result.payload.data(), header + kHeaderWords, size_t(words) * sizeof(uint32_t));
        std::atomic_thread_fence(std::memory_order_acquire);
        // Rewritten while copied (a host more than kSlots - 1 records ahead): try an older one.
        if (loadWord(header + kRecordWord) != static_cast<uint32_t>(record)) continue;
        if (!wanted(result)) continue;
        return result;
    }
    return std::nullopt;
}

} // namespace billow::detail
