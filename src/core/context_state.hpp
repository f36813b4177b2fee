// What a Context holds: handles, the private device function table, device facts, and a
// one-shot submit helper for blocking uploads/downloads.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>

#include "billow/context.hpp"
#include "core/vulkan_api.hpp"

namespace billow::detail {

struct ContextState {
    bool embedded = false;
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;
    const VkAllocationCallbacks* allocator = nullptr;
    VolkDeviceTable vk{};  // every device-level call goes through this table

    VkPhysicalDeviceProperties properties{};
    VkPhysicalDeviceMemoryProperties memoryProperties{};
    DeviceInfo info;
    bool timestamps = false;

    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    MessageCallback onMessage;
    std::atomic<uint32_t> messageCount{0};

    // For blocking transfers (submitAndWait). Guarded by `submitMutex`.
    std::mutex submitMutex;
    VkCommandPool transientPool = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;

    ~ContextState();

    // Records `body` into a fresh command buffer, submits it to the queue and waits.
    void submitAndWait(const std::function<void(VkCommandBuffer)>& body);
    // Submits an already recorded command buffer and waits for it.
    void submitAndWait(VkCommandBuffer cmd);

    // Index of a memory type with all of `required` flags (and preferably `preferred` too).
    uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                            VkMemoryPropertyFlags preferred) const;

    void createTransientObjects();
};

// Throws UnsupportedDevice naming the first missing limit or feature.
void checkDeviceRequirements(const VkPhysicalDeviceProperties& properties,
                             const std::vector<VkQueueFamilyProperties>& families,
                             uint32_t queueFamilyIndex);

} // namespace billow::detail
