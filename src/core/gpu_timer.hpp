// GPU time of recorded intervals (a solver's passes, or a whole frame) from Vulkan timestamp
// queries: each interval has a begin and an end timestamp in one query pool. Results are read
// without waiting: an interval whose submission has not finished yet reports nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/context_state.hpp"

namespace billow::detail {

class GpuTimer {
public:
    GpuTimer() = default;
    // Room for `intervals` intervals; no pool (and nothing timed) where the device has no timestamps.
    GpuTimer(ContextState& context, uint32_t intervals);
    ~GpuTimer();
    GpuTimer(GpuTimer&& other) noexcept;
    GpuTimer& operator=(GpuTimer&& other) noexcept;
    GpuTimer(const GpuTimer&) = delete;
    GpuTimer& operator=(const GpuTimer&) = delete;

    bool supported() const noexcept { return pool_ != VK_NULL_HANDLE; }
    // Profiling switch of the owning solver: while off, begin/end record nothing.
    void setEnabled(bool enabled) noexcept { enabled_ = enabled; }
    bool enabled() const noexcept { return enabled_; }
    bool timing() const noexcept { return enabled_ && supported(); }

    // Timestamps around the commands recorded between begin and end of `interval` (when timing()).
    // Each interval resets its own two queries, so intervals recorded one by one are timed too.
    void begin(VkCommandBuffer cmd, uint32_t interval);
    void end(VkCommandBuffer cmd, uint32_t interval);

    // Intervals ended since forgetRecorded(), in the order of their last recording.
    const std::vector<uint32_t>& recorded() const noexcept { return recorded_; }
    bool wasRecorded(uint32_t interval) const noexcept;
    void forgetRecorded() noexcept { recorded_.clear(); }
    // The recorded intervals, saved and put back around a step that may fail (RecordSnapshot).
    std::vector<uint32_t> hostState() const { return recorded_; }
    void restoreHostState(std::vector<uint32_t> saved) noexcept { recorded_ = std::move(saved); }

    // Compute dispatches recorded between the interval's last begin and end (counted whether or
    // not the timer is on).
    uint32_t dispatches(uint32_t interval) const noexcept {
        return interval < dispatches_.size() ? dispatches_[interval] : 0;
    }

    // Milliseconds of the interval's last recording, or nothing while its submission is unfinished.
    std::optional<double> milliseconds(uint32_t interval) const;

private:
    void release() noexcept;

    ContextState* context_ = nullptr;
    VkQueryPool pool_ = VK_NULL_HANDLE;
    bool enabled_ = false;
    std::vector<uint32_t> recorded_;
    std::vector<uint64_t> dispatchStart_;  // the context's count at each interval's begin
    std::vector<uint32_t> dispatches_;
};

} // namespace billow::detail
