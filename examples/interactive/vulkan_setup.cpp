#include "vulkan_setup.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include "vulkan_check.hpp"

namespace billow::interactive {

VKAPI_ATTR VkBool32 VKAPI_CALL VulkanSetup::onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                                      VkDebugUtilsMessageTypeFlagsEXT,
                                                      const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    static_cast<VulkanSetup*>(user)->messages_++;
    std::fprintf(stderr, "validation: %s\n", data && data->pMessage ? data->pMessage : "(no message)");
    return VK_FALSE;
}

VulkanSetup::VulkanSetup(GLFWwindow* window, bool validation) {
    try {
        create(window, validation);
    } catch (...) {
        destroy();  // nothing half-built is left behind
        throw;
    }
}

void VulkanSetup::create(GLFWwindow* window, bool validation) {
    uint32_t glfwCount = 0;
    const char** glfwExtensions = glfwGetRequiredInstanceExtensions(&glfwCount);
    if (!glfwExtensions) throw std::runtime_error("GLFW found no Vulkan window-system support");
    std::vector<const char*> extensions(glfwExtensions, glfwExtensions + glfwCount);

    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "billow interactive";
    app.apiVersion = kApiVersion;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;

    const char* layer = "VK_LAYER_KHRONOS_validation";
    VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enables;
    VkDebugUtilsMessengerCreateInfoEXT messengerInfo{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    messengerInfo.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messengerInfo.pfnUserCallback = onMessage;
    messengerInfo.pUserData = this;
    if (validation) {
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        messengerInfo.pNext = &features;
        info.pNext = &messengerInfo;  // also reports messages from instance creation itself
        info.enabledLayerCount = 1;
        info.ppEnabledLayerNames = &layer;
    }
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    check(vkCreateInstance(&info, nullptr, &instance),
          validation ? "vkCreateInstance (with the validation layer: is it installed?)" : "vkCreateInstance");
    if (validation) {
        messengerInfo.pNext = nullptr;
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
        check(create(instance, &messengerInfo, nullptr, &messenger_), "vkCreateDebugUtilsMessengerEXT");
    }
    check(glfwCreateWindowSurface(instance, window, nullptr, &surface), "glfwCreateWindowSurface");

    // The first device with one queue family that does graphics + compute + present to the
    // window, supports the swapchain and Vulkan 1.1 (Billow's minimum).
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    for (VkPhysicalDevice d : devices) {
        VkPhysicalDeviceProperties props;
        vkGetPhysicalDeviceProperties(d, &props);
        if (props.apiVersion < kApiVersion) continue;
        uint32_t extCount = 0;
        vkEnumerateDeviceExtensionProperties(d, nullptr, &extCount, nullptr);
        std::vector<VkExtensionProperties> exts(extCount);
        vkEnumerateDeviceExtensionProperties(d, nullptr, &extCount, exts.data());
        bool swapchain = false;
        for (const auto& e : exts) swapchain |= std::string(e.extensionName) == VK_KHR_SWAPCHAIN_EXTENSION_NAME;
        if (!swapchain) continue;
        uint32_t familyCount = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(d, &familyCount, nullptr);
        std::vector<VkQueueFamilyProperties> families(familyCount);
        vkGetPhysicalDeviceQueueFamilyProperties(d, &familyCount, families.data());
        for (uint32_t f = 0; f < familyCount; ++f) {
            const VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
            VkBool32 present = VK_FALSE;
            vkGetPhysicalDeviceSurfaceSupportKHR(d, f, surface, &present);
            if ((families[f].queueFlags & need) == need && present) {
                physicalDevice = d;
                queueFamily = f;
                timestamps = families[f].timestampValidBits > 0 && props.limits.timestampPeriod > 0.0f;
                timestampPeriodNs = props.limits.timestampPeriod;
                break;
            }
        }
        if (physicalDevice) break;
    }
    if (!physicalDevice)
        throw std::runtime_error("no Vulkan 1.1 device with a graphics+compute queue that can present to the window");

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    const char* swapchainExtension = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    deviceInfo.enabledExtensionCount = 1;
    deviceInfo.ppEnabledExtensionNames = &swapchainExtension;
    check(vkCreateDevice(physicalDevice, &deviceInfo, nullptr, &device), "vkCreateDevice");
    vkGetDeviceQueue(device, queueFamily, 0, &queue);
}

VulkanSetup::~VulkanSetup() { destroy(); }

void VulkanSetup::destroy() {
    if (device) vkDestroyDevice(device, nullptr);
    if (surface) vkDestroySurfaceKHR(instance, surface, nullptr);
    if (messenger_) {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
        destroy(instance, messenger_, nullptr);
    }
    if (instance) vkDestroyInstance(instance, nullptr);
}

} // namespace billow::interactive
