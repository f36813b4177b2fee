#include "validation_log.hpp"

#include <cctype>
#include <cstdio>
#include <cstring>

ValidationLog& ValidationLog::instance() {
    static ValidationLog log;
    return log;
}

bool ValidationLog::install(QVulkanInstance& vulkan) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vulkan.getInstanceProcAddr("vkCreateDebugUtilsMessengerEXT"));
    if (!create) return false;
    VkDebugUtilsMessengerCreateInfoEXT info{};
    info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
    info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = &ValidationLog::callback;
    info.pUserData = this;
    return create(vulkan.vkInstance(), &info, nullptr, &messenger_) == VK_SUCCESS;
}

void ValidationLog::uninstall(QVulkanInstance& vulkan) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vulkan.getInstanceProcAddr("vkDestroyDebugUtilsMessengerEXT"));
    if (destroy && messenger_) destroy(vulkan.vkInstance(), messenger_, nullptr);
    messenger_ = VK_NULL_HANDLE;
}

void ValidationLog::addBillowObject(uint64_t handle) {
    if (!handle) return;
    std::lock_guard lock(mutex_);
    billowObjects_.insert(handle);
}

void ValidationLog::record(const char* message, const uint64_t* handles, uint32_t handleCount) {
    std::lock_guard lock(mutex_);
    bool billow = billowRecording_.load();
    for (uint32_t i = 0; i < handleCount && !billow; ++i) billow = billowObjects_.count(handles[i]) > 0;
    // Hazards found while Qt records a draw that samples Billow's image list only Qt's command
    // buffer as the message's objects, and name the image in the text ("VkImage 0x...").
    const std::string text = message;
    for (auto it = billowObjects_.begin(); it != billowObjects_.end() && !billow; ++it) {
        char hex[32];
        std::snprintf(hex, sizeof(hex), "0x%llx", static_cast<unsigned long long>(*it));
        const size_t at = text.find(hex);
        billow = at != std::string::npos && !std::isxdigit(static_cast<unsigned char>(text[at + std::strlen(hex)]));
    }
    std::fprintf(stderr, "[validation, %s] %s\n", billow ? "Billow" : "Qt", message);
    (billow ? billow_ : qt_).emplace_back(message);
}

VkBool32 VKAPI_PTR ValidationLog::callback(VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
                                           const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    std::vector<uint64_t> handles;
    for (uint32_t i = 0; i < data->objectCount; ++i) handles.push_back(data->pObjects[i].objectHandle);
    static_cast<ValidationLog*>(user)->record(data->pMessage ? data->pMessage : "(no text)", handles.data(),
                                              uint32_t(handles.size()));
    return VK_FALSE;  // never abort the call: the host reports and fails at the end
}

size_t ValidationLog::billowCount() const {
    std::lock_guard lock(mutex_);
    return billow_.size();
}

size_t ValidationLog::qtCount() const {
    std::lock_guard lock(mutex_);
    return qt_.size();
}

std::vector<std::string> ValidationLog::billowMessages() const {
    std::lock_guard lock(mutex_);
    return billow_;
}

std::vector<std::string> ValidationLog::qtMessages() const {
    std::lock_guard lock(mutex_);
    return qt_;
}
