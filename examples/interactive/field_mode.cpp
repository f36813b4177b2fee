#include "field_mode.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "frame_timer.hpp"

namespace billow::interactive {
namespace {

SmokeSettings demoSettings(const Options& o) {
    SmokeSettings s;
    s.nx = o.gridNx > 0 ? o.gridNx : Options::kDefaultGrid2D;
    s.ny = std::max(8u, static_cast<uint32_t>(std::lround(double(s.nx) * o.height / o.width)));
    s.cellSize = 1.0f / float(s.nx);  // a 1 m wide domain
    s.dyeNx = s.nx * o.dyeScale;
    s.dyeNy = s.ny * o.dyeScale;
    // Close to the WebGL demo's defaults: some vortex confinement, velocity fading over a few
    // seconds, dye over longer, 20 pressure iterations.
    s.vorticity = 0.3f;
    s.pressureIterations = 20;
    s.velocityDamping = 0.2f;
    s.dyeDamping = 0.1f;
    return s;
}

} // namespace

FieldMode::FieldMode(GLFWwindow* window, std::shared_ptr<Context> context, const VulkanSetup& vulkan,
                     const Swapchain& swapchain, StepTimer& timer, const Options& options, uint32_t framesInFlight)
    : solver_(std::move(context), demoSettings(options)), renderer_(vulkan, swapchain, framesInFlight),
      controls_(window, options.seed), timer_(timer) {}

void FieldMode::applyInput(const std::function<void()>& settle) { controls_.apply(solver_, kStepSeconds, settle); }

void FieldMode::record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) {
    if (!controls_.paused) {
        recordEntryBarrier(cmd, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
        timer_.begin(cmd, frameSlot);
        solver_.record(cmd, kStepSeconds);
        timer_.end(cmd, frameSlot);
        // EXIT barrier: the step's compute writes, visible to the fragment shader's reads.
        solver_.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
    }
    renderer_.record(cmd, frameSlot, imageIndex, solver_, controls_.view, forReadBack);
}

std::string FieldMode::title(double ms, bool gpuTimed) const {
    return std::string(viewName(controls_.view)) + " | " + (ms < 0.0 ? "-" : std::to_string(ms).substr(0, 5)) +
           " ms/step (" + (gpuTimed ? "GPU" : "frame") + ") | " + controls_.describe(solver_.settings());
}

std::string FieldMode::banner() const {
    const SmokeSettings& s = solver_.settings();
    return std::to_string(s.nx) + "x" + std::to_string(s.ny) + " cells, dye " + std::to_string(s.effectiveDyeNx()) +
           "x" + std::to_string(s.effectiveDyeNy());
}

} // namespace billow::interactive
