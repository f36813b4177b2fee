// Compute pipelines sharing one pipeline layout (zeux/niagara style): descriptor set 0 holds a
// uniform buffer at binding 0 and BILLOW_STORAGE_SLOTS storage buffers at bindings 1..N, and every
// kernel gets kPushConstantBytes of push constants. Descriptor sets are made once per distinct list
// of buffers and reused, so recording a step allocates nothing after the first few steps.
//
// Kernels are typed (billow_kernels.hpp, generated from the reflected SPIR-V): a call site names
// every buffer through the kernel's Bindings, its push constants are the kernel's own Push type,
// and its dispatch size is divided by the kernel's own workgroup size on the context's workgroup
// profile (the wide shapes, or the minimum ones that every Vulkan device runs):
//
//   kernels.dispatch(cmd, kernels::SmokeDivergence::Bindings{.u = ..., .v = ..., ..., .divergence = ...},
//                    width, height);
//
// A kernel with variants (BILLOW_KERNEL_VARIANTS, cmake/generate_kernel_table.py) gets one pipeline
// per value of its specialization constant 0, each from its own module with that value frozen at
// build time, all created with the set; its Bindings name the one a dispatch uses
// (`.variant = KernelVariant{1}`), so each variant's code is compiled alone.
#pragma once

#include <concepts>
#include <initializer_list>
#include <map>
#include <span>
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
    // Likewise, plus single kernels of other groups that declare no uniform block (shared by
    // grids of both dimensions, e.g. the pressure gate).
    KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups, std::initializer_list<KernelId> extra,
              VkBuffer uniformBuffer, VkDeviceSize uniformSize);
    // Likewise, with the kernels that have 16-bit flow storage modules (BILLOW_FLOW_STORAGE,
    // common/flow_storage.glsl) built from those when `float16Flow`: a dispatch names the same
    // variant either way, and reaches the modules of the set's storage. The device must have
    // enabled storageBuffer16BitAccess (ContextState::storage16Bit) for them.
    KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups, std::initializer_list<KernelId> extra,
              VkBuffer uniformBuffer, VkDeviceSize uniformSize, bool float16Flow);
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
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), &push, sizeof(push),
               groupsCovering(width, localSize(K::id).x), groupsCovering(height, localSize(K::id).y));
    }
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, uint32_t width, uint32_t height) {
        using K = typename B::Kernel;
        static_assert(std::is_same_v<typename K::Push, NoPush>, "this kernel needs its push constants");
        static_assert(!K::shapesOwnWorkgroup, "this kernel shapes its own workgroup: use dispatchGroups");
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), nullptr, 0, groupsCovering(width, localSize(K::id).x),
               groupsCovering(height, localSize(K::id).y));
    }
    // 3D: enough workgroups to cover width x height x depth threads.
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push, uint32_t width,
                  uint32_t height, uint32_t depth) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        static_assert(!K::shapesOwnWorkgroup, "this kernel shapes its own workgroup: use dispatchGroups");
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), &push, sizeof(push),
               groupsCovering(width, localSize(K::id).x), groupsCovering(height, localSize(K::id).y),
               groupsCovering(depth, localSize(K::id).z));
    }
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, uint32_t width, uint32_t height, uint32_t depth) {
        using K = typename B::Kernel;
        static_assert(std::is_same_v<typename K::Push, NoPush>, "this kernel needs its push constants");
        static_assert(!K::shapesOwnWorkgroup, "this kernel shapes its own workgroup: use dispatchGroups");
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), nullptr, 0, groupsCovering(width, localSize(K::id).x),
               groupsCovering(height, localSize(K::id).y), groupsCovering(depth, localSize(K::id).z));
    }
    // For kernels that shape their own workgroup (BILLOW_OWN_WORKGROUP_SIZE: a tile with its halo,
    // one workgroup for a whole level): the number of workgroups itself.
    template <KernelBindings B>
    void dispatchGroups(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push, uint32_t groupsX,
                        uint32_t groupsY) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        static_assert(K::shapesOwnWorkgroup, "this kernel covers threads: use dispatch with a size in threads");
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), &push, sizeof(push), groupsX, groupsY);
    }
    template <KernelBindings B>
    void dispatchGroups(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push, uint32_t groupsX,
                        uint32_t groupsY, uint32_t groupsZ) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        static_assert(K::shapesOwnWorkgroup, "this kernel covers threads: use dispatch with a size in threads");
        record(cmd, K::id, bindings.variantIndex(), bindings.slots(), &push, sizeof(push), groupsX, groupsY, groupsZ);
    }
    // The group counts read by the GPU from `commands` at `offset` (a VkDispatchIndirectCommand)
    // when the dispatch executes: lets GPU-side logic skip work.
    template <KernelBindings B>
    void dispatchIndirect(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push,
                          VkBuffer commands, VkDeviceSize offset) {
        using K = typename B::Kernel;
        static_assert(!std::is_same_v<typename K::Push, NoPush>, "this kernel takes no push constants");
        bind(cmd, K::id, bindings.variantIndex(), bindings.slots(), &push, sizeof(push));
        context_.vk.vkCmdDispatchIndirect(cmd, commands, offset);
        ++context_.recordedDispatches;
    }
    template <KernelBindings B>
    void dispatchIndirect(VkCommandBuffer cmd, const B& bindings, VkBuffer commands, VkDeviceSize offset) {
        using K = typename B::Kernel;
        static_assert(std::is_same_v<typename K::Push, NoPush>, "this kernel needs its push constants");
        bind(cmd, K::id, bindings.variantIndex(), bindings.slots(), nullptr, 0);
        context_.vk.vkCmdDispatchIndirect(cmd, commands, offset);
        ++context_.recordedDispatches;
    }

    // Drops the cached descriptor sets that bind `buffer` (a buffer the engine owns and may destroy,
    // whose handle Vulkan may then give to a new buffer): the next dispatch with it writes a new set.
    // The sets stay allocated in their pool (one still in a pending command buffer stays valid).
    void forgetBuffer(VkBuffer buffer);

    // A kernel's workgroup size on this context's workgroup profile (ContextState::workgroups):
    // what every dispatch in threads divides by, and the size a kernel that shapes its own
    // workgroup (a tile and its halo) was compiled with.
    WorkgroupSize localSize(KernelId id) const {
        return kernelInfo(id).localSizes[static_cast<uint32_t>(context_.workgroups)];
    }

    // Workgroups of `size` threads that cover `threads` threads.
    static constexpr uint32_t groupsCovering(uint32_t threads, uint32_t size) { return (threads + size - 1) / size; }

private:
    // Whether this device dispatches (and so builds) a kernel's variant: all of them, except the 2D
    // advection kernels' velocity-read variants, of which a CPU implementation builds the tapped two
    // and any other device the direct two, and the 16-bit flow storage modules, built instead of the
    // float32 ones in a set of float16Flow.
    bool builtOnThisDevice(const KernelInfo& info, uint32_t variant) const;
    void createPipelines(const std::vector<KernelId>& ids, VkDeviceSize uniformSize);
    VkPipeline createPipeline(std::span<const uint32_t> code);
    void record(VkCommandBuffer cmd, KernelId id, uint32_t variant, const DescriptorSlots& slots, const void* push,
                uint32_t pushSize, uint32_t groupsX, uint32_t groupsY, uint32_t groupsZ = 1);
    void bind(VkCommandBuffer cmd, KernelId id, uint32_t variant, DescriptorSlots slots, const void* push,
              uint32_t pushSize);
    VkDescriptorSet descriptorSet(const DescriptorSlots& slots);
    void destroy() noexcept;

    ContextState& context_;
    bool float16Flow_ = false;
    VkBuffer uniformBuffer_;
    VkDeviceSize uniformSize_;
    GpuBuffer placeholder_;  // bound to unused storage slots
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    // By KernelInfo::firstPipeline + variant; VK_NULL_HANDLE: not created.
    std::array<VkPipeline, kPipelineCount> pipelines_{};
    std::vector<VkDescriptorPool> pools_;
    std::map<DescriptorSlots, VkDescriptorSet> sets_;
    uint32_t setsLeftInPool_ = 0;
};

} // namespace billow::detail
