// Non-blocking downloads: a field's copy recorded into the engine's command buffer, collected from
// host-visible memory a frame or more later, without a wait. Each copy goes to one of kSlots
// staging buffers (allocated at the first use, each as large as the solver's largest field, so a
// slot is never reallocated under a copy in flight), followed by a stamp: the ticket written after
// the copy, which the host reads to know the copy has completed (as the health ring's scans).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/gpu_buffer.hpp"

namespace billow::detail {

class FieldReadback {
public:
    static constexpr uint32_t kSlots = 4;

    FieldReadback() = default;
    // `capacity`: the bytes of the largest field a copy may hold.
    FieldReadback(ContextState& context, VkDeviceSize capacity) : context_(&context), capacity_(capacity) {}

    // Records the copy of `bytes` of `source` into a free slot and its stamp; returns the ticket
    // (1, 2, ...). The solver's last writes to `source` must be compute writes (the barrier is
    // recorded here). InvalidArgument from `call` when every slot holds a copy not collected
    // whose stamp has not arrived (kSlots downloads in flight: collect, or submit and wait, first).
    // `tag` comes back with the bytes (the solver's field).
    uint64_t recordCopy(VkCommandBuffer cmd, VkBuffer source, VkDeviceSize bytes, uint32_t tag, const char* call);
    // The bytes of ticket `ticket` once its copy has completed (the stamp is there), then the slot
    // is free again; nullopt while it has not. InvalidArgument for a ticket never issued, already
    // collected, or whose slot was taken by a later copy.
    struct Collected {
        uint32_t tag;
        std::vector<std::byte> bytes;
    };
    std::optional<Collected> collect(uint64_t ticket, const char* call);

    // The host state a recorded step changes, for RecordSnapshot.
    struct HostState {
        uint64_t issued;
        std::array<uint64_t, kSlots> tickets;
    };
    HostState hostState() const { return {issued_, tickets_}; }
    void restoreHostState(HostState saved) noexcept {
        issued_ = saved.issued;
        tickets_ = saved.tickets;
    }

private:
    bool stamped(uint32_t slot) const noexcept;

    ContextState* context_ = nullptr;
    VkDeviceSize capacity_ = 0;
    std::array<GpuBuffer, kSlots> slots_;      // capacity bytes of data, then the 8-byte stamp
    std::array<uint64_t, kSlots> tickets_{};   // the ticket each slot holds; 0: free
    std::array<VkDeviceSize, kSlots> sizes_{};  // the bytes each slot's copy holds
    std::array<uint32_t, kSlots> tags_{};
    uint64_t issued_ = 0;
};

} // namespace billow::detail
