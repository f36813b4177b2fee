// An image Billow owns (the volume renderer's stand-in depth image and renderPicture's target):
// one 2D colour image with its memory and view, created in a given layout.
#pragma once

#include "core/context_state.hpp"

namespace billow::detail {

class OwnedImage {
public:
    OwnedImage() = default;
    // Creates the image and its view; a layout other than UNDEFINED is reached by a blocking
    // transition (the image's contents are then zero). Throws VulkanError; nothing left on failure.
    OwnedImage(ContextState& context, VkFormat format, uint32_t width, uint32_t height, VkImageUsageFlags usage,
               VkImageLayout layout);
    ~OwnedImage();
    OwnedImage(OwnedImage&& other) noexcept;
    OwnedImage& operator=(OwnedImage&& other) noexcept;
    OwnedImage(const OwnedImage&) = delete;
    OwnedImage& operator=(const OwnedImage&) = delete;

    VkImage image() const noexcept { return image_; }
    VkImageView view() const noexcept { return view_; }
    uint32_t width() const noexcept { return width_; }
    uint32_t height() const noexcept { return height_; }

private:
    void release() noexcept;
    ContextState* context_ = nullptr;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    uint32_t width_ = 0, height_ = 0;
};

} // namespace billow::detail
