#include "fullscreen_pass.hpp"

#include <array>
#include <map>

#include "swapchain.hpp"
#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {

const uint32_t kVertexSpirv[] =
#include "fullscreen.vert.inc"
    ;

} // namespace

ShaderModule::ShaderModule(VkDevice device_, std::span<const uint32_t> spirv) : device(device_) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = spirv.size_bytes();
    info.pCode = spirv.data();
    check(vkCreateShaderModule(device, &info, nullptr, &handle), "vkCreateShaderModule");
}

ShaderModule::~ShaderModule() { vkDestroyShaderModule(device, handle, nullptr); }

VkRenderPass FullscreenPass::makeRenderPass(bool forReadBack) const {
    VkAttachmentDescription colour{};
    colour.format = swapchain_.format;
    colour.samples = VK_SAMPLE_COUNT_1_BIT;
    colour.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;  // the triangle covers every pixel
    colour.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    colour.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    colour.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    colour.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    colour.finalLayout = forReadBack ? VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL : VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &ref;

    std::array<VkSubpassDependency, 2> deps{};
    // In: the image-acquire semaphore is waited at COLOR_ATTACHMENT_OUTPUT; the layout transition
    // from UNDEFINED must come after it.
    deps[0].srcSubpass = VK_SUBPASS_EXTERNAL;
    deps[0].dstSubpass = 0;
    deps[0].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    deps[0].srcAccessMask = 0;
    deps[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    deps[0].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    // Out: presentation waits on a semaphore (nothing to add); a read-back copies with a
    // transfer. Both passes carry the same dependency: render passes with different
    // dependencies are not compatible, and they share the pipeline and framebuffers.
    deps[1].srcSubpass = 0;
    deps[1].dstSubpass = VK_SUBPASS_EXTERNAL;
    deps[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    deps[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    deps[1].dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
    deps[1].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;

    VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    info.attachmentCount = 1;
    info.pAttachments = &colour;
    info.subpassCount = 1;
    info.pSubpasses = &subpass;
    info.dependencyCount = static_cast<uint32_t>(deps.size());
    info.pDependencies = deps.data();
    VkRenderPass pass = VK_NULL_HANDLE;
    check(vkCreateRenderPass(vulkan_.device, &info, nullptr, &pass), "vkCreateRenderPass");
    return pass;
}

FullscreenPass::FullscreenPass(const VulkanSetup& vulkan, const Swapchain& swapchain,
                               std::span<const uint32_t> fragmentSpirv,
                               std::span<const VkDescriptorSetLayoutBinding> bindings, uint32_t pushBytes,
                               uint32_t framesInFlight)
    : vulkan_(vulkan), swapchain_(swapchain) {
    VkDevice device = vulkan_.device;
    try {
        presentPass_ = makeRenderPass(false);
        readBackPass_ = makeRenderPass(true);

        VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        setInfo.bindingCount = static_cast<uint32_t>(bindings.size());
        setInfo.pBindings = bindings.data();
        check(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &setLayout_), "vkCreateDescriptorSetLayout");
        VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, pushBytes};
        VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &setLayout_;
        layoutInfo.pushConstantRangeCount = pushBytes > 0 ? 1 : 0;
        layoutInfo.pPushConstantRanges = &push;
        check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &pipelineLayout_), "vkCreatePipelineLayout");

        std::map<VkDescriptorType, uint32_t> perType;  // descriptors of each type, over all sets
        for (const VkDescriptorSetLayoutBinding& b : bindings) perType[b.descriptorType] += b.descriptorCount * framesInFlight;
        std::vector<VkDescriptorPoolSize> poolSizes;
        for (const auto& [type, count] : perType) poolSizes.push_back({type, count});
        VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        poolInfo.maxSets = framesInFlight;
        poolInfo.poolSizeCount = static_cast<uint32_t>(poolSizes.size());
        poolInfo.pPoolSizes = poolSizes.data();
        check(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool_), "vkCreateDescriptorPool");
        std::vector<VkDescriptorSetLayout> layouts(framesInFlight, setLayout_);
        sets_.resize(framesInFlight);
        VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        alloc.descriptorPool = pool_;
        alloc.descriptorSetCount = framesInFlight;
        alloc.pSetLayouts = layouts.data();
        check(vkAllocateDescriptorSets(device, &alloc, sets_.data()), "vkAllocateDescriptorSets");

        ShaderModule vertex(device, kVertexSpirv);
        ShaderModule fragment(device, fragmentSpirv);
        std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
        stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
        stages[0].module = vertex.handle;
        stages[0].pName = "main";
        stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
        stages[1].module = fragment.handle;
        stages[1].pName = "main";
        VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
        VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
        assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
        VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
        viewport.viewportCount = 1;  // viewport and scissor are dynamic: the swapchain can resize
        viewport.scissorCount = 1;
        VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
        raster.polygonMode = VK_POLYGON_MODE_FILL;
        raster.cullMode = VK_CULL_MODE_NONE;
        raster.lineWidth = 1.0f;
        VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
        multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
        VkPipelineColorBlendAttachmentState blendAttachment{};
        blendAttachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                                         VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
        VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
        blend.attachmentCount = 1;
        blend.pAttachments = &blendAttachment;
        VkDynamicState dynamicStates[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
        VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
        dynamic.dynamicStateCount = 2;
        dynamic.pDynamicStates = dynamicStates;
        VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
        info.stageCount = static_cast<uint32_t>(stages.size());
        info.pStages = stages.data();
        info.pVertexInputState = &vertexInput;
        info.pInputAssemblyState = &assembly;
        info.pViewportState = &viewport;
        info.pRasterizationState = &raster;
        info.pMultisampleState = &multisample;
        info.pColorBlendState = &blend;
        info.pDynamicState = &dynamic;
        info.layout = pipelineLayout_;
        info.renderPass = presentPass_;  // readBackPass_ is compatible (only the final layout differs)
        check(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline_),
              "vkCreateGraphicsPipelines");
    } catch (...) {
        release();
        throw;
    }
}

FullscreenPass::~FullscreenPass() { release(); }

void FullscreenPass::release() {
    VkDevice device = vulkan_.device;
    destroyFramebuffers();
    if (pipeline_) vkDestroyPipeline(device, pipeline_, nullptr);
    if (pool_) vkDestroyDescriptorPool(device, pool_, nullptr);
    if (pipelineLayout_) vkDestroyPipelineLayout(device, pipelineLayout_, nullptr);
    if (setLayout_) vkDestroyDescriptorSetLayout(device, setLayout_, nullptr);
    if (readBackPass_) vkDestroyRenderPass(device, readBackPass_, nullptr);
    if (presentPass_) vkDestroyRenderPass(device, presentPass_, nullptr);
    pipeline_ = VK_NULL_HANDLE;
    pool_ = VK_NULL_HANDLE;
    pipelineLayout_ = VK_NULL_HANDLE;
    setLayout_ = VK_NULL_HANDLE;
    readBackPass_ = presentPass_ = VK_NULL_HANDLE;
}

void FullscreenPass::destroyFramebuffers() {
    for (VkFramebuffer f : framebuffers_) vkDestroyFramebuffer(vulkan_.device, f, nullptr);
    framebuffers_.clear();
}

// Called when the swapchain was recreated (which waited for the device to be idle, so the old
// framebuffers are no longer in use).
void FullscreenPass::rebuildFramebuffers() {
    destroyFramebuffers();
    for (VkImageView view : swapchain_.views) {
        VkFramebufferCreateInfo info{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
        info.renderPass = presentPass_;
        info.attachmentCount = 1;
        info.pAttachments = &view;
        info.width = swapchain_.extent.width;
        info.height = swapchain_.extent.height;
        info.layers = 1;
        VkFramebuffer framebuffer = VK_NULL_HANDLE;
        check(vkCreateFramebuffer(vulkan_.device, &info, nullptr, &framebuffer), "vkCreateFramebuffer");
        framebuffers_.push_back(framebuffer);
    }
    framebufferGeneration_ = swapchain_.generation;
}

void FullscreenPass::begin(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) {
    if (framebufferGeneration_ != swapchain_.generation) rebuildFramebuffers();
    VkRenderPassBeginInfo begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    begin.renderPass = forReadBack ? readBackPass_ : presentPass_;
    begin.framebuffer = framebuffers_[imageIndex];
    begin.renderArea = {{0, 0}, swapchain_.extent};
    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_);
    VkViewport viewport{0.0f, 0.0f, float(swapchain_.extent.width), float(swapchain_.extent.height), 0.0f, 1.0f};
    VkRect2D scissor{{0, 0}, swapchain_.extent};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelineLayout_, 0, 1, &sets_[frameSlot], 0, nullptr);
}

void FullscreenPass::draw(VkCommandBuffer cmd) {
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
}

} // namespace billow::interactive
