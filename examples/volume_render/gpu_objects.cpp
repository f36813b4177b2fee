#include "gpu_objects.hpp"

#include <utility>

#include <billow/error.hpp>

namespace billow::render::detail {

void check(VkResult result, const char* call) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(call) + " failed: " + vkResultName(result));
}

RenderBuffer::RenderBuffer(VkDevice device, VkPhysicalDevice physical, VkDeviceSize size, VkBufferUsageFlags usage, bool mapped)
    : device_(device), size_(size) {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(device, &info, nullptr, &buffer_), "vkCreateBuffer");
    try {
        VkMemoryRequirements needs;
        vkGetBufferMemoryRequirements(device, buffer_, &needs);
        VkPhysicalDeviceMemoryProperties properties;
        vkGetPhysicalDeviceMemoryProperties(physical, &properties);
        const VkMemoryPropertyFlags wanted = mapped ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                                                    : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
        auto find = [&](VkMemoryPropertyFlags flags) {
            for (uint32_t t = 0; t < properties.memoryTypeCount; ++t)
                if ((needs.memoryTypeBits & (1u << t)) && (properties.memoryTypes[t].propertyFlags & flags) == flags) return t;
            return UINT32_MAX;
        };
        uint32_t type = find(wanted);
        if (type == UINT32_MAX && !mapped) type = find(0);
        if (type == UINT32_MAX) throw std::runtime_error("no host-visible coherent memory for the volume renderer");
        VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        allocate.allocationSize = needs.size;
        allocate.memoryTypeIndex = type;
        check(vkAllocateMemory(device, &allocate, nullptr, &memory_), "vkAllocateMemory");
        check(vkBindBufferMemory(device, buffer_, memory_, 0), "vkBindBufferMemory");
        if (mapped) check(vkMapMemory(device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped_), "vkMapMemory");
    } catch (...) {
        release();
        throw;
    }
}

RenderBuffer::~RenderBuffer() { release(); }

RenderBuffer::RenderBuffer(RenderBuffer&& other) noexcept { *this = std::move(other); }

RenderBuffer& RenderBuffer::operator=(RenderBuffer&& other) noexcept {
    if (this != &other) {
        release();
        device_ = std::exchange(other.device_, VK_NULL_HANDLE);
        buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
        memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
        size_ = std::exchange(other.size_, 0);
        mapped_ = std::exchange(other.mapped_, nullptr);
    }
    return *this;
}

void RenderBuffer::release() noexcept {
    if (buffer_) vkDestroyBuffer(device_, buffer_, nullptr);
    if (memory_) vkFreeMemory(device_, memory_, nullptr);
    buffer_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    mapped_ = nullptr;
}

} // namespace billow::render::detail
