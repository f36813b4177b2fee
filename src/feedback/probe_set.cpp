#include "feedback/probe_set.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include "billow/error.hpp"
#include "common/probe_types.h"
#include "core/barriers.hpp"

namespace billow::detail {

static_assert(kProbeOutside == BILLOW_PROBE_OUTSIDE && kProbeInSolid == BILLOW_PROBE_IN_SOLID,
              "billow::ProbeFlags must match the kernels' flag bits");

namespace {
// vkCmdUpdateBuffer copies at most 64 KiB per call.
constexpr size_t kUpdateChunkBytes = 65536;
} // namespace

void ProbeSet::assign(ContextState& context, std::span<const ProbePoint> points, const char* call) {
    if (points.size() > kMaxProbes)
        throw InvalidArgument(std::string(call) + ": points.size()",
                              "must be at most kMaxProbes = " + std::to_string(kMaxProbes) + " (got " +
                                  std::to_string(points.size()) + ")");
    for (size_t i = 0; i < points.size(); ++i)
        for (size_t axis = 0; axis < 3; ++axis)
            if (!std::isfinite(points[i][axis]))
                throw InvalidArgument(std::string(call) + ": points[" + std::to_string(i) + "][" + std::to_string(axis) + "]",
                                      "must be finite (got " + std::to_string(points[i][axis]) + ")");

    std::vector<std::array<float, 4>> packed(points.size());
    for (size_t i = 0; i < points.size(); ++i) packed[i] = {points[i][0], points[i][1], points[i][2], 0.0f};
    const uint32_t needed = static_cast<uint32_t>(points.size());
    const bool grows = needed > capacity_;
    if (grows) {
        const uint32_t capacity = std::bit_ceil(needed);
        // Built aside first, so a failed allocation leaves the set as it was.
        GpuBuffer pointBuffer(context, VkDeviceSize(capacity) * sizeof(packed[0]),
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              GpuBuffer::Kind::DeviceLocal);
        GpuBuffer sampleBuffer(context, VkDeviceSize(capacity) * BILLOW_PROBE_WORDS * sizeof(uint32_t),
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                               GpuBuffer::Kind::DeviceLocal);
        ResultRing ring(context, capacity * BILLOW_PROBE_WORDS);
        // Steps recorded into the engine's command buffers may still read the old buffers.
        if (capacity_ > 0) context.waitIdle();
        pointBuffer_ = std::move(pointBuffer);
        sampleBuffer_ = std::move(sampleBuffer);
        ring_ = std::move(ring);
        itemsOfRecord_ = {};
        capacity_ = capacity;
    }
    context_ = &context;
    // A new buffer holds nothing yet; an unchanged set is not uploaded again.
    uploadPending_ = !packed.empty() && (grows || uploadPending_ || packed != points_);
    points_ = std::move(packed);
}

ResultRing::Slot ProbeSet::begin(const ContextState& context, VkCommandBuffer cmd) {
    if (uploadPending_) {
        // The previous step's probe kernel may still read the points.
        memoryBarrier(context, cmd, kComputeReadWrite, kTransferWrite);
        const auto bytes = std::as_bytes(std::span(points_));
        for (size_t offset = 0; offset < bytes.size(); offset += kUpdateChunkBytes) {
            const size_t size = std::min(kUpdateChunkBytes, bytes.size() - offset);
            context.vk.vkCmdUpdateBuffer(cmd, pointBuffer_.handle(), offset, size, bytes.data() + offset);
        }
        memoryBarrier(context, cmd, kTransferWrite, kComputeReadWrite);
        uploadPending_ = false;
    }
    // The ring's begin() waits for earlier transfers too: the previous step's copy out of the
    // samples has finished before this step's kernel overwrites them.
    const ResultRing::Slot slot = ring_.begin(cmd);
    slotIndex_ = slot.index;
    return {slot.index, 0};
}

void ProbeSet::end(VkCommandBuffer cmd, ResultRing::Slot slot, uint64_t step) {
    const ContextState& cs = *context_;
    memoryBarrier(cs, cmd, kComputeReadWrite, kTransferRead);
    const VkBufferCopy copy{0, VkDeviceSize(ring_.payloadOffset(slotIndex_)),
                            VkDeviceSize(count()) * BILLOW_PROBE_WORDS * sizeof(uint32_t)};
    cs.vk.vkCmdCopyBuffer(cmd, sampleBuffer_.handle(), ring_.buffer(), 1, &copy);
    itemsOfRecord_[ring_.records() % ResultRing::kSlots] = count();
    ring_.end(cmd, {slotIndex_, slot.payloadWord}, step, count());
}

std::optional<ProbeResults> ProbeSet::newest(ProbeFamily family) const {
    if (ring_.empty()) return std::nullopt;
    const uint32_t most = *std::max_element(itemsOfRecord_.begin(), itemsOfRecord_.end());
    std::optional<ResultRing::Completed> completed = ring_.newest(most * BILLOW_PROBE_WORDS);
    if (!completed) return std::nullopt;
    ProbeResults results;
    results.step = completed->step;
    results.samples.resize(std::min(completed->items, most));
    const auto word = [&](uint32_t probe, uint32_t w) { return completed->payload[probe * BILLOW_PROBE_WORDS + w]; };
    const auto value = [&](uint32_t probe, uint32_t w) { return std::bit_cast<float>(word(probe, w)); };
    for (uint32_t i = 0; i < results.samples.size(); ++i) {
        ProbeSample& s = results.samples[i];
        for (uint32_t a = 0; a < 3; ++a) s.velocity[a] = value(i, BILLOW_PROBE_VELOCITY + a);
        if (family == ProbeFamily::Smoke) {
            s.density = value(i, BILLOW_PROBE_SCALARS + 0);
            s.temperature = value(i, BILLOW_PROBE_SCALARS + 1);
            s.fuel = value(i, BILLOW_PROBE_SCALARS + 2);
            s.pressure = value(i, BILLOW_PROBE_SCALARS + 3);
        } else {
            s.depth = value(i, BILLOW_PROBE_SCALARS + 0);
            s.surfaceHeight = value(i, BILLOW_PROBE_SCALARS + 1);
            s.terrain = value(i, BILLOW_PROBE_SCALARS + 2);
        }
        s.flags = word(i, BILLOW_PROBE_FLAGS);
    }
    return results;
}

} // namespace billow::detail
