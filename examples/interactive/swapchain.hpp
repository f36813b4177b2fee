// The window's swapchain: images, their views, and one "rendering finished" semaphore per image
// (a present may still wait on it after the frame slot that signalled it has moved on, so it
// belongs to the image, not to the frame). Recreated when the window changes size.
#pragma once

#include <cstdint>
#include <vector>

#include <vulkan/vulkan.h>

struct GLFWwindow;

namespace billow::interactive {

class VulkanSetup;

class Swapchain {
public:
    Swapchain(const VulkanSetup& vulkan, GLFWwindow* window);
    ~Swapchain();
    Swapchain(const Swapchain&) = delete;
    Swapchain& operator=(const Swapchain&) = delete;

    // Waits for the device to be idle and builds a new swapchain for the window's current size.
    // Returns false (and keeps the old one) while the window is minimised (zero size).
    bool recreate();

    VkSwapchainKHR handle = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{0, 0};
    std::vector<VkImage> images;
    std::vector<VkImageView> views;
    std::vector<VkSemaphore> renderingDone;  // one per image
    bool readable = false;  // images can be copied out (VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
    uint32_t generation = 0;  // increments on every (re)creation; framebuffers follow it

private:
    void build(VkSwapchainKHR old);
    void destroyImageResources();
    const VulkanSetup& vulkan_;
    GLFWwindow* window_;
};

} // namespace billow::interactive
