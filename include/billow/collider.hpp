// Analytic colliders that move: spheres, oriented boxes and capsules with a linear and an angular
// velocity. The engine hands the current set to a solver every frame (SmokeSolver::setColliders,
// SmokeSolver3D::setColliders); the solver uploads it inside the next recorded step (no blocking
// upload), rasterises it on the GPU into the cells' solid fractions and the faces' open fractions,
// and gives every face a collider closes the collider's surface velocity v + omega x (x - c), so
// the projection lets no fluid through the moving surface and the fluid next to it is pushed and
// dragged. The 2D solver reads x and y and the rotation about z (a collider is then a disc, a
// rectangle or a stadium); the 3D solver reads everything. Static obstacles (solid masks) stay
// and combine with the colliders (a cell is as solid as the most solid of the two).
#pragma once

#include <array>
#include <cstdint>

namespace billow {

enum class ColliderShape : uint32_t {
    Sphere = 0,   // radius about the centre
    Box = 1,      // halfExtents along the collider's own axes, rotated by `orientation`
    Capsule = 2,  // the points within `radius` of the segment from -halfLength to +halfLength
                  // along the collider's own x axis
};

struct Collider {
    ColliderShape shape = ColliderShape::Sphere;
    // Centre, m, in the domain's frame (origin at the domain's lower-left-back corner).
    std::array<float, 3> centre{0.0f, 0.0f, 0.0f};
    // Rotation from the collider's own frame to the domain's: a unit quaternion (x, y, z, w).
    // Default identity. Boxes and capsules only. The 2D solver requires a rotation about z.
    std::array<float, 4> orientation{0.0f, 0.0f, 0.0f, 1.0f};
    float radius = 0.1f;                                 // m, > 0 (Sphere, Capsule). Default 0.1
    std::array<float, 3> halfExtents{0.1f, 0.1f, 0.1f};  // m, > 0 (Box). Default 0.1 each
    float halfLength = 0.1f;                             // m, >= 0 (Capsule). Default 0.1
    // Linear velocity of the centre, m/s. Default 0.
    std::array<float, 3> velocity{0.0f, 0.0f, 0.0f};
    // Angular velocity about the centre, rad/s, in the domain's frame. Default 0.
    std::array<float, 3> angularVelocity{0.0f, 0.0f, 0.0f};
};

// The quaternion of a rotation by `radians` about the z axis (what a 2D collider may carry).
std::array<float, 4> rotationAboutZ(float radians) noexcept;

// At most this many colliders a solver takes per step.
inline constexpr uint32_t kMaxColliders = 64;

} // namespace billow
