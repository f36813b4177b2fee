#include "core/gpu_timer.hpp"

#include <algorithm>
#include <utility>

namespace billow::detail {

GpuTimer::GpuTimer(ContextState& context, uint32_t intervals)
    : context_(&context), dispatchStart_(intervals, 0), dispatches_(intervals, 0) {
    if (!context.timestamps) return;
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = 2 * intervals;
    BILLOW_VK(context.vk.vkCreateQueryPool(context.device, &info, context.allocator, &pool_));
}

GpuTimer::~GpuTimer() { release(); }

GpuTimer::GpuTimer(GpuTimer&& other) noexcept
    : context_(std::exchange(other.context_, nullptr)), pool_(std::exchange(other.pool_, VK_NULL_HANDLE)),
      enabled_(other.enabled_), recorded_(std::move(other.recorded_)), dispatchStart_(std::move(other.dispatchStart_)),
      dispatches_(std::move(other.dispatches_)) {}

GpuTimer& GpuTimer::operator=(GpuTimer&& other) noexcept {
    if (this != &other) {
        release();
        context_ = std::exchange(other.context_, nullptr);
        pool_ = std::exchange(other.pool_, VK_NULL_HANDLE);
        enabled_ = other.enabled_;
        recorded_ = std::move(other.recorded_);
        dispatchStart_ = std::move(other.dispatchStart_);
        dispatches_ = std::move(other.dispatches_);
    }
    return *this;
}

void GpuTimer::release() noexcept {
    if (pool_)
        context_->destroyWhenIdle([context = context_, pool = pool_] {
            context->vk.vkDestroyQueryPool(context->device, pool, context->allocator);
        });
    pool_ = VK_NULL_HANDLE;
}

void GpuTimer::begin(VkCommandBuffer cmd, uint32_t interval) {
    if (context_ && interval < dispatchStart_.size()) dispatchStart_[interval] = context_->recordedDispatches;
    if (!timing()) return;
    context_->vk.vkCmdResetQueryPool(cmd, pool_, 2 * interval, 2);
    context_->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool_, 2 * interval);
}

void GpuTimer::end(VkCommandBuffer cmd, uint32_t interval) {
    if (context_ && interval < dispatches_.size())
        dispatches_[interval] = static_cast<uint32_t>(context_->recordedDispatches - dispatchStart_[interval]);
    if (!timing()) return;
    context_->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool_, 2 * interval + 1);
    std::erase(recorded_, interval);
    recorded_.push_back(interval);
}

bool GpuTimer::wasRecorded(uint32_t interval) const noexcept {
    return std::find(recorded_.begin(), recorded_.end(), interval) != recorded_.end();
}

std::optional<double> GpuTimer::milliseconds(uint32_t interval) const {
    if (!supported()) return std::nullopt;
    uint64_t ticks[2] = {0, 0};
    VkResult r = context_->vk.vkGetQueryPoolResults(context_->device, pool_, 2 * interval, 2, sizeof(ticks), ticks,
                                                    sizeof(uint64_t), VK_QUERY_RESULT_64_BIT);
    if (r == VK_NOT_READY) return std::nullopt;  // the submission has not finished yet: never wait
    BILLOW_VK(r);
    return static_cast<double>(ticks[1] - ticks[0]) * context_->properties.limits.timestampPeriod * 1e-6;
}

} // namespace billow::detail
