#include "support/engine_image.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace billow::test {

uint32_t texelBytes(VkFormat format) {
    switch (format) {
    case VK_FORMAT_R8_UNORM: return 1;
    case VK_FORMAT_R16_SFLOAT: return 2;
    case VK_FORMAT_R32_SFLOAT: return 4;
    case VK_FORMAT_R8G8B8A8_UNORM: return 4;
    case VK_FORMAT_R16G16B16A16_SFLOAT: return 8;
    case VK_FORMAT_R32G32B32A32_SFLOAT: return 16;
    default: throw std::runtime_error("texelBytes: format " + std::to_string(int(format)));
    }
}

uint32_t channelCount(VkFormat format) {
    return format == VK_FORMAT_R8_UNORM || format == VK_FORMAT_R16_SFLOAT || format == VK_FORMAT_R32_SFLOAT ? 1 : 4;
}

float halfToFloat(uint16_t half) {
    const int sign = (half >> 15) & 1, exponent = (half >> 10) & 31, mantissa = half & 1023;
    double value;
    if (exponent == 0) value = std::ldexp(double(mantissa), -24);
    else if (exponent == 31) value = mantissa ? NAN : INFINITY;
    else value = std::ldexp(1.0 + mantissa / 1024.0, exponent - 15);
    return float(sign ? -value : value);
}

EngineImage::EngineImage(std::shared_ptr<Context> context, VkFormat format, uint32_t width, uint32_t height,
                         uint32_t depth, bool volume, VkImageUsageFlags extraUsage)
    : context_(std::move(context)), format_(format), width_(width), height_(height), depth_(depth) {
    VkDevice device = context_->device();
    const bool is3D = volume || depth > 1;
    VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    info.imageType = is3D ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
    info.format = format;
    info.extent = {width, height, depth};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT | extraUsage;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    engineCheck(vkCreateImage(device, &info, nullptr, &image_), "vkCreateImage");
    VkMemoryRequirements requirements{};
    vkGetImageMemoryRequirements(device, image_, &requirements);
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = engineMemoryType(context_->physicalDevice(), requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    engineCheck(vkAllocateMemory(device, &allocate, nullptr, &memory_), "vkAllocateMemory");
    engineCheck(vkBindImageMemory(device, image_, memory_, 0), "vkBindImageMemory");
    VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    viewInfo.image = image_;
    viewInfo.viewType = is3D ? VK_IMAGE_VIEW_TYPE_3D : VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = format;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    engineCheck(vkCreateImageView(device, &viewInfo, nullptr, &view_), "vkCreateImageView");

    VkBufferCreateInfo bufferInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bufferInfo.size = VkDeviceSize(texels()) * texelBytes(format);
    bufferInfo.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    engineCheck(vkCreateBuffer(device, &bufferInfo, nullptr, &readback_), "vkCreateBuffer");
    vkGetBufferMemoryRequirements(device, readback_, &requirements);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = engineMemoryType(context_->physicalDevice(), requirements.memoryTypeBits,
                                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    engineCheck(vkAllocateMemory(device, &allocate, nullptr, &readbackMemory_), "vkAllocateMemory");
    engineCheck(vkBindBufferMemory(device, readback_, readbackMemory_, 0), "vkBindBufferMemory");
    engineCheck(vkMapMemory(device, readbackMemory_, 0, VK_WHOLE_SIZE, 0, &mapped_), "vkMapMemory");
}

EngineImage::~EngineImage() {
    VkDevice device = context_->device();
    vkDeviceWaitIdle(device);
    vkDestroyBuffer(device, readback_, nullptr);
    vkFreeMemory(device, readbackMemory_, nullptr);
    vkDestroyImageView(device, view_, nullptr);
    vkDestroyImage(device, image_, nullptr);
    vkFreeMemory(device, memory_, nullptr);
}

void EngineImage::submit(const std::function<void(VkCommandBuffer)>& body) { engineSubmit(*context_, body); }

std::vector<std::array<float, 4>> EngineImage::frame(const std::function<void(VkCommandBuffer)>& body) {
    submit([&](VkCommandBuffer cmd) {
        body(cmd);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {width_, height_, depth_};
        vkCmdCopyImageToBuffer(cmd, image_, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback_, 1, &region);
        VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0, nullptr, 0,
                             nullptr);
    });
    layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    lastStage = VK_PIPELINE_STAGE_TRANSFER_BIT;

    std::vector<std::array<float, 4>> texelsOut(texels(), {0.0f, 0.0f, 0.0f, 0.0f});
    const auto* bytes = static_cast<const uint8_t*>(mapped_);
    const uint32_t channels = channelCount(format_), size = texelBytes(format_) / channels;
    for (size_t t = 0; t < texelsOut.size(); ++t)
        for (uint32_t c = 0; c < channels; ++c) {
            const uint8_t* p = bytes + (t * channels + c) * size;
            float v = 0.0f;
            if (size == 1) v = float(*p) / 255.0f;
            else if (size == 2) {
                uint16_t h;
                std::memcpy(&h, p, 2);
                v = halfToFloat(h);
            } else std::memcpy(&v, p, 4);
            texelsOut[t][c] = v;
        }
    return texelsOut;
}

} // namespace billow::test
