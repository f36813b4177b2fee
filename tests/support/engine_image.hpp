// An image as an engine owns it, for the tests of the passes that write into engine images: made
// with the plain Vulkan loader on the shared context's device, in any of the publish formats, 2D
// or 3D, with storage, sampling and transfer usage, plus the engine's side of a frame: its own
// command buffer, submitted to the context's queue and waited for, and the texels copied back
// and decoded to floats (RGBA per texel; one-channel formats fill only R).
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "billow/context.hpp"
#include "support/engine_vulkan.hpp"

namespace billow::test {

class EngineImage {
public:
    // A 2D image when depth is 1 and `volume` is false; a 3D image otherwise.
    EngineImage(std::shared_ptr<Context> context, VkFormat format, uint32_t width, uint32_t height, uint32_t depth = 1,
                bool volume = false, VkImageUsageFlags extraUsage = 0);
    ~EngineImage();
    EngineImage(const EngineImage&) = delete;
    EngineImage& operator=(const EngineImage&) = delete;

    VkImage image() const { return image_; }
    VkImageView view() const { return view_; }
    VkFormat format() const { return format_; }
    VkExtent3D extent() const { return {width_, height_, depth_}; }
    // The layout the last frame left it in (UNDEFINED at first) and the stage that last used it.
    VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkPipelineStageFlags lastStage = VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT;

    // Records `body` (which must leave the image in TRANSFER_SRC_OPTIMAL, its writes made
    // visible to the transfer stage) into a command buffer of the test's own, copies the image
    // out, submits, waits and returns the texels, x fastest then y then z, 4 floats each.
    std::vector<std::array<float, 4>> frame(const std::function<void(VkCommandBuffer)>& body);
    // Records `body` into a command buffer, submits and waits (nothing copied).
    void submit(const std::function<void(VkCommandBuffer)>& body);

    // A 2D or 3D view's size in texels.
    size_t texels() const { return size_t(width_) * height_ * depth_; }

private:
    std::shared_ptr<Context> context_;
    VkFormat format_;
    uint32_t width_, height_, depth_;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    VkBuffer readback_ = VK_NULL_HANDLE;
    VkDeviceMemory readbackMemory_ = VK_NULL_HANDLE;
    void* mapped_ = nullptr;
};

// Bytes per texel and channel count of a publish format.
uint32_t texelBytes(VkFormat format);
uint32_t channelCount(VkFormat format);
// IEEE binary16 to float, from the format's definition.
float halfToFloat(uint16_t half);

} // namespace billow::test
