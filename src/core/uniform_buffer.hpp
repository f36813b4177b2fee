// A solver's parameter block: a device-local uniform buffer holding one `Params` (the grid's or
// the water's constants), bound at binding 0 of every kernel. Uploads are blocking and rare (at
// creation and when settings change), ordered after any earlier compute work that read the block.
#pragma once

#include <type_traits>

#include "core/gpu_buffer.hpp"

namespace billow::detail {

// Blocking vkCmdUpdateBuffer of `bytes` (a multiple of 4, at most 65536) into `buffer`, between a
// barrier after earlier compute work and one before later uniform reads.
void uploadUniformBytes(ContextState& context, VkBuffer buffer, const void* bytes, VkDeviceSize size);

template <class Params>
class UniformBuffer {
    static_assert(std::is_trivially_copyable_v<Params> && sizeof(Params) % 4 == 0 && sizeof(Params) <= 65536,
                  "vkCmdUpdateBuffer takes whole words, at most 64 KiB");

public:
    UniformBuffer() = default;
    explicit UniformBuffer(ContextState& context)
        : context_(&context),
          buffer_(context, sizeof(Params), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                  GpuBuffer::Kind::DeviceLocal) {}

    VkBuffer handle() const noexcept { return buffer_.handle(); }
    static constexpr VkDeviceSize size() noexcept { return sizeof(Params); }
    void upload(const Params& params) { uploadUniformBytes(*context_, buffer_.handle(), &params, sizeof(Params)); }

private:
    ContextState* context_ = nullptr;
    GpuBuffer buffer_;
};

} // namespace billow::detail
