#include "image/image_target.hpp"

#include <string>

#include "image/image_formats.hpp"

namespace billow::detail {

namespace {

void recordTransition(const ContextState& context, VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
                      VkPipelineStageFlags srcStage, VkAccessFlags srcAccess, VkPipelineStageFlags dstStage,
                      VkAccessFlags dstAccess) {
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = srcAccess;
    barrier.dstAccessMask = dstAccess;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    context.vk.vkCmdPipelineBarrier(cmd, srcStage, dstStage, 0, 0, nullptr, 0, nullptr, 1, &barrier);
}

} // namespace

void checkStorageFormat(const ContextState& context, VkFormat format, const char* owner) {
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(context.physicalDevice, format, &properties);
    if (!(properties.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
        throw UnsupportedDevice(std::string(owner) + ": the device cannot write " + formatName(format) +
                                " as a storage image (VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT); choose another format");
}

void recordTargetAcquire(const ContextState& context, VkCommandBuffer cmd, const ImageTarget& target, VkImageLayout layout,
                         VkPipelineStageFlags stage, VkAccessFlags access) {
    recordTransition(context, cmd, target.image, layout, VK_IMAGE_LAYOUT_GENERAL, stage, access,
                     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
}

void recordTargetRelease(const ContextState& context, VkCommandBuffer cmd, const ImageTarget& target) {
    recordTransition(context, cmd, target.image, VK_IMAGE_LAYOUT_GENERAL, target.newLayout,
                     VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT, target.dstStage, target.dstAccess);
    context.vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                                    nullptr, 0, nullptr);
}

} // namespace billow::detail
