#include "screenshot.hpp"

#include <cstdint>
#include <stdexcept>
#include <vector>

#include <cstdio>
#include <png.h>
#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {

ScreenshotReader::~ScreenshotReader() { release(); }

void ScreenshotReader::release() {
    if (buffer_) vkDestroyBuffer(vulkan_.device, buffer_, nullptr);
    if (memory_) vkFreeMemory(vulkan_.device, memory_, nullptr);  // unmaps it
    buffer_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    mapped_ = nullptr;
    capacity_ = 0;
}

void ScreenshotReader::ensureCapacity(VkDeviceSize bytes) {
    if (bytes <= capacity_) return;
    release();  // the previous read-back was written out and its submission has finished
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = bytes;
    info.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    check(vkCreateBuffer(vulkan_.device, &info, nullptr, &buffer_), "vkCreateBuffer");
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(vulkan_.device, buffer_, &requirements);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(vulkan_.physicalDevice, &memory);
    const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = 0;
    while (type < memory.memoryTypeCount &&
           !((requirements.memoryTypeBits & (1u << type)) && (memory.memoryTypes[type].propertyFlags & want) == want))
        ++type;
    if (type == memory.memoryTypeCount) throw std::runtime_error("screenshot: no host-visible, coherent memory type");
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = requirements.size;
    alloc.memoryTypeIndex = type;
    check(vkAllocateMemory(vulkan_.device, &alloc, nullptr, &memory_), "vkAllocateMemory");
    check(vkBindBufferMemory(vulkan_.device, buffer_, memory_, 0), "vkBindBufferMemory");
    check(vkMapMemory(vulkan_.device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped_), "vkMapMemory");
    capacity_ = bytes;
}

void ScreenshotReader::record(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, VkFormat format) {
    if (format != VK_FORMAT_B8G8R8A8_UNORM && format != VK_FORMAT_R8G8B8A8_UNORM &&
        format != VK_FORMAT_B8G8R8A8_SRGB && format != VK_FORMAT_R8G8B8A8_SRGB)
        throw std::runtime_error("screenshot: swapchain format " + std::to_string(format) + " is not 8-bit RGBA/BGRA");
    ensureCapacity(VkDeviceSize(extent.width) * extent.height * 4);
    extent_ = extent;
    format_ = format;

    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {extent.width, extent.height, 1};
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer_, 1, &region);

    VkBufferMemoryBarrier toHost{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    toHost.srcQueueFamilyIndex = toHost.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    toHost.buffer = buffer_;
    toHost.size = VK_WHOLE_SIZE;
    // The copy only reads the image: presentation (after the frame's semaphore) needs the layout
    // change ordered after that read, not a memory dependency.
    VkImageMemoryBarrier toPresent{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    toPresent.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    toPresent.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    toPresent.srcQueueFamilyIndex = toPresent.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    toPresent.image = image;
    toPresent.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                         0, 0, nullptr, 1, &toHost, 1, &toPresent);
}

void ScreenshotReader::write(const std::string& path) const {
    if (!mapped_) throw std::runtime_error("screenshot: nothing was read back");
    const bool bgra = format_ == VK_FORMAT_B8G8R8A8_UNORM || format_ == VK_FORMAT_B8G8R8A8_SRGB;
    const auto* pixels = static_cast<const uint8_t*>(mapped_);
    std::vector<uint8_t> rgb(size_t(extent_.width) * extent_.height * 3);
    for (size_t p = 0; p < size_t(extent_.width) * extent_.height; ++p) {
        rgb[3 * p + 0] = pixels[4 * p + (bgra ? 2 : 0)];
        rgb[3 * p + 1] = pixels[4 * p + 1];
        rgb[3 * p + 2] = pixels[4 * p + (bgra ? 0 : 2)];
    }
    writePng(path, rgb);  // image rows run top-down, as PNG's do
}

void ScreenshotReader::writePng(const std::string& path, const std::vector<uint8_t>& rgb) const {
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) throw std::runtime_error("screenshot: cannot open " + path + " for writing");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!png || !info || setjmp(png_jmpbuf(png))) {  // libpng reports errors by longjmp
        png_destroy_write_struct(&png, &info);
        std::fclose(file);
        throw std::runtime_error("screenshot: libpng failed writing " + path);
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, extent_.width, extent_.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t row = 0; row < extent_.height; ++row)
        png_write_row(png, rgb.data() + size_t(row) * extent_.width * 3);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    if (std::fclose(file) != 0) throw std::runtime_error("screenshot: error closing " + path);
}

} // namespace billow::interactive
