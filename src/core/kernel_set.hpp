// Compute pipelines sharing one pipeline layout (zeux/niagara style): descriptor set 0 holds a
// uniform buffer at binding 0 and BILLOW_STORAGE_SLOTS storage buffers at bindings 1..N, and every
// kernel gets kPushConstantBytes of push constants. Descriptor sets are made once per distinct list
// of buffers and reused, so recording a step allocates nothing after the first few steps.
//
// Kernels are typed (billow_kernels.hpp, generated from the reflected SPIR-V): a call site names
// every buffer through the kernel's Bindings, its push constants are the kernel's own Push type,
// and its dispatch size is divided by the kernel's own workgroup size:
//
//   kernels.dispatch(cmd, kernels::Divergence::Bindings{.u = ..., .v = ..., ..., .divergence = ...},
//                    width, height);
//
// The string API (a kernel name and a positional buffer list) remains for the call sites not yet
// converted; it is checked against the same reflected table when recorded.
#pragma once

#include <concepts>
#include <initializer_list>
#include <map>
#include <string_view>
#include <type_traits>
#include <vector>

#include "billow_kernels.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "common/grid_types.h"

namespace billow::detail {

// The Bindings struct of a generated kernel (kernels::X::Bindings).
template <class B>
concept KernelBindings = std::same_as<typename B::Kernel::Bindings, B>;

class KernelSet {
public:
    // Creates the pipelines of every kernel in `groups` (folders of shaders/). Each kernel's
    // uniform block must be `uniformSize` bytes, the size of `uniformBuffer`.
    KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups, VkBuffer uniformBuffer,
              VkDeviceSize uniformSize);
    // The same for kernels named like their files without .comp.
    KernelSet(ContextState& context, std::initializer_list<std::string_view> kernelNames, VkBuffer uniformBuffer,
              VkDeviceSize uniformSize);
    ~KernelSet();
    KernelSet(const KernelSet&) = delete;
    KernelSet& operator=(const KernelSet&) = delete;

    // Typed kernels ---------------------------------------------------------------------------

    // Dispatches enough of the kernel's workgroups to cover width x height threads.
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push, uint32_t width,
                  uint32_t height) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        static_assert(!K::shapesOwnWorkgroup, "this kernel shapes its own workgroup: use dispatchGroups");
        record(cmd, K::id, bindings.slots(), &push, sizeof(push), groupsCovering(width, K::localSize.x),
               groupsCovering(height, K::localSize.y));
    }
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, uint32_t width, uint32_t height) {
        using K = typename B::Kernel;
        static_assert(std::is_same_v<typename K::Push, NoPush>, "this kernel needs its push constants");
        static_assert(!K::shapesOwnWorkgroup, "this kernel shapes its own workgroup: use dispatchGroups");
        record(cmd, K::id, bindings.slots(), nullptr, 0, groupsCovering(width, K::localSize.x),
               groupsCovering(height, K::localSize.y));
    }
    // For kernels that shape their own workgroup (BILLOW_OWN_WORKGROUP_SIZE: a tile with its halo,
    // one workgroup for a whole level): the number of workgroups itself.
    template <KernelBindings B>
    void dispatchGroups(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push,
                        uint32_t groupsX, uint32_t groupsY) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        static_assert(K::shapesOwnWorkgroup, "this kernel covers threads: use dispatch with a size in threads");
        record(cmd, K::id, bindings.slots(), &push, sizeof(push), groupsX, groupsY);
    }
    // The group counts read by the GPU from `commands` at `offset` (a VkDispatchIndirectCommand)
    // when the dispatch executes: lets GPU-side logic skip work.
    template <KernelBindings B>
    void dispatchIndirect(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push,
                          VkBuffer commands, VkDeviceSize offset) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        bind(cmd, K::id, bindings.slots(), &push, sizeof(push));
        context_.vk.vkCmdDispatchIndirect(cmd, commands, offset);
    }

    // Workgroups of `size` threads that cover `threads` threads.
    static constexpr uint32_t groupsCovering(uint32_t threads, uint32_t size) { return (threads + size - 1) / size; }

    // Kernels by name (not yet converted call sites) ---------------------------------------------

    // Binds `kernel` with `storage` at bindings 1.. and dispatches enough BILLOW_GROUP_X x BILLOW_GROUP_Y groups to cover
    // width x height threads.
    template <class Push>
    void dispatch(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                  const Push& push, uint32_t width, uint32_t height) {
        static_assert(sizeof(Push) <= kPushConstantBytes, "push constants are limited to kPushConstantBytes");
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
        static_assert(sizeof(Push) <= kPushConstantBytes, "push constants are limited to kPushConstantBytes");
        dispatchRaw(cmd, kernel, storage, &push, sizeof(Push), width, height, grid);
    }

    // The same, with the group counts read by the GPU from `commands` at `offset`.
    template <class Push>
    void dispatchIndirect(VkCommandBuffer cmd, VkBuffer grid, std::string_view kernel,
                          std::initializer_list<VkBuffer> storage, const Push& push, VkBuffer commands,
                          VkDeviceSize offset) {
        static_assert(sizeof(Push) <= kPushConstantBytes, "push constants are limited to kPushConstantBytes");
        const KernelId id = idOf(kernel);
        bind(cmd, id, positionalSlots(id, storage, grid), &push, sizeof(Push));
        context_.vk.vkCmdDispatchIndirect(cmd, commands, offset);
    }

    // Workgroups that cover `threads` threads along x (rows) or y, for the kernels dispatched by
    // name (all of the default BILLOW_GROUP_X x BILLOW_GROUP_Y shape, test_kernel_table checks).
    static uint32_t groupCountX(uint32_t threads) { return groupsCovering(threads, BILLOW_GROUP_X); }
    static uint32_t groupCountY(uint32_t threads) { return groupsCovering(threads, BILLOW_GROUP_Y); }

private:
    void createPipelines(const std::vector<KernelId>& ids, VkDeviceSize uniformSize);
    static KernelId idOf(std::string_view kernel);
    static DescriptorSlots positionalSlots(KernelId id, std::initializer_list<VkBuffer> storage, VkBuffer grid);
    void dispatchRaw(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                     const void* push, uint32_t pushSize, uint32_t width, uint32_t height,
                     VkBuffer grid = VK_NULL_HANDLE);
    void record(VkCommandBuffer cmd, KernelId id, const DescriptorSlots& slots, const void* push,
                uint32_t pushSize, uint32_t groupsX, uint32_t groupsY);
    void bind(VkCommandBuffer cmd, KernelId id, DescriptorSlots slots, const void* push, uint32_t pushSize);
    VkDescriptorSet descriptorSet(const DescriptorSlots& slots);
    void destroy() noexcept;

    ContextState& context_;
    VkBuffer uniformBuffer_;
    VkDeviceSize uniformSize_;
    GpuBuffer placeholder_;  // bound to unused storage slots
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    std::array<VkPipeline, kKernelCount> pipelines_{};  // by KernelId; VK_NULL_HANDLE: not created
    std::vector<VkDescriptorPool> pools_;
    std::map<DescriptorSlots, VkDescriptorSet> sets_;
    uint32_t setsLeftInPool_ = 0;
};

} // namespace billow::detail
