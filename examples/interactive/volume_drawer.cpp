#include "volume_drawer.hpp"

#include <array>
#include <cstring>

#include "swapchain.hpp"
#include "volume_view.hpp"
#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {

const uint32_t kFragmentSpirv[] =
#include "volume_view.frag.inc"
    ;
const uint32_t kBakeSpirv[] =
#include "volume_light.comp.inc"
    ;

// volume_light.comp's local size.
constexpr uint32_t kBakeGroup[3] = {8, 8, 4};
uint32_t groups(uint32_t count, uint32_t size) { return (count + size - 1) / size; }

// The bindings of volume_fields.glsl, volume_light.comp and volume_view.frag: 0 the view, 1
// density, 2 temperature, 3 solid, 4 the light volume; one set serves the bake and the draw.
constexpr uint32_t kBindings = 5;
std::array<VkDescriptorSetLayoutBinding, kBindings> volumeBindings() {
    std::array<VkDescriptorSetLayoutBinding, kBindings> bindings{};
    for (uint32_t b = 0; b < kBindings; ++b)
        bindings[b] = {b, b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                       VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    return bindings;
}

void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags srcStage, VkAccessFlags src,
                   VkPipelineStageFlags dstStage, VkAccessFlags dst) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = src;
    barrier.dstAccessMask = dst;
    vkCmdPipelineBarrier(cmd, srcStage, dstStage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace

VolumeDrawer::VolumeDrawer(const VulkanSetup& vulkan, const Swapchain& swapchain, uint32_t framesInFlight)
    : device_(vulkan.device), physical_(vulkan.physicalDevice), swapchain_(swapchain),
      pass_(vulkan, swapchain, kFragmentSpirv, volumeBindings(), 0, framesInFlight) {
    try {
        VkDescriptorSetLayout setLayout = pass_.setLayout();
        VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &setLayout;
        check(vkCreatePipelineLayout(device_, &layoutInfo, nullptr, &bakeLayout_), "vkCreatePipelineLayout");
        ShaderModule module(device_, kBakeSpirv);
        VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
        info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        info.stage.module = module.handle;
        info.stage.pName = "main";
        info.layout = bakeLayout_;
        check(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &info, nullptr, &bake_), "vkCreateComputePipelines");
        for (uint32_t k = 0; k < framesInFlight; ++k)
            views_.emplace_back(device_, physical_, sizeof(render::detail::GpuView), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, true);
        lights_.resize(framesInFlight);
    } catch (...) {
        release();
        throw;
    }
}

VolumeDrawer::~VolumeDrawer() { release(); }

void VolumeDrawer::release() {
    if (bake_) vkDestroyPipeline(device_, bake_, nullptr);
    if (bakeLayout_) vkDestroyPipelineLayout(device_, bakeLayout_, nullptr);
    bake_ = VK_NULL_HANDLE;
    bakeLayout_ = VK_NULL_HANDLE;
}

void VolumeDrawer::record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver3D& solver,
                          const render::OrbitCamera& camera, const render::VolumeLook& look, bool forReadBack) {
    render::detail::checkCamera(camera);
    render::detail::checkLook(look);
    const SmokeSettings3D& s = solver.settings();
    const render::detail::GpuView view =
        render::detail::makeView(s, camera, look, swapchain_.extent.width, swapchain_.extent.height);
    std::memcpy(views_[frameSlot].mapped(), &view, sizeof(view));
    render::detail::RenderBuffer& light = lights_[frameSlot];
    const VkDeviceSize lightBytes = solver.bufferSize(SmokeField3D::Density);
    if (light.size() != lightBytes)  // the slot's last submission has finished: free to replace
        light = render::detail::RenderBuffer(device_, physical_, lightBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, false);

    // Query the buffers now: the step recorded just before has advanced the ping-pong.
    const std::array<VkDescriptorBufferInfo, kBindings> buffers{{
        {views_[frameSlot].handle(), 0, VK_WHOLE_SIZE},
        {solver.buffer(SmokeField3D::Density), 0, solver.bufferSize(SmokeField3D::Density)},
        {solver.buffer(SmokeField3D::Temperature), 0, solver.bufferSize(SmokeField3D::Temperature)},
        {solver.buffer(SmokeField3D::Solid), 0, solver.bufferSize(SmokeField3D::Solid)},
        {light.handle(), 0, VK_WHOLE_SIZE},
    }};
    std::array<VkWriteDescriptorSet, kBindings> writes{};
    for (uint32_t b = 0; b < kBindings; ++b) {
        writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstSet = pass_.set(frameSlot);
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(device_, kBindings, writes.data(), 0, nullptr);

    // The bake overwrites this slot's light volume, which the slot's previous draw read (an
    // execution dependency suffices for a write after a read).
    memoryBarrier(cmd, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0);
    VkDescriptorSet set = pass_.set(frameSlot);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, bakeLayout_, 0, 1, &set, 0, nullptr);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, bake_);
    vkCmdDispatch(cmd, groups(s.nx, kBakeGroup[0]), groups(s.ny, kBakeGroup[1]), groups(s.nz, kBakeGroup[2]));
    memoryBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                  VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);

    pass_.begin(cmd, frameSlot, imageIndex, forReadBack);
    pass_.draw(cmd);
}

} // namespace billow::interactive
