// The few Vulkan objects the volume renderer owns, as RAII wrappers over the loader's functions
// (the renderer records on the context's device with its own command pool and pipelines).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <vulkan/vulkan.h>

namespace billow::render::detail {

// Throws std::runtime_error naming the call and the VkResult.
void check(VkResult result, const char* call);

// A buffer: in host-visible, coherent memory, mapped for its whole life (`mapped`), or in
// device-local memory for what only the GPU reads and writes.
class RenderBuffer {
public:
    RenderBuffer() = default;
    RenderBuffer(VkDevice device, VkPhysicalDevice physical, VkDeviceSize size, VkBufferUsageFlags usage, bool mapped);
    ~RenderBuffer();
    RenderBuffer(RenderBuffer&& other) noexcept;
    RenderBuffer& operator=(RenderBuffer&& other) noexcept;
    RenderBuffer(const RenderBuffer&) = delete;
    RenderBuffer& operator=(const RenderBuffer&) = delete;

    VkBuffer handle() const noexcept { return buffer_; }
    VkDeviceSize size() const noexcept { return size_; }
    void* mapped() const noexcept { return mapped_; }

private:
    void release() noexcept;
    VkDevice device_ = VK_NULL_HANDLE;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkDeviceSize size_ = 0;
    void* mapped_ = nullptr;
};

} // namespace billow::render::detail
