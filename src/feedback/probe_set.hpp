// The probes a solver holds (SmokeSolver, SmokeSolver3D and WaterSolver alike): the points the
// engine set, their device buffer and its upload inside a recorded step, the samples' device
// buffer the probe kernels write, its copy into the result ring, and the decoding of a completed
// slot into ProbeSamples. Each solver's <family>_probes.cpp records its own kernel between begin()
// and end(). The kernels write device-local memory and one transfer copies the samples into the
// host-visible ring: scattered shader writes across the bus cost more than one copy.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "billow/probes.hpp"
#include "core/gpu_buffer.hpp"
#include "core/result_ring.hpp"

namespace billow::detail {

// What the four scalar words of a sample hold (shaders/common/probe_types.h).
enum class ProbeFamily { Smoke, Water };

class ProbeSet {
public:
    ProbeSet() = default;

    // Checks the points (at most kMaxProbes; every coordinate finite: InvalidArgument naming
    // `call`: points[i][axis]) and keeps them; the next recorded step uploads them. Allocates the
    // buffers on the first non-empty set and, for a set beyond the capacity, reallocates them at
    // the next power of two after waiting for the queue (blocking: frames in flight may read
    // them); the results recorded before are then gone. An empty span removes the probes. On a
    // throw nothing changed.
    void assign(ContextState& context, std::span<const ProbePoint> points, const char* call);

    uint32_t count() const noexcept { return static_cast<uint32_t>(points_.size()); }
    bool active() const noexcept { return !points_.empty(); }
    VkBuffer pointBuffer() const noexcept { return pointBuffer_.handle(); }
    // Where the kernels write the samples (from the Slot's payloadWord, 0).
    VkBuffer resultBuffer() const noexcept { return sampleBuffer_.handle(); }

    // Records the points' upload when they changed since the last one (vkCmdUpdateBuffer in
    // chunks of at most 64 KiB, between barriers), then the start of this step's result slot;
    // the kernels write the samples from the returned payloadWord (0) of resultBuffer().
    ResultRing::Slot begin(const ContextState& context, VkCommandBuffer cmd);
    // Once the probe kernel has written the samples: copies them into the ring's slot and stamps
    // it with `step`.
    void end(VkCommandBuffer cmd, ResultRing::Slot slot, uint64_t step);

    // The newest completed slot, decoded; nullopt before any.
    std::optional<ProbeResults> newest(ProbeFamily family) const;

    // The host state a recorded step changes: whether the points await their upload, the ring's
    // record counter and the item count of the records the ring may hold.
    struct HostState {
        bool uploadPending = false;
        uint64_t records = 0;
        std::array<uint32_t, ResultRing::kSlots> itemsOfRecord{};
    };
    HostState hostState() const noexcept { return {uploadPending_, ring_.hostState(), itemsOfRecord_}; }
    void restoreHostState(const HostState& saved) noexcept {
        uploadPending_ = saved.uploadPending;
        ring_.restoreHostState(saved.records);
        itemsOfRecord_ = saved.itemsOfRecord;
    }

private:
    std::vector<std::array<float, 4>> points_;  // xyz, w unused (the kernels read vec4s)
    uint32_t capacity_ = 0;
    bool uploadPending_ = false;
    ContextState* context_ = nullptr;
    GpuBuffer pointBuffer_;
    GpuBuffer sampleBuffer_;  // BILLOW_PROBE_WORDS words a probe, device-local
    ResultRing ring_;
    uint32_t slotIndex_ = 0;  // the ring slot of the step being recorded (begin() to end())
    // How many samples record r wrote (slot r % kSlots): newest() copies only that many words.
    std::array<uint32_t, ResultRing::kSlots> itemsOfRecord_{};
};

} // namespace billow::detail
