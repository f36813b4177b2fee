// A compute pipeline with its own small descriptor layout, for the passes that write the engine's
// images (FieldImage, VolumeRenderer): storage images and sampled images cannot join the solvers'
// shared layout of storage buffers (core/kernel_set.hpp), and each of these passes binds a
// handful of resources that the engine owns.
//
// Its descriptor sets are written afresh for every record (acquireSet), never looked up by the
// handles they hold: an engine may destroy an image or a solver once the submissions that used it
// have completed, and the driver may give a new object the old one's handle value, so a set
// cached by handle could bind a destroyed object. A set goes back to the ring once the GPU has
// run the record that used it, which the record tells the host by a stamp (recordRetire: a
// transfer write of the record's serial into a host-visible word per set, as the field
// downloads' stamps, core/field_readback.hpp), and once kRecordsBeforeReuse later records have
// been acquired, so an engine's frame fences have retired its command buffer before the set is
// written again (the validation layer tracks a set's use by those fences, not by the stamp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"

namespace billow::detail {

class ImagePipeline {
public:
    ImagePipeline() = default;
    // `bindings`: the descriptor type of bindings 0, 1, ... (one descriptor each, compute stage);
    // `pushBytes`: the push-constant range; `maxSets`: how many sets acquireSet() may make (the
    // records that may wait for the GPU at once).
    // Throws VulkanError; on failure nothing is left allocated.
    ImagePipeline(ContextState& context, std::span<const VkDescriptorType> bindings, uint32_t pushBytes,
                  std::span<const uint32_t> spirv, uint32_t maxSets);
    ~ImagePipeline();
    ImagePipeline(ImagePipeline&& other) noexcept;
    ImagePipeline& operator=(ImagePipeline&& other) noexcept;
    ImagePipeline(const ImagePipeline&) = delete;
    ImagePipeline& operator=(const ImagePipeline&) = delete;

    VkPipeline pipeline() const noexcept { return pipeline_; }
    VkPipelineLayout layout() const noexcept { return layout_; }
    // One resource per binding, in binding order: a buffer (whole), or an image view in a layout.
    struct Resource {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkImageView view = VK_NULL_HANDLE;
        VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;
        VkSampler sampler = VK_NULL_HANDLE;
    };

    // How many sets of this pipeline are acquired after a set's use before it is written again
    // (at least): 8 covers an engine with up to 8 frames in flight recording the pass once a
    // frame, or 4 recording it twice (two views).
    static constexpr uint32_t kRecordsBeforeReuse = 8;
    // A descriptor set of this layout written with `resources` for one record: the least recently
    // used set whose record has completed (stamped) and is kRecordsBeforeReuse acquisitions old,
    // or a new one. InvalidArgument naming `owner` when maxSets sets are all still in flight
    // (records not yet run by the GPU, or never submitted). Call recordRetire after the dispatch.
    VkDescriptorSet acquireSet(std::span<const Resource> resources, const char* owner);
    // Records, after the dispatches of this command buffer that used the sets acquired since the
    // last call, their stamps (compute -> transfer -> host): from then on the host sees when the
    // GPU has run them.
    void recordRetire(VkCommandBuffer cmd);

    // Binds the pipeline and `set`, pushes `push` and dispatches `groups`.
    void dispatch(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes, uint32_t groupsX,
                  uint32_t groupsY, uint32_t groupsZ) const;
    // The same with the group counts read by the GPU from `args` at `offset` (a
    // VkDispatchIndirectCommand, e.g. the sparse solver's topology header).
    void dispatchIndirect(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes, VkBuffer args,
                          VkDeviceSize offset) const;

private:
    void release() noexcept;
    void write(VkDescriptorSet set, std::span<const Resource> resources) const;
    bool completed(uint32_t slot) const noexcept;

    struct SetSlot {
        VkDescriptorSet set = VK_NULL_HANDLE;
        uint32_t serial = 0;  // the acquisition that last used it; its stamp says when the GPU ran it
    };
    ContextState* context_ = nullptr;
    std::vector<VkDescriptorType> types_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    uint32_t maxSets_ = 0;
    std::vector<SetSlot> sets_;       // made on demand, at most maxSets_
    std::vector<uint32_t> unstamped_;  // slots acquired since the last recordRetire
    uint32_t serial_ = 0;             // acquisitions so far (compared for equality only: wraps harmlessly)
    GpuBuffer stamps_;                // one 32-bit word per slot: the serial of its last completed record
};

} // namespace billow::detail
