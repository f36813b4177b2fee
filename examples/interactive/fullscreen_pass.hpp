// A fullscreen triangle drawn into the swapchain image by one fragment shader that reads the
// descriptor set of its frame slot: the render passes (one ending in PRESENT_SRC_KHR, a compatible
// one ending in TRANSFER_SRC_OPTIMAL for screenshots), the framebuffers (rebuilt when the
// swapchain is), the graphics pipeline and one descriptor set per frame in flight. The 2D field
// view (FieldRenderer) and the 3D volume view (VolumeDrawer) each own one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <vulkan/vulkan.h>

namespace billow::interactive {

class VulkanSetup;
class Swapchain;

class FullscreenPass {
public:
    // `bindings`: the descriptor set's layout (its stages may include compute: the same sets can
    // then be bound to a compute pipeline made with setLayout()). `pushBytes`: the fragment
    // shader's push-constant block, 0 for none.
    FullscreenPass(const VulkanSetup& vulkan, const Swapchain& swapchain, std::span<const uint32_t> fragmentSpirv,
                   std::span<const VkDescriptorSetLayoutBinding> bindings, uint32_t pushBytes, uint32_t framesInFlight);
    ~FullscreenPass();
    FullscreenPass(const FullscreenPass&) = delete;
    FullscreenPass& operator=(const FullscreenPass&) = delete;

    VkDescriptorSet set(uint32_t frameSlot) const { return sets_[frameSlot]; }
    VkDescriptorSetLayout setLayout() const { return setLayout_; }
    VkPipelineLayout pipelineLayout() const { return pipelineLayout_; }

    // Begins the render pass on swapchain image `imageIndex`, binds the pipeline and `frameSlot`'s
    // set and sets the viewport; the caller pushes its constants, then calls draw().
    // `forReadBack`: the image ends in TRANSFER_SRC_OPTIMAL, its writes visible to a transfer
    // read, instead of PRESENT_SRC_KHR.
    void begin(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack);
    // Draws the triangle and ends the render pass.
    void draw(VkCommandBuffer cmd);

private:
    VkRenderPass makeRenderPass(bool forReadBack) const;
    void rebuildFramebuffers();
    void destroyFramebuffers();
    void release();  // destroys whatever was created

    const VulkanSetup& vulkan_;
    const Swapchain& swapchain_;
    VkRenderPass presentPass_ = VK_NULL_HANDLE;   // ends in PRESENT_SRC_KHR
    VkRenderPass readBackPass_ = VK_NULL_HANDLE;  // compatible; ends in TRANSFER_SRC_OPTIMAL
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout pipelineLayout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::vector<VkDescriptorSet> sets_;
    std::vector<VkFramebuffer> framebuffers_;
    uint32_t framebufferGeneration_ = 0;
};

// A shader module that destroys itself.
struct ShaderModule {
    ShaderModule(VkDevice device, std::span<const uint32_t> spirv);
    ~ShaderModule();
    ShaderModule(const ShaderModule&) = delete;
    ShaderModule& operator=(const ShaderModule&) = delete;
    VkDevice device;
    VkShaderModule handle = VK_NULL_HANDLE;
};

} // namespace billow::interactive
