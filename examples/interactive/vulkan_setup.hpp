// The app's own Vulkan objects, created the way a game engine creates them: instance (with the
// validation layer and synchronization validation when asked), window surface, device and one
// queue that does graphics, compute and present. Billow is later handed these (embedded mode).
#pragma once

#include <atomic>
#include <cstdint>

#include <vulkan/vulkan.h>

struct GLFWwindow;

namespace billow::interactive {

class VulkanSetup {
public:
    VulkanSetup(GLFWwindow* window, bool validation);
    ~VulkanSetup();
    VulkanSetup(const VulkanSetup&) = delete;
    VulkanSetup& operator=(const VulkanSetup&) = delete;

    static constexpr uint32_t kApiVersion = VK_API_VERSION_1_1;

    VkInstance instance = VK_NULL_HANDLE;
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    uint32_t queueFamily = 0;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    bool timestamps = false;       // the queue family writes timestamps
    float timestampPeriodNs = 0.0f;

    // Validation messages (warnings and errors) seen so far; the demo exits non-zero if any.
    uint32_t validationMessages() const { return messages_.load(); }

private:
    void create(GLFWwindow* window, bool validation);
    void destroy();
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    std::atomic<uint32_t> messages_{0};
    static VKAPI_ATTR VkBool32 VKAPI_CALL onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                                    VkDebugUtilsMessageTypeFlagsEXT,
                                                    const VkDebugUtilsMessengerCallbackDataEXT*, void*);
};

} // namespace billow::interactive
