#include "frame_timer.hpp"

#include <numeric>

#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {
constexpr size_t kAveraged = 30;  // measurements in the title's mean
}

StepTimer::StepTimer(const VulkanSetup& vulkan, uint32_t frameSlots)
    : vulkan_(vulkan), pending_(frameSlots, false) {
    if (!vulkan_.timestamps) return;
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = 2 * frameSlots;
    check(vkCreateQueryPool(vulkan_.device, &info, nullptr, &pool_), "vkCreateQueryPool");
}

StepTimer::~StepTimer() {
    if (pool_) vkDestroyQueryPool(vulkan_.device, pool_, nullptr);
}

void StepTimer::add(double ms) {
    if (recent_.size() < kAveraged) recent_.push_back(ms);
    else recent_[next_++ % kAveraged] = ms;
}

void StepTimer::collect(uint32_t slot) {
    if (!pending_[slot] || !pool_) return;
    pending_[slot] = false;
    uint64_t ticks[2] = {0, 0};
    VkResult r = vkGetQueryPoolResults(vulkan_.device, pool_, 2 * slot, 2, sizeof(ticks), ticks, sizeof(uint64_t),
                                       VK_QUERY_RESULT_64_BIT);
    if (r == VK_NOT_READY) return;
    check(r, "vkGetQueryPoolResults");
    add(double(ticks[1] - ticks[0]) * vulkan_.timestampPeriodNs * 1e-6);
}

void StepTimer::begin(VkCommandBuffer cmd, uint32_t slot) {
    if (!pool_) {
        // CPU fallback: wall time from one recorded step to the next (the whole frame).
        auto now = std::chrono::steady_clock::now();
        if (lastStep_) add(std::chrono::duration<double, std::milli>(now - *lastStep_).count());
        lastStep_ = now;
        return;
    }
    vkCmdResetQueryPool(cmd, pool_, 2 * slot, 2);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool_, 2 * slot);
}

void StepTimer::end(VkCommandBuffer cmd, uint32_t slot) {
    if (!pool_) return;
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool_, 2 * slot + 1);
    pending_[slot] = true;
}

double StepTimer::millisecondsPerStep() const {
    if (recent_.empty()) return -1.0;
    return std::accumulate(recent_.begin(), recent_.end(), 0.0) / double(recent_.size());
}

} // namespace billow::interactive
