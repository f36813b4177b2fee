// The range of every float setting and argument that enters the kernels' arithmetic, derived from
// float32's range. The solvers' validate() functions (and their calls: splats, emitters, brushes,
// colliders, uploads, dt) refuse values outside it with InvalidArgument naming the field; tools
// that parse scenes call validate() rather than repeat these bounds (docs/parameters.md).
//
// Why these numbers. float32 holds finite values up to FLT_MAX ~ 3.4e38 and normal values down to
// FLT_MIN ~ 1.2e-38 (GPUs flush smaller ones to zero, and a division by a flushed zero is
// infinite). A kernel's formula multiplies or divides at most six inputs, e.g. the pressure's
// right-hand side (u_i+1 - u_i) / h * h^2 / dt, buoyancy dt * g * weight * density, a back-trace
// u * dt / h, the vorticity force dt * epsilon * h * |w| * N. With every input's magnitude within
// kMaxMagnitude = 1e6 and every positive scale (cell size, dt) within [kMinScale, kMaxScale] =
// [1e-6, 1e6], any product or quotient of six of them lies within [1e-36, 1e36]: finite, normal,
// and 300 times below FLT_MAX, room for the sums a stencil or reduction adds. 1e6 leaves every
// physical use wide open (in SI units or centimetres: speeds to 1000 km/s, temperatures to 1e6 K,
// cells from a micrometre to 1000 km, steps from a microsecond to 11 days).
//
// What bounds cannot promise: a state that grows over many steps (a source with no damping, an
// unstable coefficient combination) may still overflow later; the non-finite check
// (billow/health.hpp) reports that, a step after it happens.
#pragma once

namespace billow::limits {

// Largest magnitude of a speed, velocity, acceleration, amount (density, temperature, fuel, dye),
// rate, coefficient or uploaded field value. Units are each field's own (m/s, K, 1/s, ...).
inline constexpr float kMaxMagnitude = 1e6f;
// Range of a positive scale: a cell size (m), a time step (s), a period (s).
inline constexpr float kMinScale = 1e-6f;
inline constexpr float kMaxScale = 1e6f;

} // namespace billow::limits
