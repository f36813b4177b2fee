// The sparse solver's limits and the check of what it supports of SmokeSettings3D.
#pragma once

#include <cstdint>

#include "billow/sparse_smoke3d_solver.hpp"

namespace billow {

// The largest pool: 2^21 bricks (a face pool then holds 2^21 * 576 < 2^31 floats, the most a
// signed 32-bit index in the kernels addresses).
inline constexpr uint32_t kMaxPoolBricks = 1u << 21;

// The most values one host box of downloadBox / uploadBox holds: 2^30 (4 GiB of floats, a 1024^3
// box of one field). A larger box is refused by name rather than left to the host's allocator.
inline constexpr uint64_t kMaxBoxValues = uint64_t(1) << 30;

namespace detail {
// InvalidArgument naming the first setting the sparse grid does not support (advection-reflection,
// diffusion, a prescribed velocity, periodic sides).
void requireSparseSupports(const SmokeSettings3D& settings);
} // namespace detail

} // namespace billow
