// Floating bodies on the host: the checks of a FloatingBody (InvalidArgument naming the field),
// its packing into the kernels' GpuFloatingBody (shaders/water/water_types.h) with the default
// inertia of a uniform solid, and the set a water solver holds from setBodies until a recorded
// frame uploads it (vkCmdUpdateBuffer inside the frame: no blocking upload, no race with frames
// in flight). Between uploads the bodies' state lives on the GPU only.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "billow/floating_bodies.hpp"
#include "core/gpu_buffer.hpp"
#include "water/water_types.h"

namespace billow::detail {

// The whole body's volume, m^3.
double floatingBodyVolume(const FloatingBody& body);
// Principal moments of inertia of a uniform solid of the body's shape and mass, along its own
// axes, kg m^2.
std::array<double, 3> uniformSolidInertia(const FloatingBody& body);

// Checks `body` (finite values; the geometry as a Collider's; mass > 0; inertia all 0 or all > 0;
// coefficients >= 0; a known motion; a reach of at most kMaxFloatingBodyReachCells cells of
// `cellSize`) and packs it. `field` prefixes the names in errors, e.g. "setBodies: bodies[2]".
gpu::GpuFloatingBody packFloatingBody(const FloatingBody& body, float cellSize, const std::string& field);

class FloatingBodySet {
public:
    FloatingBodySet() = default;
    // The device buffer of kMaxFloatingBodies bodies, zero-filled.
    explicit FloatingBodySet(ContextState& context);

    // Replaces the set (checked whole first: a bad body leaves the previous set in place); the next
    // recorded frame uploads it, state included.
    void assign(std::span<const FloatingBody> bodies, float cellSize, const std::string& caller);

    VkBuffer buffer() const noexcept { return buffer_.handle(); }
    uint32_t count() const noexcept { return count_; }
    // True once a set was given: the frame then runs the bodies' pass (with none left, it still
    // clears the displacement they left).
    bool active() const noexcept { return active_; }
    // Records the upload of a set given since the last frame (nothing otherwise).
    void recordUpload(const ContextState& context, VkCommandBuffer cmd);

    // Saved and put back around a frame that may fail (RecordSnapshot).
    struct HostState {
        std::vector<gpu::GpuFloatingBody> pending;
        uint32_t count = 0;
        bool active = false;
    };
    HostState hostState() const { return {pending_, count_, active_}; }
    void restoreHostState(HostState saved) noexcept {
        pending_ = std::move(saved.pending);
        count_ = saved.count;
        active_ = saved.active;
    }

private:
    GpuBuffer buffer_;
    std::vector<gpu::GpuFloatingBody> pending_;  // not yet uploaded (empty: nothing to upload)
    uint32_t count_ = 0;
    bool active_ = false;
};

} // namespace billow::detail
