// The Vulkan functions Billow calls, in one list, and the check that a loaded table has every one
// of them. The table comes from the system's loader (standalone) or from the engine's
// vkGetInstanceProcAddr (embedded): a function that comes back null there would otherwise be
// called through a null pointer at its first use, deep inside a step. The check runs once the
// table is loaded and before Billow creates anything on the device.
//
// This header names the functions without including Vulkan (tests compiled against the system's
// vulkan.h include it too); vulkan_functions.cpp holds the list and the checks.
#pragma once

#include <string>
#include <vector>

namespace billow::detail {

// Every function Billow calls: those it loads per instance (the physical-device queries and
// vkGetDeviceProcAddr), then those of its device table. `standalone` adds the ones only a
// standalone context calls (creating and destroying its own device and instance).
std::vector<std::string> vulkanFunctionsCalled(bool standalone);

} // namespace billow::detail
