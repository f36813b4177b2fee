// Billow on Qt Quick's render thread: a 2D smoke solver and its dye published into an image on
// Qt's own device, recorded into Qt's frame command buffer before the main render pass.
//
// Every call is made on the render thread (Billow's solver is driven by one thread): construction
// and apply() from the scene graph's synchronisation, recordFrame() from beforeRendering, and
// destruction when the scene graph goes.
#pragma once

#include <QtCore/QSize>
#include <QtGui/QVulkanInstance>
#include <atomic>
#include <memory>

#include "billow/context.hpp"
#include "billow/field_image.hpp"
#include "billow/smoke_solver.hpp"
#include "smoke_controls.hpp"

class QQuickWindow;
class QVulkanDeviceFunctions;

class SmokeRenderer {
public:
    // The fixed time step of one rendered frame, s.
    static constexpr float kFrameSeconds = 1.0f / 60.0f;

    // Takes the instance, physical device, device and queue from the window's
    // QSGRendererInterface, checks them against what the host created (queueFamilyIndex is the
    // one it gave Qt), wraps them in an embedded Billow context and creates the solver and the
    // image. Throws on any failure.
    SmokeRenderer(QQuickWindow* window, uint32_t queueFamilyIndex, uint32_t gridSize);
    // Waits for the device (Qt's earlier frames may still sample the image), then frees the image.
    ~SmokeRenderer();
    SmokeRenderer(const SmokeRenderer&) = delete;
    SmokeRenderer& operator=(const SmokeRenderer&) = delete;

    void apply(const SmokeControls& controls);
    // Records one step and the publish pass into Qt's current command buffer; call from
    // beforeRendering.
    void recordFrame();

    VkImage image() const { return image_; }
    QSize imageSize() const { return QSize(int(gridSize_), int(gridSize_)); }
    uint64_t framesRecorded() const { return frames_.load(); }
    const std::string& deviceName() const { return context_->deviceInfo().name; }

private:
    void createImage();
    void createSimulation();
    void moveEmitters();
    void addRandomSplat();
    billow::ImageMapping dyeMapping() const;

    QQuickWindow* window_;
    QVulkanInstance* vulkan_;
    QVulkanDeviceFunctions* df_;
    VkPhysicalDevice physicalDevice_;
    VkDevice device_;
    uint32_t gridSize_;
    std::shared_ptr<billow::Context> context_;
    std::unique_ptr<billow::SmokeSolver> solver_;
    std::unique_ptr<billow::FieldImage> dyeImage_;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    bool imageInitialised_ = false;
    SmokeControls controls_;
    SmokeControls done_;  // what apply() has carried out so far
    float time_ = 0.0f;
    uint32_t splatSeed_ = 1;
    std::atomic<uint64_t> frames_{0};
};
