// Compute pipelines sharing one pipeline layout (zeux/niagara style): descriptor set 0 holds a
// uniform buffer at binding 0 and BILLOW_STORAGE_SLOTS storage buffers at bindings 1..N, and every
// kernel gets 128 bytes of push constants. Descriptor sets are made once per distinct list of
// buffers and reused, so recording a step allocates nothing after the first few steps.
#pragma once

#include <array>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "common/grid_types.h"

namespace billow::detail {

class KernelSet {
public:
    KernelSet(ContextState& context, std::initializer_list<std::string_view> kernelNames,
              VkBuffer uniformBuffer, VkDeviceSize uniformSize);
    ~KernelSet();
    KernelSet(const KernelSet&) = delete;
    KernelSet& operator=(const KernelSet&) = delete;

    // Binds `kernel` with `storage` at bindings 1.. and dispatches enough BILLOW_GROUP_X x BILLOW_GROUP_Y groups to cover
    // width x height threads.
    template <class Push>
    void dispatch(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                  const Push& push, uint32_t width, uint32_t height) {
        static_assert(sizeof(Push) <= 128, "push constants are limited to 128 bytes");
        dispatchRaw(cmd, kernel, storage, &push, sizeof(Push), width, height);
    }
    void dispatch(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                  uint32_t width, uint32_t height) {
        dispatchRaw(cmd, kernel, storage, nullptr, 0, width, height);
    }
    // The same with another uniform buffer (of the same size) at binding 0, e.g. the GridParams
    // of a coarser multigrid level.
    template <class Push>
    void dispatchWithGrid(VkCommandBuffer cmd, VkBuffer grid, std::string_view kernel,
                          std::initializer_list<VkBuffer> storage, const Push& push, uint32_t width, uint32_t height) {
        static_assert(sizeof(Push) <= 128, "push constants are limited to 128 bytes");
        dispatchRaw(cmd, kernel, storage, &push, sizeof(Push), width, height, grid);
    }

    // The same, with the group counts read by the GPU from `commands` at `offset` (a
    // VkDispatchIndirectCommand) when the dispatch executes: lets GPU-side logic skip work.
    template <class Push>
    void dispatchIndirect(VkCommandBuffer cmd, VkBuffer grid, std::string_view kernel,
                          std::initializer_list<VkBuffer> storage, const Push& push, VkBuffer commands,
                          VkDeviceSize offset) {
        static_assert(sizeof(Push) <= 128, "push constants are limited to 128 bytes");
        bind(cmd, kernel, storage, &push, sizeof(Push), grid);
        context_.vk.vkCmdDispatchIndirect(cmd, commands, offset);
    }

    // Workgroups that cover `threads` threads along x (rows) or y.
    static uint32_t groupCountX(uint32_t threads) { return (threads + BILLOW_GROUP_X - 1) / BILLOW_GROUP_X; }
    static uint32_t groupCountY(uint32_t threads) { return (threads + BILLOW_GROUP_Y - 1) / BILLOW_GROUP_Y; }

private:
    using SlotList = std::array<VkBuffer, BILLOW_STORAGE_SLOTS + 1>;  // [0]: the uniform buffer
    void dispatchRaw(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                     const void* push, uint32_t pushSize, uint32_t width, uint32_t height,
                     VkBuffer grid = VK_NULL_HANDLE);
    void bind(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
              const void* push, uint32_t pushSize, VkBuffer grid);
    VkDescriptorSet descriptorSet(const SlotList& slots);
    void destroy() noexcept;

    ContextState& context_;
    VkBuffer uniformBuffer_;
    VkDeviceSize uniformSize_;
    GpuBuffer placeholder_;  // bound to unused storage slots
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    std::map<std::string, VkPipeline, std::less<>> pipelines_;
    std::vector<VkDescriptorPool> pools_;
    std::map<SlotList, VkDescriptorSet> sets_;
    uint32_t setsLeftInPool_ = 0;
};

} // namespace billow::detail
