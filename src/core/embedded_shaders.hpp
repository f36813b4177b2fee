// SPIR-V compiled from shaders/ at build time and embedded (cmake/BillowShaders.cmake,
// cmake/generate_kernel_table.py).
#pragma once

#include <cstdint>
#include <span>

#include "billow_kernels.hpp"

namespace billow::detail {

// The module of kernel `id`'s variant `variant` (0 for a kernel without variants) compiled for a
// workgroup profile, optimized at build time; a variant's selector (specialization constant 0) is
// frozen into its module. Empty for a variant beyond the kernel's count.
std::span<const uint32_t> embeddedShader(KernelId id, uint32_t variant, WorkgroupProfile profile);

} // namespace billow::detail
