// The Khronos validation layer's messages on the shared device, sorted by whom they concern.
//
// In embedded mode Billow installs no messenger of its own (Context::validationMessageCount()
// only counts in standalone mode), so the host hooks VK_EXT_debug_utils itself. Qt and Billow
// record into the same command buffers on the same queue, so a message is put down to Billow
// when it was raised while Billow was recording (the layer checks vkCmd* calls on the calling
// thread) or when it names an object Billow works on (its storage buffers, the published image
// and its view), among its objects or in its text; everything else is put down to Qt. A hazard
// between Billow's writes and Qt's draw that samples the image is reported at Qt's
// vkCmdExecuteCommands and names only Qt's command buffers, so it is counted as Qt's: the
// self-test therefore fails on any message, and the split only helps to read them.
#pragma once

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <QtGui/QVulkanInstance>

class ValidationLog {
public:
    static ValidationLog& instance();

    // Creates the messenger on Qt's instance (warnings and errors of every type). False when the
    // instance lacks VK_EXT_debug_utils.
    bool install(QVulkanInstance& vulkan);
    void uninstall(QVulkanInstance& vulkan);

    // Brackets Billow's recording calls (render thread).
    void setBillowRecording(bool recording) { billowRecording_ = recording; }
    // Objects whose messages are Billow's (raw handle values).
    void addBillowObject(uint64_t handle);

    size_t billowCount() const;
    size_t qtCount() const;
    std::vector<std::string> billowMessages() const;
    std::vector<std::string> qtMessages() const;

private:
    void record(const char* message, const uint64_t* handles, uint32_t handleCount);
    static VkBool32 VKAPI_PTR callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                       VkDebugUtilsMessageTypeFlagsEXT types,
                                       const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);

    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    std::atomic<bool> billowRecording_{false};
    mutable std::mutex mutex_;
    std::set<uint64_t> billowObjects_;
    std::vector<std::string> billow_, qt_;
};
