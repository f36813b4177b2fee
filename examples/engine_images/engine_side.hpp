// The engine's side of the example: images it owns (a colour image Billow writes, a depth image it
// "rasterised"), its command buffer on the shared queue, and reading pixels back for the PNG.
#pragma once

#include <vulkan/vulkan.h>

#include <functional>
#include <memory>
#include <vector>

#include <billow/context.hpp>

namespace billow::example {

class EngineImage {
public:
    // A 2D image with STORAGE | SAMPLED | TRANSFER usage (colour), or DEPTH_STENCIL_ATTACHMENT |
    // SAMPLED | TRANSFER_DST (a depth format).
    EngineImage(std::shared_ptr<Context> context, VkFormat format, uint32_t width, uint32_t height);
    ~EngineImage();
    EngineImage(const EngineImage&) = delete;
    EngineImage& operator=(const EngineImage&) = delete;
    VkImage image() const { return image_; }
    VkImageView view() const { return view_; }
    VkExtent3D extent() const { return {width_, height_, 1}; }
    // Records the upload of `values` (one float per texel, D32_SFLOAT only) and leaves the image
    // in DEPTH_STENCIL_READ_ONLY_OPTIMAL, visible to compute shaders: the end of a depth pass.
    void recordDepthUpload(VkCommandBuffer cmd, VkBuffer staging);

private:
    std::shared_ptr<Context> context_;
    VkFormat format_;
    uint32_t width_, height_;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
};

// A host-visible buffer for uploads and read-backs.
class HostBuffer {
public:
    HostBuffer(std::shared_ptr<Context> context, VkDeviceSize bytes);
    ~HostBuffer();
    HostBuffer(const HostBuffer&) = delete;
    HostBuffer& operator=(const HostBuffer&) = delete;
    VkBuffer buffer() const { return buffer_; }
    void* data() const { return mapped_; }

private:
    std::shared_ptr<Context> context_;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    void* mapped_ = nullptr;
};

// Records `body` into a command buffer of the engine's own, submits it on the context's queue and
// waits (at most a minute).
void submitFrame(const Context& context, const std::function<void(VkCommandBuffer)>& body);

// Records the copy of a colour image in TRANSFER_SRC_OPTIMAL into `buffer`, visible to the host.
void recordReadBack(VkCommandBuffer cmd, const EngineImage& image, const HostBuffer& buffer);

} // namespace billow::example
