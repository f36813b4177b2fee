// Turns a failed Vulkan call of the app into an exception naming the call and the VkResult.
#pragma once

#include <stdexcept>
#include <string>

#include <vulkan/vulkan.h>

#include "billow/error.hpp"

namespace billow::interactive {

inline void check(VkResult result, const char* call) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(call) + " failed: " + vkResultName(result));
}

} // namespace billow::interactive
