#include "field_renderer.hpp"

#include <array>
#include <cstdint>

#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {

const uint32_t kFragmentSpirv[] =
#include "field_view.frag.inc"
    ;

// Must match the push-constant block of shaders/field_view.frag.
struct FieldViewPush {
    uint32_t nx, ny, dyeNx, dyeNy;
    uint32_t view;
    float scale;
};

// The fields bound to the shader, in binding order.
constexpr std::array<SmokeField, 7> kBoundFields{SmokeField::Dye, SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Curl,
                                            SmokeField::Pressure, SmokeField::Divergence, SmokeField::Solid};

std::array<VkDescriptorSetLayoutBinding, kBoundFields.size()> fieldBindings() {
    std::array<VkDescriptorSetLayoutBinding, kBoundFields.size()> bindings{};
    for (uint32_t b = 0; b < bindings.size(); ++b)
        bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    return bindings;
}

} // namespace

FieldRenderer::FieldRenderer(const VulkanSetup& vulkan, const Swapchain& swapchain, uint32_t framesInFlight)
    : device_(vulkan.device), pass_(vulkan, swapchain, kFragmentSpirv, fieldBindings(), sizeof(FieldViewPush), framesInFlight) {}

void FieldRenderer::record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver& solver,
                           View view, bool forReadBack) {
    // Query the buffers now: the step recorded just before has advanced the ping-pong.
    std::array<VkDescriptorBufferInfo, kBoundFields.size()> buffers{};
    std::array<VkWriteDescriptorSet, kBoundFields.size()> writes{};
    for (uint32_t b = 0; b < kBoundFields.size(); ++b) {
        buffers[b] = {solver.buffer(kBoundFields[b]), 0, solver.bufferSize(kBoundFields[b])};
        writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstSet = pass_.set(frameSlot);
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(device_, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);

    pass_.begin(cmd, frameSlot, imageIndex, forReadBack);
    const SmokeSettings& s = solver.settings();
    FieldViewPush push{s.nx, s.ny, s.effectiveDyeNx(), s.effectiveDyeNy(), static_cast<uint32_t>(view), viewScale(view)};
    vkCmdPushConstants(cmd, pass_.pipelineLayout(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), &push);
    pass_.draw(cmd);
}

} // namespace billow::interactive
