// The moving colliders as the kernels read them (billow::Collider, include/billow/collider.hpp,
// checked and packed by src/grid/colliders.cpp), shared by the 2D and 3D solvers' kernels and the
// C++ host code (as in common/grid_types.h: only 4-byte scalars and 16-byte vectors).
#ifndef BILLOW_COLLIDER_TYPES_H
#define BILLOW_COLLIDER_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Shapes (billow::ColliderShape, checked where colliders are packed).
#define BILLOW_COLLIDER_SPHERE 0
#define BILLOW_COLLIDER_BOX 1
#define BILLOW_COLLIDER_CAPSULE 2
// The most colliders a solver takes per step (billow::kMaxColliders, checked on the host).
#define BILLOW_MAX_COLLIDERS 64

// One collider (storage buffer element, std430), in the domain's frame and SI units.
struct GpuCollider {
    vec4 centre;           // xyz: centre, m (w unused)
    vec4 rotation;         // unit quaternion (x, y, z, w): collider frame -> domain frame
    vec4 halfExtents;      // xyz: Box half extents along the collider's axes, m (w unused)
    vec4 velocity;         // xyz: velocity of the centre, m/s (w unused)
    vec4 angularVelocity;  // xyz: about the centre, rad/s (w unused)
    int shape;             // BILLOW_COLLIDER_*
    float radius;          // Sphere and Capsule, m
    float halfLength;      // Capsule: half length of its segment along the collider's x axis, m
    int unused0;
};

// Push constants of the rasterisation kernels: how many colliders the buffer holds this step.
// count: colliders in the set; writeVelocity: 0 leaves the velocity alone (VelocityMode::Prescribed),
// 1 sets the newly closed faces to the solid's velocity.
struct ColliderPush { int count; int writeVelocity; };

// The forces the fluid exerts on the colliders (collider_forces.comp, 2D and 3D; host:
// src/feedback/collider_forces.hpp): per collider, in the order of the set, this many payload words
// of a ResultRing slot, floats as their bits: force xyz, torque xyz (about the centre), pressure
// force xyz, viscous force xyz, volume.
#define BILLOW_COLLIDER_FORCE_WORDS 13
// payloadWord: the slot's first payload word in the ring buffer; fluidDensity: kg/m^3; viscosity:
// the kinematic viscosity, m^2/s (0: no skin friction). One workgroup per collider.
struct ColliderForcePush { int payloadWord; float fluidDensity; float viscosity; int unused0; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
