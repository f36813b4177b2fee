// Moving colliders on the host, for the 2D and 3D solvers alike: the checks of a Collider
// (InvalidArgument naming the field), its packing into the kernels' GpuCollider
// (shaders/common/collider_types.h), and the set a solver holds from setColliders until a
// recorded step uploads and rasterises it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "billow/collider.hpp"
#include "core/gpu_buffer.hpp"
#include "common/collider_types.h"

namespace billow::detail {

// What a solver accepts: any rotation (3D), or only rotations about z (2D, whose collider is the
// shape's cross-section through the plane of its centre).
enum class ColliderRotations { Any, AboutZOnly };

// How far a quaternion's length may be from 1 (it is then normalised), and how far a 2D
// collider's rotation may lean out of the plane (|x|, |y| of the unit quaternion).
inline constexpr float kQuaternionTolerance = 1e-3f;

// Checks `collider` (finite values; radius > 0 for spheres and capsules, half extents > 0 for
// boxes, halfLength >= 0 for capsules; a unit quaternion within kQuaternionTolerance; with
// AboutZOnly a rotation and an angular velocity about z only) and packs it with its quaternion
// normalised. `field` prefixes the names in errors, e.g. "setColliders: colliders[2]" gives
// "setColliders: colliders[2].radius".
gpu::GpuCollider packCollider(const Collider& collider, ColliderRotations rotations, const std::string& field);

// The colliders handed to a solver, and the device buffer the kernels read them from. assign()
// replaces the set (checked whole first: a bad collider leaves the previous set in place);
// recordUpload() puts it into the command buffer (vkCmdUpdateBuffer: no blocking upload). The
// set is rasterised again only when it differs from the one last rasterised, or after the static
// geometry was refreshed (invalidate()).
class ColliderSet {
public:
    ColliderSet() = default;

    void assign(std::span<const Collider> colliders, ColliderRotations rotations, const std::string& caller);

    // The device buffer (kMaxColliders elements), allocated on the first non-empty set; null before.
    VkBuffer buffer() const noexcept { return buffer_.handle(); }
    bool allocated() const noexcept { return buffer_.handle() != VK_NULL_HANDLE; }
    void allocate(ContextState& context);

    uint32_t count() const noexcept { return static_cast<uint32_t>(pending_.size()); }
    // The set as the next upload holds it (the sparse solver's topology bounds each collider).
    std::span<const gpu::GpuCollider> pending() const noexcept { return pending_; }
    // True when the set differs from the one last rasterised (or that one was invalidated).
    bool changed() const noexcept;
    // How many colliders the geometry on the GPU holds now (after the last rasterisation).
    uint32_t rasterisedCount() const noexcept { return static_cast<uint32_t>(rasterised_.size()); }

    // Records the upload of the set (nothing when it is empty) and remembers it as rasterised:
    // the caller records the rasterisation right after.
    void recordUpload(const ContextState& context, VkCommandBuffer cmd);
    // The static geometry was rebuilt without the colliders: rasterise them again.
    void invalidate() noexcept { invalidated_ = true; }

    // The set and what was last rasterised, saved and put back around a step that may fail
    // (RecordSnapshot).
    struct HostState {
        std::vector<gpu::GpuCollider> pending, rasterised;
        bool invalidated = false;
    };
    HostState hostState() const { return {pending_, rasterised_, invalidated_}; }
    void restoreHostState(HostState saved) noexcept {
        pending_ = std::move(saved.pending);
        rasterised_ = std::move(saved.rasterised);
        invalidated_ = saved.invalidated;
    }

private:
    GpuBuffer buffer_;
    std::vector<gpu::GpuCollider> pending_, rasterised_;
    bool invalidated_ = false;
};

} // namespace billow::detail
