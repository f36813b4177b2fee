// Rigid bodies floating on the shallow-water solver (WaterSolver::setBodies): boxes, spheres and
// capsules with a mass and an inertia, given buoyancy from the volume they hold under the water
// surface, drag and lift from the flow, and pushing the water aside (they press on the water
// under them, so it leaves: the body sits in a depression, and a moving body makes a wake).
// docs/floating-bodies.md has the maths.
//
// Frame: the water solver's. x and y span the grid (origin at the domain's lower-left corner,
// cell (i, j) covers [i h, (i+1) h] x [j h, (j+1) h]); z is up, the height of the terrain and of
// the water surface (terrain + depth). Units SI.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "billow/collider.hpp"  // ColliderShape

namespace billow {

enum class FloatingBodyMotion : uint32_t {
    // The solver integrates the body on the GPU every frame: gravity, buoyancy, drag, lift.
    Simulated = 0,
    // The engine moves the body (WaterSolver::setBodyPose every frame with its pose and
    // velocities); the solver uses it to push the water and reports the hydrodynamic force and
    // torque for the engine's own physics to apply. Its pose is never changed by the solver.
    Kinematic = 1,
};

// The lower bounds below keep the body inside what the solver resolves and integrates stably
// (docs/floating-bodies.md, "Bounds"): h is the water's cellSize, rho its waterDensity, g its
// gravity, dt_b = kMaxBodySubstep. An error names the field and the bound it missed.
struct FloatingBody {
    // Geometry, as billow::Collider: a Sphere (radius), an oriented Box (halfExtents) or a Capsule
    // (radius about the segment from -halfLength to +halfLength along the body's own x axis).
    // Every dimension (a sphere's or capsule's diameter 2 radius, a box's full extents
    // 2 halfExtents) at least h / 8, half the spacing of the columns that sample the body (h / 4):
    // the columns would miss a thinner one.
    ColliderShape shape = ColliderShape::Box;
    // Centre (centre of mass), m, in the water solver's frame. Default (0, 0, 0).
    std::array<float, 3> centre{0.0f, 0.0f, 0.0f};
    // Rotation from the body's own frame to the domain's: a unit quaternion (x, y, z, w), length 1
    // within 1e-3 (normalised). Default identity.
    std::array<float, 4> orientation{0.0f, 0.0f, 0.0f, 1.0f};
    float radius = 0.5f;                                 // m, > 0 (Sphere, Capsule). Default 0.5
    std::array<float, 3> halfExtents{0.5f, 0.5f, 0.5f};  // m, > 0 (Box). Default 0.5 each
    float halfLength = 0.5f;                             // m, >= 0 (Capsule). Default 0.5

    // Mass, kg. Default 500 (a 1 m cube at half the water's density floats half submerged).
    // At least rho g A_max dt_b^2, A_max the largest plan area of water the body can cover (its
    // buoyancy's stiffness over the mass must keep the body substep's stability, omega dt_b <= 1):
    // 0.4 kg for a 1 m cube on 0.25 m cells.
    float mass = 500.0f;
    // Principal moments of inertia about the centre, along the body's own axes, kg m^2; all three
    // 0 (the default) take a uniform solid of the shape and `mass`. Each (given or the default) at
    // least rho g dt_b^2 D_k (V + A_max D_k), D_k the body's reach from that axis and V its volume
    // (the buoyancy's restoring torque over the inertia, as for the mass).
    std::array<float, 3> inertia{0.0f, 0.0f, 0.0f};
    // Velocity of the centre, m/s. Default 0.
    std::array<float, 3> velocity{0.0f, 0.0f, 0.0f};
    // Angular velocity about the centre, rad/s, in the domain's frame. Default 0.
    std::array<float, 3> angularVelocity{0.0f, 0.0f, 0.0f};

    FloatingBodyMotion motion = FloatingBodyMotion::Simulated;
    // Drag coefficient C_d, dimensionless, >= 0. Default 1 (a bluff body). Horizontal drag
    // 1/2 rho C_d |du| du over the submerged frontal area, du the water's velocity minus the
    // body's; the same C_d damps heave (vertical motion) over the wetted plan area.
    float dragCoefficient = 1.0f;
    // Lift coefficient C_L, dimensionless, >= 0. Default 0 (off). Lift here is planing lift: an
    // upward force 1/2 rho C_L |du|^2 over the wetted plan area, du the horizontal water velocity
    // relative to the body (a fast hull rides higher). No sideways lift: a keel is not modelled.
    float liftCoefficient = 0.0f;
    // Rotational damping while submerged, 1/s, >= 0: the angular velocity decays as
    // exp(-angularDrag * submerged fraction * t) (the flow's resistance to spinning, which the
    // column drag underestimates). Default 0.5.
    float angularDrag = 0.5f;
};

// The engine's new pose for one body (WaterSolver::setBodyPose): as the FloatingBody fields of the
// same names and checks.
struct FloatingBodyPose {
    std::array<float, 3> centre{0.0f, 0.0f, 0.0f};                // m
    std::array<float, 4> orientation{0.0f, 0.0f, 0.0f, 1.0f};     // unit quaternion (x, y, z, w)
    std::array<float, 3> velocity{0.0f, 0.0f, 0.0f};              // m/s
    std::array<float, 3> angularVelocity{0.0f, 0.0f, 0.0f};       // rad/s, domain frame
};

// The longest body substep, s: a frame of dt moves the bodies in ceil(dt / kMaxBodySubstep)
// substeps (at most kMaxBodySubsteps: a longer frame with bodies is refused, naming "dt"). The
// lower bounds of a body's mass and inertia follow from it.
inline constexpr double kMaxBodySubstep = 1.0 / 240.0;
inline constexpr uint32_t kMaxBodySubsteps = 2400;  // frames up to 10 s

// At most this many bodies per water solver.
inline constexpr uint32_t kMaxFloatingBodies = 64;
// A body's horizontal reach (its bounding radius) may span at most this many cells: one GPU
// workgroup walks its whole footprint every frame.
inline constexpr uint32_t kMaxFloatingBodyReachCells = 64;

// One body's state after a frame and the hydrodynamic load it felt in that frame.
struct FloatingBodyState {
    std::array<float, 3> centre{};           // m
    std::array<float, 4> orientation{};      // unit quaternion (x, y, z, w)
    std::array<float, 3> velocity{};         // m/s
    std::array<float, 3> angularVelocity{};  // rad/s, domain frame
    // Buoyancy + drag + lift (not gravity), N, and their torque about the centre, N m, as
    // evaluated at the frame's last body substep (Kinematic: the engine's pose and velocities).
    std::array<float, 3> force{};
    std::array<float, 3> torque{};
    float submergedVolume = 0.0f;  // m^3
};

struct FloatingBodyReport {
    uint64_t step = 0;                     // the solver step (stepsRecorded()) the states describe
    std::vector<FloatingBodyState> bodies;  // in the order of the last setBodies
};

} // namespace billow
