#include "eddy/error.hpp"

#include "vulkan_api.hpp"

namespace eddy {

InvalidArgument::InvalidArgument(std::string field, const std::string& problem)
    : Error(field + ": " + problem), field_(std::move(field)) {}

VulkanError::VulkanError(VkResult result, const std::string& call)
    : Error(call + " failed with " + vkResultName(result)), result_(result) {}

const char* vkResultName(VkResult result) noexcept {
    switch (result) {
#define EDDY_RESULT(name) case name: return #name;
        EDDY_RESULT(VK_SUCCESS)
        EDDY_RESULT(VK_NOT_READY)
        EDDY_RESULT(VK_TIMEOUT)
        EDDY_RESULT(VK_EVENT_SET)
        EDDY_RESULT(VK_EVENT_RESET)
        EDDY_RESULT(VK_INCOMPLETE)
        EDDY_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
        EDDY_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        EDDY_RESULT(VK_ERROR_INITIALIZATION_FAILED)
        EDDY_RESULT(VK_ERROR_DEVICE_LOST)
        EDDY_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
        EDDY_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
        EDDY_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
        EDDY_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
        EDDY_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
        EDDY_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
        EDDY_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
        EDDY_RESULT(VK_ERROR_FRAGMENTED_POOL)
        EDDY_RESULT(VK_ERROR_UNKNOWN)
        EDDY_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
        EDDY_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
        EDDY_RESULT(VK_ERROR_FRAGMENTATION)
        EDDY_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
        EDDY_RESULT(VK_PIPELINE_COMPILE_REQUIRED)
        EDDY_RESULT(VK_ERROR_SURFACE_LOST_KHR)
        EDDY_RESULT(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
        EDDY_RESULT(VK_SUBOPTIMAL_KHR)
        EDDY_RESULT(VK_ERROR_OUT_OF_DATE_KHR)
        EDDY_RESULT(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR)
        EDDY_RESULT(VK_ERROR_VALIDATION_FAILED_EXT)
        EDDY_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef EDDY_RESULT
    default: return "VK_RESULT_UNKNOWN";
    }
}

namespace detail {

void check(VkResult result, const char* call) {
    if (result >= 0) return;
    if (result == VK_ERROR_DEVICE_LOST) throw DeviceLost(call);
    throw VulkanError(result, call);
}

} // namespace detail
} // namespace eddy
