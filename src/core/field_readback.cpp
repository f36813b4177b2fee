#include "core/field_readback.hpp"

#include <cstring>
#include <string>

#include "billow/error.hpp"
#include "core/barriers.hpp"

namespace billow::detail {

namespace {
// The stamp: the ticket's two 32-bit halves after the data, written by vkCmdFillBuffer.
VkDeviceSize stampOffset(VkDeviceSize capacity) { return (capacity + 7) / 8 * 8; }
} // namespace

bool FieldReadback::stamped(uint32_t slot) const noexcept {
    if (!slots_[slot].mapped()) return false;
    uint32_t words[2];
    std::memcpy(words, static_cast<const std::byte*>(slots_[slot].mapped()) + stampOffset(capacity_), sizeof words);
    return (uint64_t(words[1]) << 32 | words[0]) == tickets_[slot];
}

uint64_t FieldReadback::recordCopy(VkCommandBuffer cmd, VkBuffer source, VkDeviceSize bytes, uint32_t tag,
                                  const char* call) {
    if (bytes > capacity_) throw Error("internal: a download larger than the readback's capacity");
    // The free slot, or one whose copy has completed, oldest ticket first.
    uint32_t chosen = kSlots;
    for (uint32_t s = 0; s < kSlots; ++s) {
        const bool usable = tickets_[s] == 0 || stamped(s);
        if (usable && (chosen == kSlots || tickets_[s] < tickets_[chosen])) chosen = s;
    }
    if (chosen == kSlots)
        throw InvalidArgument(std::string(call), std::to_string(kSlots) +
                                                     " downloads are in flight: collect one (after its submission "
                                                     "completed) before recording another");
    GpuBuffer& slot = slots_[chosen];
    if (!slot.handle())
        slot = GpuBuffer(*context_, stampOffset(capacity_) + 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::Staging);
    const uint64_t ticket = ++issued_;
    tickets_[chosen] = ticket;
    sizes_[chosen] = bytes;
    tags_[chosen] = tag;
    const ContextState& cs = *context_;
    // The field's last writer is a compute pass; the slot's, a copy or stamp the host has read.
    memoryBarrier(cs, cmd, kComputeReadWrite, kTransferRead);
    if (bytes) {
        VkBufferCopy region{0, 0, bytes};
        cs.vk.vkCmdCopyBuffer(cmd, source, slot.handle(), 1, &region);
    }
    // The stamp after the data: a host that sees it sees the data.
    memoryBarrier(cs, cmd, kTransferWrite, kTransferWrite);
    cs.vk.vkCmdFillBuffer(cmd, slot.handle(), stampOffset(capacity_), 4, static_cast<uint32_t>(ticket));
    cs.vk.vkCmdFillBuffer(cmd, slot.handle(), stampOffset(capacity_) + 4, 4, static_cast<uint32_t>(ticket >> 32));
    memoryBarrier(cs, cmd, kTransferWriteToHost, kHostRead);
    return ticket;
}

std::optional<FieldReadback::Collected> FieldReadback::collect(uint64_t ticket, const char* call) {
    for (uint32_t s = 0; s < kSlots; ++s) {
        if (tickets_[s] != ticket || ticket == 0) continue;
        if (!stamped(s)) return std::nullopt;
        Collected c{tags_[s], std::vector<std::byte>(sizes_[s])};
        std::memcpy(c.bytes.data(), slots_[s].mapped(), c.bytes.size());
        tickets_[s] = 0;
        return c;
    }
    throw InvalidArgument(std::string(call) + ": ticket", "no download " + std::to_string(ticket) +
                                                              " is waiting (never recorded, already collected, or "
                                                              "more than " + std::to_string(kSlots) +
                                                              " downloads were recorded after it)");
}

} // namespace billow::detail
