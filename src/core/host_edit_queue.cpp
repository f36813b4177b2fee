#include "core/host_edit_queue.hpp"

#include "core/barriers.hpp"

namespace billow::detail {

void recordHostEditUpload(const ContextState& context, VkCommandBuffer cmd, VkBuffer buffer,
                          std::span<const std::byte> bytes, VkDeviceSize offset) {
    memoryBarrier(context, cmd, kComputeReadWrite, kTransferWrite);
    context.vk.vkCmdUpdateBuffer(cmd, buffer, offset, bytes.size(), bytes.data());
    memoryBarrier(context, cmd, kTransferWrite, kComputeReadWrite);
}

} // namespace billow::detail
