// Eddy's private view of Vulkan: volk with every symbol renamed (see cmake/EddyVolk.cmake), plus
// the check helper that turns a failed VkResult into an exception naming the call and the result.
#pragma once

#include "eddy_volk_rename.h"
#include <volk.h>

#include "eddy/error.hpp"

namespace eddy::detail {

// Throws DeviceLost for VK_ERROR_DEVICE_LOST and VulkanError for any other failure.
void check(VkResult result, const char* call);

} // namespace eddy::detail

#define EDDY_VK(call) ::eddy::detail::check((call), #call)
