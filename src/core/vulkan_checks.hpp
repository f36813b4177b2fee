// The checks of vulkan_functions.hpp's list against a loaded table (they need Vulkan's types:
// Billow's renamed volk). Error naming the first function that came back null and `source`, the
// function table it came from.
#pragma once

#include "core/vulkan_api.hpp"

namespace billow::detail {

// The instance-level functions volk loaded (after volkLoadInstanceOnly).
void requireInstanceFunctions(bool standalone, const char* source);
// A device table (after volkLoadDeviceTable).
void requireDeviceFunctions(const VolkDeviceTable& table, bool standalone, const char* source);

} // namespace billow::detail
