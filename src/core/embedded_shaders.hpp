// SPIR-V compiled from shaders/ at build time and embedded (cmake/BillowShaders.cmake).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace billow::detail {

// The module named after its source file without extension, or an empty span.
std::span<const uint32_t> embeddedShader(std::string_view name);

} // namespace billow::detail
