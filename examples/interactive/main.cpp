// The interactive demo: an app that owns its window, Vulkan instance, device, queue and
// swapchain like a game engine, with Billow embedded. Every frame it records, into its own command
// buffer: an entry barrier, Billow's step (SmokeSolver::record, or SmokeSolver3D::record with
// --3d), Billow's release barrier to the shaders that read it, and the draw of the chosen view
// straight from Billow's storage buffers (field_mode.cpp in 2D; in 3D, volume_mode.cpp,
// billow::VolumeRenderer's march into the app's picture, which releases the solver itself).
// docs/integration.md ("Worked example: the interactive demo") walks through it.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include "billow/billow.hpp"
#include "field_mode.hpp"
#include "frame_slots.hpp"
#include "frame_timer.hpp"
#include "options.hpp"
#include "screenshot.hpp"
#include "swapchain.hpp"
#include "volume_mode.hpp"
#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {

std::string numberedPath(const std::string& base, uint32_t n) {
    const std::string stem = base.empty() ? "billow" : base.substr(0, base.size() - 4);
    return stem + "-" + std::to_string(n) + ".png";
}

// Waits for the device before the objects above it are destroyed, also when leaving by exception.
struct IdleBeforeTeardown {
    VkDevice device;
    ~IdleBeforeTeardown() { vkDeviceWaitIdle(device); }
};

int run(GLFWwindow* window, const Options& options) {
    VulkanSetup vulkan(window, options.validation);

    EmbeddedHandles handles;
    handles.instance = vulkan.instance;
    handles.physicalDevice = vulkan.physicalDevice;
    handles.device = vulkan.device;
    handles.queueFamilyIndex = vulkan.queueFamily;
    handles.queueIndex = 0;
    handles.getInstanceProcAddr = vkGetInstanceProcAddr;
    handles.apiVersion = VulkanSetup::kApiVersion;
    std::shared_ptr<Context> context = Context::createEmbedded(handles);

    Swapchain swapchain(vulkan, window);
    ScreenshotReader screenshot(vulkan);
    StepTimer timer(vulkan, FrameSlots::kCount);
    FrameSlots slots(vulkan.device, vulkan.queueFamily);
    std::unique_ptr<DemoMode> mode;
    if (options.threeD)
        mode = std::make_unique<VolumeMode>(window, context, vulkan, swapchain, timer, options, FrameSlots::kCount);
    else
        mode = std::make_unique<FieldMode>(window, context, vulkan, swapchain, timer, options, FrameSlots::kCount);
    IdleBeforeTeardown idle{vulkan.device};

    std::printf("Billow interactive on %s: %s, window %ux%u\n", context->deviceInfo().name.c_str(),
                mode->banner().c_str(), swapchain.extent.width, swapchain.extent.height);
    if (!swapchain.readable && (!options.screenshot.empty()))
        throw std::runtime_error("--screenshot: this swapchain's images cannot be read back (no TRANSFER_SRC usage)");

    auto lastTitle = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    uint32_t shotsWritten = 0;
    uint32_t slot = 0;
    const auto started = std::chrono::steady_clock::now();
    uint64_t frame = 0;  // frames submitted so far
    uint32_t& screenshotRequests = mode->screenshotRequests();
    while (!glfwWindowShouldClose(window) && !mode->quitRequested()) {
        glfwPollEvents();
        check(vkWaitForFences(vulkan.device, 1, &slots.fences[slot], VK_TRUE, UINT64_MAX), "vkWaitForFences");
        timer.collect(slot);
        mode->applyInput([&] { check(vkQueueWaitIdle(vulkan.queue), "vkQueueWaitIdle"); });

        uint32_t imageIndex = 0;
        VkResult acquired = vkAcquireNextImageKHR(vulkan.device, swapchain.handle, UINT64_MAX, slots.imageAcquired[slot],
                                                  VK_NULL_HANDLE, &imageIndex);
        if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
            if (!swapchain.recreate()) glfwWaitEvents();  // minimised: wait for the window to return
            continue;
        }
        if (acquired != VK_SUBOPTIMAL_KHR) check(acquired, "vkAcquireNextImageKHR");

        const bool lastFrame = options.frames > 0 && frame + 1 == options.frames;
        const bool finalShot = lastFrame && !options.screenshot.empty();
        if (screenshotRequests > 0 && !swapchain.readable) {
            std::fprintf(stderr, "screenshot: the swapchain's images cannot be read back\n");
            screenshotRequests = 0;
        }
        const bool shoot = finalShot || screenshotRequests > 0;

        VkCommandBuffer cmd = slots.commands[slot];
        check(vkResetFences(vulkan.device, 1, &slots.fences[slot]), "vkResetFences");
        check(vkResetCommandBuffer(cmd, 0), "vkResetCommandBuffer");
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
        mode->record(cmd, slot, imageIndex, shoot);
        if (shoot) screenshot.record(cmd, swapchain.images[imageIndex], swapchain.extent, swapchain.format);
        check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");

        const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
        VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.waitSemaphoreCount = 1;
        submit.pWaitSemaphores = &slots.imageAcquired[slot];
        submit.pWaitDstStageMask = &waitStage;
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        submit.signalSemaphoreCount = 1;
        submit.pSignalSemaphores = &swapchain.renderingDone[imageIndex];
        check(vkQueueSubmit(vulkan.queue, 1, &submit, slots.fences[slot]), "vkQueueSubmit");

        VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
        present.waitSemaphoreCount = 1;
        present.pWaitSemaphores = &swapchain.renderingDone[imageIndex];
        present.swapchainCount = 1;
        present.pSwapchains = &swapchain.handle;
        present.pImageIndices = &imageIndex;
        VkResult presented = vkQueuePresentKHR(vulkan.queue, &present);

        if (shoot) {
            check(vkWaitForFences(vulkan.device, 1, &slots.fences[slot], VK_TRUE, UINT64_MAX), "vkWaitForFences");
            const std::string path = finalShot ? options.screenshot : numberedPath(options.screenshot, ++shotsWritten);
            if (!finalShot) --screenshotRequests;
            screenshot.write(path);
            std::printf("wrote %s (frame %llu)\n", path.c_str(), static_cast<unsigned long long>(frame + 1));
            std::fflush(stdout);
        }
        int fbWidth = 0, fbHeight = 0;  // not every platform reports a resize as out-of-date
        glfwGetFramebufferSize(window, &fbWidth, &fbHeight);
        const bool resized = uint32_t(fbWidth) != swapchain.extent.width || uint32_t(fbHeight) != swapchain.extent.height;
        if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR || resized) {
            swapchain.recreate();
        } else {
            check(presented, "vkQueuePresentKHR");
        }

        const auto now = std::chrono::steady_clock::now();
        if (now - lastTitle > std::chrono::milliseconds(250)) {
            lastTitle = now;
            const double ms = timer.millisecondsPerStep();
            char title[256];
            std::snprintf(title, sizeof(title), "Billow | %s", mode->title(ms, timer.usesGpu()).c_str());
            glfwSetWindowTitle(window, title);
        }
        ++frame;
        slot = (slot + 1) % FrameSlots::kCount;
        if (lastFrame) break;
    }
    check(vkDeviceWaitIdle(vulkan.device), "vkDeviceWaitIdle");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("%llu frames in %.1f s; GPU step %.3f ms (mean of the last %s)\n", static_cast<unsigned long long>(frame),
                seconds, timer.millisecondsPerStep(), timer.usesGpu() ? "30 steps" : "frames");
    if (uint32_t n = vulkan.validationMessages()) {
        std::fprintf(stderr, "%u validation message(s)\n", n);
        return 2;
    }
    return 0;
}

} // namespace
} // namespace billow::interactive

int main(int argc, char** argv) {
    using namespace billow::interactive;
    Options options;
    try {
        bool help = false;
        options = parseOptions(argc, argv, help);
        if (help) {
            std::fputs(usage(), stdout);
            return 0;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billow_interactive: %s\n%s", e.what(), usage());
        return 64;
    }
    glfwSetErrorCallback([](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
    if (!glfwInit()) {
        std::fprintf(stderr, "billow_interactive: could not initialise GLFW (is there a display?)\n");
        return 1;
    }
    int status = 1;
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    if (GLFWwindow* window = glfwCreateWindow(int(options.width), int(options.height), "Billow", nullptr, nullptr)) {
        try {
            status = run(window, options);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "billow_interactive: %s\n", e.what());
        }
        glfwDestroyWindow(window);
    }
    glfwTerminate();
    return status;
}
