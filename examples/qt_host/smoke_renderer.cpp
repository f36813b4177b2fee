#include "smoke_renderer.hpp"

#include <QtGui/QVulkanDeviceFunctions>
#include <QtGui/QVulkanFunctions>
#include <QtQuick/QQuickWindow>
#include <QtQuick/QSGRendererInterface>
#include <cmath>
#include <stdexcept>
#include <string>

#include "validation_log.hpp"

namespace {

void check(VkResult result, const char* what) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: VkResult " + std::to_string(int(result)));
}

// QSGRendererInterface hands out pointers to the native handles (VkDevice *, VkQueue *, ...).
template <class Handle>
Handle nativeResource(QQuickWindow* window, QSGRendererInterface::Resource resource, const char* name) {
    auto* pointer = static_cast<Handle*>(window->rendererInterface()->getResource(window, resource));
    if (!pointer || !*pointer) throw std::runtime_error(std::string("QSGRendererInterface gave no ") + name);
    return *pointer;
}

constexpr VkFormat kImageFormat = VK_FORMAT_R8G8B8A8_UNORM;  // a storage format every device supports

} // namespace

SmokeRenderer::SmokeRenderer(QQuickWindow* window, uint32_t queueFamilyIndex, uint32_t gridSize)
    : window_(window), gridSize_(gridSize) {
    if (window->rendererInterface()->graphicsApi() != QSGRendererInterface::Vulkan)
        throw std::runtime_error("Qt Quick is not rendering with Vulkan");
    vulkan_ = static_cast<QVulkanInstance*>(
        window->rendererInterface()->getResource(window, QSGRendererInterface::VulkanInstanceResource));
    if (!vulkan_) throw std::runtime_error("QSGRendererInterface gave no QVulkanInstance");
    physicalDevice_ = nativeResource<VkPhysicalDevice>(window, QSGRendererInterface::PhysicalDeviceResource, "VkPhysicalDevice");
    device_ = nativeResource<VkDevice>(window, QSGRendererInterface::DeviceResource, "VkDevice");
    const VkQueue qtQueue = nativeResource<VkQueue>(window, QSGRendererInterface::CommandQueueResource, "VkQueue");
    df_ = vulkan_->deviceFunctions(device_);

    billow::EmbeddedHandles handles;
    handles.instance = vulkan_->vkInstance();
    handles.physicalDevice = physicalDevice_;
    handles.device = device_;
    handles.queueFamilyIndex = queueFamilyIndex;  // the family of the one queue the host created
    handles.queueIndex = 0;
    // The loader's entry point as Qt resolved it (vkGetInstanceProcAddr returns itself).
    handles.getInstanceProcAddr =
        reinterpret_cast<PFN_vkGetInstanceProcAddr>(vulkan_->getInstanceProcAddr("vkGetInstanceProcAddr"));
    handles.apiVersion = VK_API_VERSION_1_1;  // what the host asked of QVulkanInstance
    // A CPU device on a loaded machine can take seconds for the blocking uploads of creation.
    handles.waitTimeoutSeconds = 120.0;
    context_ = billow::Context::createEmbedded(handles);
    if (context_->queue() != qtQueue)
        throw std::runtime_error("Billow's queue (family " + std::to_string(queueFamilyIndex) +
                                 ", index 0) is not the queue Qt renders with");
    createImage();
    createSimulation();
}

SmokeRenderer::~SmokeRenderer() {
    // Qt keeps frames in flight that sample the image and read Billow's buffers.
    df_->vkDeviceWaitIdle(device_);
    dyeImage_.reset();
    solver_.reset();
    if (view_) df_->vkDestroyImageView(device_, view_, nullptr);
    if (image_) df_->vkDestroyImage(device_, image_, nullptr);
    if (memory_) df_->vkFreeMemory(device_, memory_, nullptr);
}

void SmokeRenderer::createImage() {
    VkImageCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO;
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = kImageFormat;
    info.extent = {gridSize_, gridSize_, 1};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    // Billow writes it as a storage image; Qt's texture material samples it.
    info.usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    check(df_->vkCreateImage(device_, &info, nullptr, &image_), "vkCreateImage");

    VkMemoryRequirements requirements{};
    df_->vkGetImageMemoryRequirements(device_, image_, &requirements);
    VkPhysicalDeviceMemoryProperties memory{};
    vulkan_->functions()->vkGetPhysicalDeviceMemoryProperties(physicalDevice_, &memory);
    uint32_t type = UINT32_MAX;
    for (uint32_t i = 0; i < memory.memoryTypeCount && type == UINT32_MAX; ++i)
        if ((requirements.memoryTypeBits & (1u << i)) &&
            (memory.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
            type = i;
    if (type == UINT32_MAX) throw std::runtime_error("no device-local memory type for the dye image");
    VkMemoryAllocateInfo allocate{};
    allocate.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = type;
    check(df_->vkAllocateMemory(device_, &allocate, nullptr, &memory_), "vkAllocateMemory");
    check(df_->vkBindImageMemory(device_, image_, memory_, 0), "vkBindImageMemory");

    VkImageViewCreateInfo viewInfo{};
    viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
    viewInfo.image = image_;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = kImageFormat;
    viewInfo.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    check(df_->vkCreateImageView(device_, &viewInfo, nullptr, &view_), "vkCreateImageView");
    ValidationLog::instance().addBillowObject(uint64_t(image_));
    ValidationLog::instance().addBillowObject(uint64_t(view_));
}

void SmokeRenderer::createSimulation() {
    billow::SmokeSettings s;
    s.nx = s.ny = gridSize_;
    s.cellSize = 1.0f / float(gridSize_);  // a 1 m square
    s.vorticity = controls_.vorticity;
    s.pressureIterations = 20;
    s.velocityDamping = 0.3f;
    s.dyeDamping = 0.4f;
    solver_ = std::make_unique<billow::SmokeSolver>(context_, s);
    moveEmitters();

    // The image's layouts across a frame: Qt's texture node samples it in SHADER_READ_ONLY_OPTIMAL
    // from the fragment shader of its main pass; the publish pass takes it from there to GENERAL
    // for its writes and back, after the fragment reads of earlier frames on the same queue and
    // before this frame's (the target's defaults). The first frame starts it from UNDEFINED
    // (recordFrame()).
    billow::ImageTarget target{image_, view_, kImageFormat, {gridSize_, gridSize_, 1}};
    dyeImage_ = std::make_unique<billow::FieldImage>(context_, *solver_, billow::SmokeImage::Dye, target, dyeMapping());
}

billow::ImageMapping SmokeRenderer::dyeMapping() const {
    billow::ImageMapping mapping;
    const float k = controls_.dyeIntensity;
    mapping.scale = {k, k, k, 1.0f};
    return mapping;
}

void SmokeRenderer::apply(const SmokeControls& controls) {
    const SmokeControls before = controls_;
    controls_ = controls;
    if (controls.resetsRequested != done_.resetsRequested) {
        done_.resetsRequested = controls.resetsRequested;
        // The queue may still run earlier frames that read the old solver's buffers.
        context_->waitIdle();
        dyeImage_.reset();
        solver_.reset();
        createSimulation();
        return;
    }
    if (controls.vorticity != before.vorticity) {
        billow::SmokeSettings s = solver_->settings();
        s.vorticity = controls.vorticity;
        solver_->updateSettings(s);
    }
    if (controls.dyeIntensity != before.dyeIntensity) dyeImage_->setMapping(dyeMapping());
    for (; done_.splatsRequested != controls.splatsRequested; ++done_.splatsRequested) addRandomSplat();
}

void SmokeRenderer::moveEmitters() {
    // Two coloured jets circling the centre, pointing along their path, so the smoke keeps moving.
    billow::Emitter2D jets[2];
    for (int k = 0; k < 2; ++k) {
        const float angle = 0.7f * time_ + float(k) * 3.14159265f;
        billow::Emitter2D& e = jets[k];
        e.centre = {0.5f + 0.28f * std::cos(angle), 0.5f + 0.28f * std::sin(angle)};
        e.radius = 0.035f;
        e.velocity = {-0.9f * std::sin(angle), 0.9f * std::cos(angle)};
        e.velocityCoupling = 10.0f;
        e.dye = k == 0 ? std::array<float, 4>{2.4f, 0.9f, 0.15f, 1.0f} : std::array<float, 4>{0.15f, 0.9f, 2.4f, 1.0f};
    }
    solver_->setEmitters(jets);
}

void SmokeRenderer::addRandomSplat() {
    // A small deterministic generator: the same presses give the same splats.
    auto next = [this] {
        splatSeed_ = splatSeed_ * 1664525u + 1013904223u;
        return float(splatSeed_ >> 8) / float(1u << 24);
    };
    billow::Splat splat;
    splat.x = 0.2f + 0.6f * next();
    splat.y = 0.2f + 0.6f * next();
    splat.radius = 0.05f;
    const float angle = 6.2831853f * next();
    splat.velocity = {1.5f * std::cos(angle), 1.5f * std::sin(angle)};
    splat.dye = {0.3f + next(), 0.3f + next(), 0.3f + next(), 1.0f};
    solver_->addSplat(splat);
}

void SmokeRenderer::recordFrame() {
    auto* cmdPointer = static_cast<VkCommandBuffer*>(
        window_->rendererInterface()->getResource(window_, QSGRendererInterface::CommandListResource));
    if (!cmdPointer || !*cmdPointer) throw std::runtime_error("QSGRendererInterface gave no command buffer");
    const VkCommandBuffer cmd = *cmdPointer;

    // Qt records lazily: beginExternalCommands() flushes what Qt has queued so far into the
    // command buffer, so the commands below land after it and before the main render pass.
    window_->beginExternalCommands();
    ValidationLog::instance().setBillowRecording(true);
    if (!imageInitialised_) {
        // The first frame: from UNDEFINED (nothing to keep: the publish pass writes every texel)
        // to the layout the FieldImage's target starts from every frame.
        VkImageMemoryBarrier barrier{};
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;
        barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        barrier.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
        barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.image = image_;
        barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        df_->vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0, 0,
                                  nullptr, 0, nullptr, 1, &barrier);
        imageInitialised_ = true;
    }
    time_ += kFrameSeconds;
    moveEmitters();
    // Nothing before this in the frame touches Billow's buffers, and earlier frames' accesses
    // are Billow's own compute passes on this queue, ordered by the publish pass's closing
    // dependency: no entry barrier is owed (docs/integration.md, the synchronisation contract).
    solver_->record(cmd, kFrameSeconds);
    dyeImage_->record(cmd, *solver_);
    ValidationLog::instance().setBillowRecording(false);
    window_->endExternalCommands();

    for (auto field : {billow::SmokeField::Dye, billow::SmokeField::VelocityX, billow::SmokeField::VelocityY,
                       billow::SmokeField::Density, billow::SmokeField::Pressure})
        ValidationLog::instance().addBillowObject(uint64_t(solver_->buffer(field)));
    ++frames_;
}
