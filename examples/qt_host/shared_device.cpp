#include "shared_device.hpp"

#include <QtGui/QVulkanDeviceFunctions>
#include <QtGui/QVulkanFunctions>
#include <stdexcept>
#include <vector>

SharedDevice createSharedDevice(QVulkanInstance& vulkan, QWindow& window) {
    QVulkanFunctions* f = vulkan.functions();
    uint32_t count = 0;
    f->vkEnumeratePhysicalDevices(vulkan.vkInstance(), &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    f->vkEnumeratePhysicalDevices(vulkan.vkInstance(), &count, devices.data());

    SharedDevice shared;
    std::string seen;
    for (VkPhysicalDevice candidate : devices) {
        VkPhysicalDeviceProperties properties{};
        f->vkGetPhysicalDeviceProperties(candidate, &properties);
        seen += std::string(seen.empty() ? "" : ", ") + properties.deviceName;
        uint32_t familyCount = 0;
        f->vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, nullptr);
        std::vector<VkQueueFamilyProperties> families(familyCount);
        f->vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, families.data());
        const VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
        for (uint32_t i = 0; i < familyCount && !shared.physicalDevice; ++i) {
            // Billow records its compute passes into Qt's graphics command buffer: one family for both.
            if ((families[i].queueFlags & wanted) != wanted) continue;
            if (!vulkan.supportsPresent(candidate, i, &window)) continue;
            shared.physicalDevice = candidate;
            shared.queueFamilyIndex = i;
            shared.deviceName = properties.deviceName;
        }
        if (shared.physicalDevice) break;
    }
    if (!shared.physicalDevice)
        throw std::runtime_error("no Vulkan device has a queue family with graphics, compute and present to the "
                                 "window (devices: " + (seen.empty() ? std::string("none") : seen) + ")");

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{};
    queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queueInfo.queueFamilyIndex = shared.queueFamilyIndex;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    // Qt needs the swapchain; Billow needs no extension or optional feature.
    const char* extensions[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
    VkDeviceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = extensions;
    const VkResult result = f->vkCreateDevice(shared.physicalDevice, &info, nullptr, &shared.device);
    if (result != VK_SUCCESS)
        throw std::runtime_error("vkCreateDevice failed on " + shared.deviceName + ": VkResult " + std::to_string(int(result)));
    return shared;
}

void destroySharedDevice(QVulkanInstance& vulkan, SharedDevice& shared) {
    if (!shared.device) return;
    QVulkanDeviceFunctions* df = vulkan.deviceFunctions(shared.device);
    df->vkDeviceWaitIdle(shared.device);
    df->vkDestroyDevice(shared.device, nullptr);
    vulkan.resetDeviceFunctions(shared.device);
    shared.device = VK_NULL_HANDLE;
}
