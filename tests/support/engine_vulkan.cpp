#include "support/engine_vulkan.hpp"

#include <stdexcept>
#include <string>

namespace billow::test {

void engineCheck(VkResult result, const char* what) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(int(result)));
}

uint32_t engineMemoryType(VkPhysicalDevice physical, uint32_t bits, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties properties{};
    vkGetPhysicalDeviceMemoryProperties(physical, &properties);
    for (uint32_t i = 0; i < properties.memoryTypeCount; ++i)
        if ((bits & (1u << i)) && (properties.memoryTypes[i].propertyFlags & flags) == flags) return i;
    throw std::runtime_error("no memory type");
}

void engineSubmit(Context& context, const std::function<void(VkCommandBuffer)>& body) {
    VkDevice device = context.device();
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = context.queueFamilyIndex();
    VkCommandPool pool = VK_NULL_HANDLE;
    engineCheck(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    VkResult submitted = vkAllocateCommandBuffers(device, &allocate, &cmd);
    if (submitted == VK_SUCCESS) {
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        submitted = vkBeginCommandBuffer(cmd, &begin);
    }
    if (submitted == VK_SUCCESS) {
        try {
            body(cmd);
        } catch (...) {
            vkDestroyCommandPool(device, pool, nullptr);
            throw;
        }
        submitted = vkEndCommandBuffer(cmd);
    }
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (submitted == VK_SUCCESS) submitted = vkCreateFence(device, &fenceInfo, nullptr, &fence);
    if (submitted == VK_SUCCESS) {
        VkSubmitInfo submitInfo{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submitInfo.commandBufferCount = 1;
        submitInfo.pCommandBuffers = &cmd;
        submitted = vkQueueSubmit(context.queue(), 1, &submitInfo, fence);
    }
    const VkResult waited =
        submitted == VK_SUCCESS ? vkWaitForFences(device, 1, &fence, VK_TRUE, 600'000'000'000ull) : submitted;
    if (fence != VK_NULL_HANDLE) vkDestroyFence(device, fence, nullptr);
    vkDestroyCommandPool(device, pool, nullptr);
    engineCheck(submitted, "vkQueueSubmit");
    engineCheck(waited, "vkWaitForFences");
}

} // namespace billow::test
