// Draws one of Billow's fields into a swapchain image with a fullscreen triangle whose fragment
// shader reads Billow's storage buffers directly (no copy). One descriptor set per frame in flight,
// rewritten every frame because Billow's buffers ping-pong.
#pragma once

#include <cstdint>
#include <vector>

#include <vulkan/vulkan.h>

#include "billow/smoke_solver.hpp"
#include "views.hpp"

namespace billow::interactive {

class VulkanSetup;
class Swapchain;

class FieldRenderer {
public:
    FieldRenderer(const VulkanSetup& vulkan, const Swapchain& swapchain, uint32_t framesInFlight);
    ~FieldRenderer();
    FieldRenderer(const FieldRenderer&) = delete;
    FieldRenderer& operator=(const FieldRenderer&) = delete;

    // Records the draw into swapchain image `imageIndex`. The solver's writes must already be
    // released to the fragment shader (SmokeSolver::recordReleaseBarrier), and `frameSlot`'s
    // previous submission must have finished (its descriptor set is rewritten here).
    // `forReadBack`: the image ends in TRANSFER_SRC_OPTIMAL, its writes visible to a transfer
    // read, instead of PRESENT_SRC_KHR.
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver& solver, View view,
                bool forReadBack);

private:
    static constexpr uint32_t kBindings = 7;
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

} // namespace billow::interactive
