// Billow's private view of Vulkan: volk with every symbol renamed (see cmake/BillowVolk.cmake), plus
// the check helper that turns a failed VkResult into an exception naming the call and the result.
#pragma once

#include "billow_volk_rename.h"
#include <volk.h>

#include "billow/error.hpp"

namespace billow::detail {

// Throws DeviceLost for VK_ERROR_DEVICE_LOST and VulkanError for any other failure.
void check(VkResult result, const char* call);

} // namespace billow::detail

#define BILLOW_VK(call) ::billow::detail::check((call), #call)
