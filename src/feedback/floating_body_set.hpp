// Floating bodies on the host: the checks of a FloatingBody (InvalidArgument naming the field and
// the bound), its packing into the kernels' GpuFloatingBody (shaders/water/water_types.h) with the
// default inertia of a uniform solid, and the set a water solver holds from setBodies until a
// recorded frame uploads it (vkCmdUpdateBuffer inside the frame: no blocking upload, no race with
// frames in flight), with the single bodies' new poses (setBodyPose) uploaded after it. Between
// uploads the bodies' state lives on the GPU only.
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

// What of the water a body's checks depend on (WaterSettings' fields of the same names).
struct BodyWater {
    double cellSize = 1.0;        // m
    double waterDensity = 1000.0; // kg/m^3
    double gravity = 9.81;        // m/s^2
};

// The lower bounds of one body's size, mass and inertia on `water` (docs/floating-bodies.md,
// "Bounds"): every dimension at least a column's width; the mass and each principal moment large
// enough that the buoyancy's stiffness keeps omega * kMaxBodySubstep <= 1.
struct FloatingBodyBounds {
    double smallestDimension = 0.0;              // m
    double mass = 0.0;                           // kg
    std::array<double, 3> inertia{0.0, 0.0, 0.0};  // kg m^2, along the body's axes
    double largestWettedArea = 0.0;              // m^2, A_max (what the bounds are made of)
};
FloatingBodyBounds floatingBodyBounds(const FloatingBody& body, const BodyWater& water);

// Checks `body` (finite values; the geometry as a Collider's; its size, mass and inertia within
// floatingBodyBounds; inertia all 0 or all > 0; coefficients >= 0; a known motion; a reach of at
// most kMaxFloatingBodyReachCells cells) and packs it. `field` prefixes the names in errors, e.g.
// "setBodies: bodies[2]".
gpu::GpuFloatingBody packFloatingBody(const FloatingBody& body, const BodyWater& water, const std::string& field);

class FloatingBodySet {
public:
    FloatingBodySet() = default;
    // The device buffer of kMaxFloatingBodies bodies, zero-filled.
    explicit FloatingBodySet(ContextState& context);

    // Replaces the set (checked whole first: a bad body leaves the previous set in place); the next
    // recorded frame uploads it, state included.
    void assign(std::span<const FloatingBody> bodies, const BodyWater& water, const std::string& caller);
    // Queues body `index`'s new pose and velocities (checked as the body with them would be); the
    // next recorded frame writes them over that body's state after any new set, leaving every
    // other body's state and this one's other fields as they are on the GPU.
    void setPose(uint32_t index, const FloatingBodyPose& pose, const BodyWater& water, const std::string& caller);
    // Checks the set as given against new water settings (a lighter body may be too light for a
    // denser water): InvalidArgument naming the body, nothing changed.
    void check(const BodyWater& water, const std::string& caller) const;

    VkBuffer buffer() const noexcept { return buffer_.handle(); }
    uint32_t count() const noexcept { return count_; }
    // True once a set was given: the frame then runs the bodies' pass (with none left, it still
    // clears the displacement they left).
    bool active() const noexcept { return active_; }
    // Records the upload of a set given since the last frame (nothing otherwise).
    void recordUpload(const ContextState& context, VkCommandBuffer cmd);

    // A body's pose and velocities: the leading words of its GpuFloatingBody (its half extents
    // among them, rewritten unchanged).
    struct PoseEdit {
        uint32_t index = 0;
        gpu::vec4 words[5]{};  // centre, rotation, halfExtents, velocity, angularVelocity
    };

    // Saved and put back around a frame that may fail (RecordSnapshot).
    struct HostState {
        std::vector<gpu::GpuFloatingBody> pending;
        std::vector<PoseEdit> poses;
        uint32_t count = 0;
        bool active = false;
    };
    HostState hostState() const { return {pending_, poses_, count_, active_}; }
    void restoreHostState(HostState saved) noexcept {
        pending_ = std::move(saved.pending);
        poses_ = std::move(saved.poses);
        count_ = saved.count;
        active_ = saved.active;
    }

private:
    GpuBuffer buffer_;
    std::vector<FloatingBody> given_;            // the set as last given (the bodies' geometry)
    std::vector<gpu::GpuFloatingBody> pending_;  // not yet uploaded (empty: nothing to upload)
    std::vector<PoseEdit> poses_;                // single poses not yet uploaded, in order
    uint32_t count_ = 0;
    bool active_ = false;
};

} // namespace billow::detail
