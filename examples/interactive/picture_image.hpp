// A colour image of the app's in device memory, written by a compute shader (a storage image)
// and read by a fragment shader (sampled): the 3D view's picture, which billow::VolumeRenderer
// ray-marches into and a fullscreen triangle draws onto the swapchain image.
#pragma once

#include <cstdint>

#include <vulkan/vulkan.h>

namespace billow::interactive {

class PictureImage {
public:
    // Creates a 2D `format` image of `extent` with STORAGE and SAMPLED usage, its memory and a
    // view. Its layout starts UNDEFINED.
    PictureImage(VkDevice device, VkPhysicalDevice physicalDevice, VkFormat format, VkExtent2D extent);
    ~PictureImage();
    PictureImage(const PictureImage&) = delete;
    PictureImage& operator=(const PictureImage&) = delete;

    VkImage image() const { return image_; }
    VkImageView view() const { return view_; }
    VkFormat format() const { return format_; }
    VkExtent2D extent() const { return extent_; }

private:
    void release();
    VkDevice device_;
    VkFormat format_;
    VkExtent2D extent_;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
};

} // namespace billow::interactive
