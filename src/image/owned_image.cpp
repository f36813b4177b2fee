#include "image/owned_image.hpp"

#include <utility>

namespace billow::detail {

OwnedImage::OwnedImage(ContextState& context, VkFormat format, uint32_t width, uint32_t height, VkImageUsageFlags usage,
                       VkImageLayout layout)
    : context_(&context), width_(width), height_(height) {
    const VolkDeviceTable& vk = context.vk;
    try {
        VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
        info.imageType = VK_IMAGE_TYPE_2D;
        info.format = format;
        info.extent = {width, height, 1};
        info.mipLevels = 1;
        info.arrayLayers = 1;
        info.samples = VK_SAMPLE_COUNT_1_BIT;
        info.tiling = VK_IMAGE_TILING_OPTIMAL;
        info.usage = usage | (layout != VK_IMAGE_LAYOUT_UNDEFINED ? VK_IMAGE_USAGE_TRANSFER_DST_BIT : 0);
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        BILLOW_VK(vk.vkCreateImage(context.device, &info, context.allocator, &image_));
        VkMemoryRequirements requirements{};
        vk.vkGetImageMemoryRequirements(context.device, image_, &requirements);
        VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        allocate.allocationSize = requirements.size;
        allocate.memoryTypeIndex = context.findMemoryType(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                                                          VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        BILLOW_VK(vk.vkAllocateMemory(context.device, &allocate, context.allocator, &memory_));
        BILLOW_VK(vk.vkBindImageMemory(context.device, image_, memory_, 0));
        VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        viewInfo.image = image_;
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
        viewInfo.format = format;
        viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        BILLOW_VK(vk.vkCreateImageView(context.device, &viewInfo, context.allocator, &view_));
        if (layout != VK_IMAGE_LAYOUT_UNDEFINED) {
            context.submitAndWait([&](VkCommandBuffer cmd) {
                VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
                barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
                barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
                barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
                barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
                barrier.image = image_;
                barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
                vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr,
                                        0, nullptr, 1, &barrier);
                const VkClearColorValue zero{};
                vk.vkCmdClearColorImage(cmd, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1, &barrier.subresourceRange);
                barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
                barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
                barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
                barrier.newLayout = layout;
                vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0,
                                        nullptr, 0, nullptr, 1, &barrier);
            });
        }
    } catch (...) {
        release();
        throw;
    }
}

OwnedImage::~OwnedImage() { release(); }

OwnedImage::OwnedImage(OwnedImage&& other) noexcept { *this = std::move(other); }

OwnedImage& OwnedImage::operator=(OwnedImage&& other) noexcept {
    if (this != &other) {
        release();
        context_ = std::exchange(other.context_, nullptr);
        image_ = std::exchange(other.image_, VK_NULL_HANDLE);
        memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
        view_ = std::exchange(other.view_, VK_NULL_HANDLE);
        width_ = std::exchange(other.width_, 0);
        height_ = std::exchange(other.height_, 0);
    }
    return *this;
}

void OwnedImage::release() noexcept {
    if (!context_) return;
    ContextState& context = *context_;
    VkImage image = image_;
    VkDeviceMemory memory = memory_;
    VkImageView view = view_;
    context.destroyWhenIdle([&context, image, memory, view] {
        if (view) context.vk.vkDestroyImageView(context.device, view, context.allocator);
        if (image) context.vk.vkDestroyImage(context.device, image, context.allocator);
        if (memory) context.vk.vkFreeMemory(context.device, memory, context.allocator);
    });
    context_ = nullptr;
    image_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    view_ = VK_NULL_HANDLE;
}

} // namespace billow::detail
