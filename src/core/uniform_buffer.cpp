#include "core/uniform_buffer.hpp"

#include "core/barriers.hpp"

namespace billow::detail {

void uploadUniformBytes(ContextState& context, VkBuffer buffer, const void* bytes, VkDeviceSize size) {
    context.submitAndWait([&](VkCommandBuffer cmd) {
        memoryBarrier(context, cmd, kComputeReadWrite, kTransferWrite);
        context.vk.vkCmdUpdateBuffer(cmd, buffer, 0, size, bytes);
        memoryBarrier(context, cmd, kTransferWrite, {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_UNIFORM_READ_BIT});
    });
}

} // namespace billow::detail
