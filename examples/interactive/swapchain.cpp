#include "swapchain.hpp"

#include <algorithm>
#include <stdexcept>

#include <GLFW/glfw3.h>

#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {

Swapchain::Swapchain(const VulkanSetup& vulkan, GLFWwindow* window) : vulkan_(vulkan), window_(window) {
    try {
        build(VK_NULL_HANDLE);
    } catch (...) {
        destroyImageResources();
        if (handle) vkDestroySwapchainKHR(vulkan_.device, handle, nullptr);
        throw;
    }
}

Swapchain::~Swapchain() {
    destroyImageResources();
    if (handle) vkDestroySwapchainKHR(vulkan_.device, handle, nullptr);
}

void Swapchain::destroyImageResources() {
    for (VkImageView v : views) vkDestroyImageView(vulkan_.device, v, nullptr);
    for (VkSemaphore s : renderingDone) vkDestroySemaphore(vulkan_.device, s, nullptr);
    views.clear();
    renderingDone.clear();
    images.clear();
}

bool Swapchain::recreate() {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    if (w == 0 || h == 0) return false;
    check(vkDeviceWaitIdle(vulkan_.device), "vkDeviceWaitIdle");
    destroyImageResources();
    VkSwapchainKHR old = handle;
    handle = VK_NULL_HANDLE;
    build(old);
    vkDestroySwapchainKHR(vulkan_.device, old, nullptr);
    return true;
}

void Swapchain::build(VkSwapchainKHR old) {
    VkSurfaceCapabilitiesKHR caps;
    check(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(vulkan_.physicalDevice, vulkan_.surface, &caps),
          "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    uint32_t count = 0;
    vkGetPhysicalDeviceSurfaceFormatsKHR(vulkan_.physicalDevice, vulkan_.surface, &count, nullptr);
    std::vector<VkSurfaceFormatKHR> formats(count);
    vkGetPhysicalDeviceSurfaceFormatsKHR(vulkan_.physicalDevice, vulkan_.surface, &count, formats.data());
    if (formats.empty()) throw std::runtime_error("the window surface offers no image format");
    // A UNORM format: the fragment shader's colours go to the screen (and the screenshot) as they are.
    VkSurfaceFormatKHR chosen = formats[0];
    for (const auto& f : formats)
        if ((f.format == VK_FORMAT_B8G8R8A8_UNORM || f.format == VK_FORMAT_R8G8B8A8_UNORM) &&
            f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
            chosen = f;
    format = chosen.format;

    if (caps.currentExtent.width != UINT32_MAX) {
        extent = caps.currentExtent;
    } else {
        int w = 0, h = 0;
        glfwGetFramebufferSize(window_, &w, &h);
        extent.width = std::clamp(static_cast<uint32_t>(w), caps.minImageExtent.width, caps.maxImageExtent.width);
        extent.height = std::clamp(static_cast<uint32_t>(h), caps.minImageExtent.height, caps.maxImageExtent.height);
    }
    uint32_t imageCount = caps.minImageCount + 1;
    if (caps.maxImageCount > 0) imageCount = std::min(imageCount, caps.maxImageCount);
    readable = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;

    VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
    info.surface = vulkan_.surface;
    info.minImageCount = imageCount;
    info.imageFormat = chosen.format;
    info.imageColorSpace = chosen.colorSpace;
    info.imageExtent = extent;
    info.imageArrayLayers = 1;
    info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | (readable ? VK_IMAGE_USAGE_TRANSFER_SRC_BIT : 0);
    info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.preTransform = caps.currentTransform;
    info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
    if (!(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR))
        info.compositeAlpha = static_cast<VkCompositeAlphaFlagBitsKHR>(caps.supportedCompositeAlpha & -caps.supportedCompositeAlpha);
    info.presentMode = VK_PRESENT_MODE_FIFO_KHR;  // always available; paces the demo to the display
    info.clipped = VK_TRUE;
    info.oldSwapchain = old;
    check(vkCreateSwapchainKHR(vulkan_.device, &info, nullptr, &handle), "vkCreateSwapchainKHR");

    vkGetSwapchainImagesKHR(vulkan_.device, handle, &count, nullptr);
    images.resize(count);
    vkGetSwapchainImagesKHR(vulkan_.device, handle, &count, images.data());
    for (VkImage image : images) {
        VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
        viewInfo.image = image;
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
        viewInfo.format = format;
        viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        VkImageView view = VK_NULL_HANDLE;
        check(vkCreateImageView(vulkan_.device, &viewInfo, nullptr, &view), "vkCreateImageView");
        views.push_back(view);
        VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
        VkSemaphore semaphore = VK_NULL_HANDLE;
        check(vkCreateSemaphore(vulkan_.device, &semaphoreInfo, nullptr, &semaphore), "vkCreateSemaphore");
        renderingDone.push_back(semaphore);
    }
    ++generation;
}

} // namespace billow::interactive
