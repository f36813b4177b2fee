// A compute pipeline with its own small descriptor layout, for the passes that write the engine's
// images (FieldImage, VolumeRenderer): storage images and sampled images cannot join the solvers'
// shared layout of storage buffers (core/kernel_set.hpp), and each of these passes binds a
// handful of resources that the engine owns. Thin: it creates and destroys, nothing more.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/context_state.hpp"

namespace billow::detail {

class ImagePipeline {
public:
    ImagePipeline() = default;
    // `bindings`: the descriptor type of bindings 0, 1, ... (one descriptor each, compute stage);
    // `pushBytes`: the push-constant range; `maxSets`: how many sets allocateSet() may make.
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
    // A new descriptor set of this layout (InvalidArgument past maxSets: they live as long as the
    // pipeline, because the engine's command buffers may still use them).
    VkDescriptorSet allocateSet(const char* owner);
    // Returns a set to the pool: only once no command buffer that uses it can still run.
    void freeSet(VkDescriptorSet set) noexcept;

    // One resource per binding, in binding order: a buffer (whole), or an image view in a layout.
    struct Resource {
        VkBuffer buffer = VK_NULL_HANDLE;
        VkImageView view = VK_NULL_HANDLE;
        VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL;
        VkSampler sampler = VK_NULL_HANDLE;
    };
    void write(VkDescriptorSet set, std::span<const Resource> resources) const;

    // Binds the pipeline and `set`, pushes `push` and dispatches `groups`.
    void dispatch(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes, uint32_t groupsX,
                  uint32_t groupsY, uint32_t groupsZ) const;
    // The same with the group counts read by the GPU from `args` at `offset` (a
    // VkDispatchIndirectCommand, e.g. the sparse solver's topology header).
    void dispatchIndirect(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes, VkBuffer args,
                          VkDeviceSize offset) const;

private:
    void release() noexcept;
    ContextState* context_ = nullptr;
    std::vector<VkDescriptorType> types_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    uint32_t setsLeft_ = 0;
};

} // namespace billow::detail
