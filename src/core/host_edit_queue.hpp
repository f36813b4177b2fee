// Edits the host queues between steps (a smoke solver's splats, a water solver's brushes) and the
// device buffer a kernel reads them from. At record time the queued edits go into the command
// buffer itself (vkCmdUpdateBuffer), so queuing needs no blocking upload and no staging memory.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/gpu_buffer.hpp"

namespace billow::detail {

// Records vkCmdUpdateBuffer of `bytes` into `buffer` at `offset` (bytes, a multiple of 4) between a
// barrier after earlier compute work (the previous step's pass may still be reading the buffer) and
// one before later compute work.
void recordHostEditUpload(const ContextState& context, VkCommandBuffer cmd, VkBuffer buffer,
                          std::span<const std::byte> bytes, VkDeviceSize offset = 0);

template <class Edit>
class HostEditQueue {
    static_assert(std::is_trivially_copyable_v<Edit> && sizeof(Edit) % 4 == 0,
                  "vkCmdUpdateBuffer copies whole words");

public:
    HostEditQueue() = default;
    // A zero-filled device buffer with room for `capacity` edits (at most 64 KiB of them, the
    // limit of one vkCmdUpdateBuffer).
    HostEditQueue(ContextState& context, uint32_t capacity)
        : buffer_(context, VkDeviceSize(capacity) * sizeof(Edit),
                  VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::DeviceLocal),
          capacity_(capacity) {
        if (buffer_.size() > 65536) throw Error("internal: a host edit queue holds at most 64 KiB");
        fillZero(context, buffer_.handle(), buffer_.size());
    }

    VkBuffer buffer() const noexcept { return buffer_.handle(); }
    bool empty() const noexcept { return pending_.empty(); }
    bool full() const noexcept { return pending_.size() >= capacity_; }
    uint32_t size() const noexcept { return static_cast<uint32_t>(pending_.size()); }
    std::span<const Edit> pending() const noexcept { return pending_; }

    // The caller checks full() first, to throw its own error.
    void push(const Edit& edit) { pending_.push_back(edit); }

    // Records the upload of the queued edits to the device buffer; nothing when none are queued.
    void recordUpload(const ContextState& context, VkCommandBuffer cmd) const {
        if (!pending_.empty()) recordHostEditUpload(context, cmd, buffer_.handle(), std::as_bytes(std::span(pending_)));
    }
    // Forgets the queued edits, once a recorded pass applies them.
    void clear() noexcept { pending_.clear(); }

    // The queued edits, saved and put back around a step that may fail (RecordSnapshot).
    std::vector<Edit> hostState() const { return pending_; }
    void restoreHostState(std::vector<Edit> saved) noexcept { pending_ = std::move(saved); }

private:
    GpuBuffer buffer_;
    uint32_t capacity_ = 0;
    std::vector<Edit> pending_;
};

} // namespace billow::detail
