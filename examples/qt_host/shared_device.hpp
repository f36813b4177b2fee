// The one Vulkan device Qt Quick and Billow share, created by the host and handed to Qt.
//
// Qt 6.4's QSGRendererInterface gives the VkInstance, VkPhysicalDevice, VkDevice and VkQueue of
// the device Qt made itself, but not the queue's family index (GraphicsQueueFamilyIndexResource
// only came in a later Qt), and Vulkan has no query from a VkQueue to its family. Rather than
// guess the family Qt would pick, the host creates the device with one queue of a family that
// does graphics, compute and present, and gives it to the window with
// QQuickGraphicsDevice::fromDeviceObjects before the window is shown: then the family index is
// known for certain, and Qt renders with exactly that device and queue.
#pragma once

#include <QtGui/QVulkanInstance>
#include <QtGui/QWindow>
#include <string>

struct SharedDevice {
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;
    std::string deviceName;
};

// Picks the first physical device with a queue family that does graphics, compute and presents
// to `window` (already created), and creates a device with one queue of it and VK_KHR_swapchain.
// Throws std::runtime_error with the reason when there is none.
SharedDevice createSharedDevice(QVulkanInstance& vulkan, QWindow& window);
void destroySharedDevice(QVulkanInstance& vulkan, SharedDevice& shared);
