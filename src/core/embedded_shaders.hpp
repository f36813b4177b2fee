// SPIR-V compiled from shaders/ at build time and embedded (cmake/BillowShaders.cmake,
// cmake/generate_kernel_table.py).
#pragma once

#include <cstdint>
#include <span>

#include "billow_kernels.hpp"

namespace billow::detail {

// The module of kernel `id`, as glslc -O compiled it.
std::span<const uint32_t> embeddedShader(KernelId id);

} // namespace billow::detail
