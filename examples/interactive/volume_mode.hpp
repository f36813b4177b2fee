// The 3D mode (--3d): a SmokeSolver3D plume from a spherical emitter on the floor (smoke, or with
// F fuel lit by embers: fire), a sphere collider the user pushes through it, drawn by VolumeDrawer
// (billow::VolumeRenderer) from an orbit camera (VolumeControls).
#pragma once

#include <memory>
#include <vector>

#include "billow/smoke3d_solver.hpp"
#include "demo_mode.hpp"
#include "options.hpp"
#include "volume_controls.hpp"
#include "volume_drawer.hpp"

struct GLFWwindow;

namespace billow::interactive {

class StepTimer;

class VolumeMode final : public DemoMode {
public:
    VolumeMode(GLFWwindow* window, std::shared_ptr<Context> context, const VulkanSetup& vulkan,
               const Swapchain& swapchain, StepTimer& timer, const Options& options, uint32_t framesInFlight);

    void applyInput(const std::function<void()>& settle) override;
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) override;
    std::string title(double msPerStep, bool gpuTimed) const override;
    bool quitRequested() const override { return controls_.quit; }
    std::string banner() const override;
    uint32_t& screenshotRequests() override { return controls_.screenshotRequests; }

private:
    void handToSolver();  // the emitters and the collider for the next step
    VolumeLook look() const;

    bool cpu_;  // a CPU device: cheaper settings (plumeSettings)
    SmokeSolver3D solver_;
    std::vector<Collider> colliders_;  // the solver's, handed to the drawer too: drawn exact
    VolumeDrawer drawer_;
    VolumeControls controls_;
    StepTimer& timer_;
};

} // namespace billow::interactive
