// Barrier helpers (global memory barriers: Billow's passes touch whole buffers, so buffer-range
// barriers would buy nothing and cost code).
#pragma once

#include "core/context_state.hpp"

namespace billow::detail {

struct Access {
    VkPipelineStageFlags stage;
    VkAccessFlags access;
};

inline constexpr Access kComputeReadWrite{VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                          VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
inline constexpr Access kTransferWrite{VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
inline constexpr Access kTransferRead{VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT};
inline constexpr Access kTransferWriteToHost{VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT};
inline constexpr Access kHostRead{VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT};
// Compute writes that a later vkCmdDispatchIndirect reads as its group counts, and later compute
// work too.
inline constexpr Access kComputeAndIndirectRead{VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                                                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                                    VK_ACCESS_INDIRECT_COMMAND_READ_BIT};

inline void memoryBarrier(const ContextState& context, VkCommandBuffer cmd, Access src, Access dst) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = src.access;
    barrier.dstAccessMask = dst.access;
    context.vk.vkCmdPipelineBarrier(cmd, src.stage, dst.stage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

// Between two compute passes: the later one may read or write what the earlier one wrote.
inline void computeBarrier(const ContextState& context, VkCommandBuffer cmd) {
    memoryBarrier(context, cmd, kComputeReadWrite, kComputeReadWrite);
}

// After compute work that wrote indirect dispatch arguments: later dispatches (indirect ones
// included) and compute reads see them.
inline void indirectBarrier(const ContextState& context, VkCommandBuffer cmd) {
    memoryBarrier(context, cmd, kComputeReadWrite, kComputeAndIndirectRead);
}

} // namespace billow::detail
