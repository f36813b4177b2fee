// The 2D mode: a SmokeSolver with dye, driven by FluidControls, drawn by FieldRenderer.
#pragma once

#include <memory>

#include "billow/smoke_solver.hpp"
#include "demo_mode.hpp"
#include "field_renderer.hpp"
#include "fluid_controls.hpp"
#include "options.hpp"

struct GLFWwindow;

namespace billow::interactive {

class StepTimer;

class FieldMode final : public DemoMode {
public:
    FieldMode(GLFWwindow* window, std::shared_ptr<Context> context, const VulkanSetup& vulkan,
              const Swapchain& swapchain, StepTimer& timer, const Options& options, uint32_t framesInFlight);

    void applyInput(const std::function<void()>& settle) override;
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) override;
    std::string title(double msPerStep, bool gpuTimed) const override;
    bool quitRequested() const override { return controls_.quit; }
    std::string banner() const override;
    uint32_t& screenshotRequests() override { return controls_.screenshotRequests; }

private:
    SmokeSolver solver_;
    FieldRenderer renderer_;
    FluidControls controls_;
    StepTimer& timer_;
};

// Seconds of simulated time per frame: fixed, so the simulation does not depend on the frame rate.
inline constexpr float kStepSeconds = 1.0f / 60.0f;

} // namespace billow::interactive
