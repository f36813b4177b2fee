// Per-frame-in-flight objects of the app: a command buffer, its fence and the semaphore the
// swapchain signals when the frame's image is acquired. Two frames in flight: the CPU records
// frame N+1 while the GPU works on frame N.
#pragma once

#include <array>
#include <cstdint>

#include <vulkan/vulkan.h>

#include "vulkan_check.hpp"

namespace billow::interactive {

class FrameSlots {
public:
    static constexpr uint32_t kCount = 2;

    FrameSlots(VkDevice device, uint32_t queueFamily) : device_(device) {
        try {
            VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
            poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
            poolInfo.queueFamilyIndex = queueFamily;
            check(vkCreateCommandPool(device_, &poolInfo, nullptr, &pool_), "vkCreateCommandPool");
            VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
            alloc.commandPool = pool_;
            alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
            alloc.commandBufferCount = kCount;
            check(vkAllocateCommandBuffers(device_, &alloc, commands.data()), "vkAllocateCommandBuffers");
            for (uint32_t k = 0; k < kCount; ++k) {
                VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
                fenceInfo.flags = VK_FENCE_CREATE_SIGNALED_BIT;  // the first wait returns at once
                check(vkCreateFence(device_, &fenceInfo, nullptr, &fences[k]), "vkCreateFence");
                VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
                check(vkCreateSemaphore(device_, &semaphoreInfo, nullptr, &imageAcquired[k]), "vkCreateSemaphore");
            }
        } catch (...) {
            release();
            throw;
        }
    }
    ~FrameSlots() { release(); }
    FrameSlots(const FrameSlots&) = delete;
    FrameSlots& operator=(const FrameSlots&) = delete;

    std::array<VkCommandBuffer, kCount> commands{};
    std::array<VkFence, kCount> fences{};
    std::array<VkSemaphore, kCount> imageAcquired{};

private:
    void release() {
        for (VkFence f : fences)
            if (f) vkDestroyFence(device_, f, nullptr);
        for (VkSemaphore s : imageAcquired)
            if (s) vkDestroySemaphore(device_, s, nullptr);
        if (pool_) vkDestroyCommandPool(device_, pool_, nullptr);  // frees the command buffers
        fences = {};
        imageAcquired = {};
        pool_ = VK_NULL_HANDLE;
    }
    VkDevice device_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
};

} // namespace billow::interactive
