// GPU time of the solver step in each frame, from the app's own timestamp queries around
// SmokeSolver::record (two per frame slot, read after the slot's fence without waiting), averaged
// for the window title. Falls back to wall time per frame where the queue has no timestamps.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <vulkan/vulkan.h>

namespace billow::interactive {

class VulkanSetup;

class StepTimer {
public:
    StepTimer(const VulkanSetup& vulkan, uint32_t frameSlots);
    ~StepTimer();
    StepTimer(const StepTimer&) = delete;
    StepTimer& operator=(const StepTimer&) = delete;

    // Call after the slot's fence: takes the slot's last measurement (if it timed a step).
    void collect(uint32_t slot);
    // Around the recorded step (outside render passes).
    void begin(VkCommandBuffer cmd, uint32_t slot);
    void end(VkCommandBuffer cmd, uint32_t slot);

    bool usesGpu() const { return pool_ != VK_NULL_HANDLE; }
    // Mean milliseconds per step over the last measurements; < 0 when there are none yet.
    double millisecondsPerStep() const;

private:
    void add(double ms);
    const VulkanSetup& vulkan_;
    VkQueryPool pool_ = VK_NULL_HANDLE;
    std::vector<bool> pending_;  // slot timed a step in its last submission
    std::optional<std::chrono::steady_clock::time_point> lastStep_;
    std::vector<double> recent_;
    size_t next_ = 0;
};

} // namespace billow::interactive
