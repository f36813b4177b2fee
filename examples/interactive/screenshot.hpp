// Reads a rendered swapchain image back to the host and writes it as a PNG (for --screenshot,
// the P key and the scripted test).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

namespace billow::interactive {

class VulkanSetup;

class ScreenshotReader {
public:
    explicit ScreenshotReader(const VulkanSetup& vulkan) : vulkan_(vulkan) {}
    ~ScreenshotReader();
    ScreenshotReader(const ScreenshotReader&) = delete;
    ScreenshotReader& operator=(const ScreenshotReader&) = delete;

    // Records the copy of `image` (in TRANSFER_SRC_OPTIMAL, its writes visible to transfer reads)
    // into host memory, then moves the image to PRESENT_SRC_KHR for presentation. The previous
    // read-back must have been written out (the caller waits for it).
    void record(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, VkFormat format);
    // After the recorded copy's submission has completed: writes the pixels as an RGB PNG.
    void write(const std::string& path) const;

private:
    void ensureCapacity(VkDeviceSize bytes);
    void release();
    void writePng(const std::string& path, const std::vector<uint8_t>& rgb) const;
    const VulkanSetup& vulkan_;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    void* mapped_ = nullptr;
    VkDeviceSize capacity_ = 0;
    VkExtent2D extent_{0, 0};
    VkFormat format_ = VK_FORMAT_UNDEFINED;
};

} // namespace billow::interactive
