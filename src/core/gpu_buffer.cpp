#include "core/gpu_buffer.hpp"

#include <cstring>
#include <utility>

#include "core/barriers.hpp"

namespace billow::detail {

GpuBuffer::GpuBuffer(ContextState& context, VkDeviceSize size, VkBufferUsageFlags usage, Kind kind)
    : context_(&context), size_(size) {
    const VolkDeviceTable& vk = context.vk;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    BILLOW_VK(vk.vkCreateBuffer(context.device, &info, context.allocator, &buffer_));
    try {
        VkMemoryRequirements req;
        vk.vkGetBufferMemoryRequirements(context.device, buffer_, &req);
        VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        alloc.allocationSize = req.size;
        alloc.memoryTypeIndex = kind == Kind::Staging
            ? context.findMemoryType(req.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                     VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
            : context.findMemoryType(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
        BILLOW_VK(vk.vkAllocateMemory(context.device, &alloc, context.allocator, &memory_));
        BILLOW_VK(vk.vkBindBufferMemory(context.device, buffer_, memory_, 0));
        if (kind == Kind::Staging)
            BILLOW_VK(vk.vkMapMemory(context.device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped_));
    } catch (...) {
        release();
        throw;
    }
}

GpuBuffer::~GpuBuffer() { release(); }

GpuBuffer::GpuBuffer(GpuBuffer&& other) noexcept
    : context_(std::exchange(other.context_, nullptr)),
      buffer_(std::exchange(other.buffer_, VK_NULL_HANDLE)),
      memory_(std::exchange(other.memory_, VK_NULL_HANDLE)),
      size_(std::exchange(other.size_, 0)),
      mapped_(std::exchange(other.mapped_, nullptr)) {}

GpuBuffer& GpuBuffer::operator=(GpuBuffer&& other) noexcept {
    if (this != &other) {
        release();
        context_ = std::exchange(other.context_, nullptr);
        buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
        memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
        size_ = std::exchange(other.size_, 0);
        mapped_ = std::exchange(other.mapped_, nullptr);
    }
    return *this;
}

void GpuBuffer::release() noexcept {
    if (!context_) return;
    if (buffer_ || memory_) {
        context_->destroyWhenIdle([context = context_, buffer = buffer_, memory = memory_] {
            if (buffer) context->vk.vkDestroyBuffer(context->device, buffer, context->allocator);
            if (memory) context->vk.vkFreeMemory(context->device, memory, context->allocator);
        });
    }
    buffer_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    mapped_ = nullptr;
}

void uploadBytes(ContextState& context, VkBuffer destination, std::span<const std::byte> bytes) {
    if (bytes.empty()) return;
    GpuBuffer staging(context, bytes.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT, GpuBuffer::Kind::Staging);
    std::memcpy(staging.mapped(), bytes.data(), bytes.size());
    context.submitAndWait([&](VkCommandBuffer cmd) {
        memoryBarrier(context, cmd, kComputeReadWrite, kTransferWrite);
        VkBufferCopy region{0, 0, bytes.size()};
        context.vk.vkCmdCopyBuffer(cmd, staging.handle(), destination, 1, &region);
        memoryBarrier(context, cmd, kTransferWrite, kComputeReadWrite);
    });
}

void downloadBytes(ContextState& context, VkBuffer source, std::span<std::byte> bytes) {
    if (bytes.empty()) return;
    GpuBuffer staging(context, bytes.size(), VK_BUFFER_USAGE_TRANSFER_DST_BIT, GpuBuffer::Kind::Staging);
    context.submitAndWait([&](VkCommandBuffer cmd) {
        memoryBarrier(context, cmd, kComputeReadWrite, kTransferRead);
        VkBufferCopy region{0, 0, bytes.size()};
        context.vk.vkCmdCopyBuffer(cmd, source, staging.handle(), 1, &region);
        memoryBarrier(context, cmd, kTransferWriteToHost, kHostRead);
    });
    std::memcpy(bytes.data(), staging.mapped(), bytes.size());
}

void fillZero(ContextState& context, VkBuffer destination, VkDeviceSize size) {
    context.submitAndWait([&](VkCommandBuffer cmd) {
        memoryBarrier(context, cmd, kComputeReadWrite, kTransferWrite);
        context.vk.vkCmdFillBuffer(cmd, destination, 0, size, 0);
        memoryBarrier(context, cmd, kTransferWrite, kComputeReadWrite);
    });
}

} // namespace billow::detail
