// Grid-level ideas shared by the solvers: the domain sides, the boundary conditions of a
// staggered (MAC) velocity grid and the advection schemes. Nothing here belongs to one solver.
#pragma once

#include <cstdint>

namespace billow {

// Domain sides, in the order used by every per-side array: x (left, right), y (bottom, top) and,
// on a 3D grid only, z (back at z = 0, front at z = depth). 2D arrays hold the first four.
enum class Side : uint32_t { Left = 0, Right = 1, Bottom = 2, Top = 3, Back = 4, Front = 5 };

// Boundary condition of one side of a MAC velocity grid.
enum class BoundaryType : uint32_t {
    Wall = 0,        // solid, free-slip: zero normal velocity, tangential velocity unconstrained
    MovingWall = 1,  // solid, no-slip, moving tangentially at `tangentialVelocity`
    Inflow = 2,      // fluid enters at `normalVelocity` carrying density, temperature and dye
    Outflow = 3,     // open: pressure 0 outside, zero-gradient velocity and scalars
    Periodic = 4,    // wraps to the opposite side (both sides of an axis must be Periodic)
};

enum class AdvectionScheme : uint32_t {
    SemiLagrangian = 0,  // RK2 back-trace + bilinear: stable, diffusive
    MacCormack = 1,      // SL forward + SL backward, error correction, limited to the stencil
    BFECC = 2,           // back-and-forth error compensation, then SL, limited to the stencil
};

// How MacCormack and BFECC keep a corrected value inside the four samples its forward back-trace
// interpolates from (the correction can overshoot at sharp features).
enum class AdvectionLimiter : uint32_t {
    Clamp = 0,                   // clamp to the four samples' min/max
    RevertToSemiLagrangian = 1,  // outside that range, use the plain semi-Lagrangian value instead
};

// Who moves the velocity of a smoke solver (SmokeSettings::velocityMode, SmokeSettings3D::velocityMode).
enum class VelocityMode : uint32_t {
    // The solver simulates it: forces, advection, diffusion, damping, projection.
    Simulated = 0,
    // The engine writes it into the solver's velocity buffers (buffer(SmokeField::VelocityX) ...) and the
    // solver only reads it: each step carries the scalars and the dye (3D: density, temperature,
    // fuel, colour) by it and leaves the velocity buffers untouched (no force, advection,
    // diffusion, damping or projection acts on them, splats and emitters add no velocity). The
    // buffers then never ping-pong. See docs/integration.md, "Prescribed velocity".
    Prescribed = 1,
};

// How an advection samples the field it carries at a back-traced point (each field at its own
// staggered positions; the back-trace itself always interpolates the velocity linearly).
enum class AdvectionInterpolation : uint32_t {
    Linear = 0,  // bilinear (2D) / trilinear (3D) from the 2^d nearest samples: cheap, diffusive
    // Monotone cubic (Fritsch & Carlson 1980; Fedkiw, Stam & Jensen 2001) along each axis in turn
    // from the 4^d nearest samples: central-difference slopes, zeroed where their sign differs from
    // the interval's and capped at 3 times its difference, so the result never leaves the range of
    // the 2^d nearest samples (no new extrema). Sharper, at 4x (2D) / 8x (3D) the samples per read.
    MonotoneCubic = 1,
};

// How an advection finds where the fluid arriving at a sample came from (the departure point of
// the semi-Lagrangian step of Stam 1999), tracing back through the velocity over dt.
enum class BackTrace : uint32_t {
    // Midpoint rule (second-order Runge-Kutta): the velocity sampled at the sample, then at the
    // point half a step back along it; the departure point one whole step back along the second.
    // Curved paths (a vortex, a plume's rolls) stay on their curve to second order.
    Midpoint = 0,
    // Forward Euler: one velocity sample at the sample itself, the departure point one step back
    // along it. First order (a rotating flow's paths drift outwards), half the velocity reads: the
    // back-trace of the semi-Lagrangian steps of Stam 1999 and of Harris (GPU Gems ch. 38).
    Euler = 1,
};

// How a splat, an emitter or a brush weighs the cells around its centre (d: the distance from the
// centre or the shape; radius: its size).
enum class Falloff : uint32_t {
    Linear = 0,    // weight max(0, 1 - d/radius)            (a linear brush)
    Gaussian = 1,  // weight exp(-d^2 / radius^2)              (the WebGL demo's splat)
};

// The shape of an emitter (2D: Sphere is a disc).
enum class EmitterShape : uint32_t {
    Sphere = 0,  // `radius` about the centre
    Box = 1,     // axis-aligned, `halfExtents` about the centre
};

} // namespace billow
