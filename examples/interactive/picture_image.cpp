#include "picture_image.hpp"

#include <stdexcept>

#include "vulkan_check.hpp"

namespace billow::interactive {
namespace {

// A device-local memory type the image accepts; any accepted type where none is device-local
// (a CPU device's memory is all one kind).
uint32_t pictureMemoryType(VkPhysicalDevice physicalDevice, uint32_t acceptedTypes) {
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory);
    uint32_t fallback = UINT32_MAX;
    for (uint32_t type = 0; type < memory.memoryTypeCount; ++type) {
        if (!(acceptedTypes & (1u << type))) continue;
        if (memory.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) return type;
        if (fallback == UINT32_MAX) fallback = type;
    }
    if (fallback == UINT32_MAX) throw std::runtime_error("picture: no memory type accepts the image");
    return fallback;
}

} // namespace

PictureImage::PictureImage(VkDevice device, VkPhysicalDevice physicalDevice, VkFormat format, VkExtent2D extent)
    : device_(device), format_(format), extent_(extent) {
    try {
        VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
        info.imageType = VK_IMAGE_TYPE_2D;
        info.format = format;
        info.extent = {extent.width, extent.height, 1};
        info.mipLevels = 1;
        info.arrayLayers = 1;
        info.samples = VK_SAMPLE_COUNT_1_BIT;
        info.tiling = VK_IMAGE_TILING_OPTIMAL;
        info.usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        check(vkCreateImage(device_, &info, nullptr, &image_), "vkCreateImage");
        VkMemoryRequirements requirements;
        vkGetImageMemoryRequirements(device_, image_, &requirements);
        VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        alloc.allocationSize = requirements.size;
        alloc.memoryTypeIndex = pictureMemoryType(physicalDevice, requirements.memoryTypeBits);
        check(vkAllocateMemory(device_, &alloc, nullptr, &memory_), "vkAllocateMemory");
        check(vkBindImageMemory(device_, image_, memory_, 0), "vkBindImageMemory");
        VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        viewInfo.image = image_;
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
        viewInfo.format = format;
        viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        check(vkCreateImageView(device_, &viewInfo, nullptr, &view_), "vkCreateImageView");
    } catch (...) {
        release();
        throw;
    }
}

PictureImage::~PictureImage() { release(); }

void PictureImage::release() {
    if (view_) vkDestroyImageView(device_, view_, nullptr);
    if (image_) vkDestroyImage(device_, image_, nullptr);
    if (memory_) vkFreeMemory(device_, memory_, nullptr);
    view_ = VK_NULL_HANDLE;
    image_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
}

} // namespace billow::interactive
