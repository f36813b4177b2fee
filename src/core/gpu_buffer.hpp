// A Vulkan buffer with its own memory allocation (Billow allocates a few dozen, so one allocation
// each keeps ownership obvious), plus blocking host<->device copies through a staging buffer.
#pragma once

#include <cstddef>
#include <span>

#include "core/context_state.hpp"

namespace billow::detail {

class GpuBuffer {
public:
    enum class Kind { DeviceLocal, Staging };

    GpuBuffer() = default;
    GpuBuffer(ContextState& context, VkDeviceSize size, VkBufferUsageFlags usage, Kind kind);
    ~GpuBuffer();
    GpuBuffer(GpuBuffer&& other) noexcept;
    GpuBuffer& operator=(GpuBuffer&& other) noexcept;
    GpuBuffer(const GpuBuffer&) = delete;
    GpuBuffer& operator=(const GpuBuffer&) = delete;

    VkBuffer handle() const noexcept { return buffer_; }
    VkDeviceSize size() const noexcept { return size_; }
    void* mapped() const noexcept { return mapped_; }  // staging buffers only

private:
    void release() noexcept;
    ContextState* context_ = nullptr;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkDeviceSize size_ = 0;
    void* mapped_ = nullptr;
};

// Blocking copies between host memory and a device buffer. They wait for the queue, with
// barriers against earlier compute work on the buffer.
void uploadBytes(ContextState& context, VkBuffer destination, std::span<const std::byte> bytes);
void downloadBytes(ContextState& context, VkBuffer source, std::span<std::byte> bytes);
void fillZero(ContextState& context, VkBuffer destination, VkDeviceSize size);

} // namespace billow::detail
