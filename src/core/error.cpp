#include "billow/error.hpp"

#include <string>
#include <utility>

#include "core/vulkan_api.hpp"

namespace billow {

InvalidArgument::InvalidArgument(std::string field, const std::string& problem)
    : Error(field + ": " + problem), field_(std::move(field)) {}

VulkanError::VulkanError(VkResult result, const std::string& call)
    : Error(call + " failed with " + vkResultName(result)), result_(result) {}

TimeoutError::TimeoutError(const std::string& call, double seconds)
    : VulkanError(VK_TIMEOUT, call + " (the GPU did not finish within the context's wait timeout of " +
                                  std::to_string(seconds) + " s; it hangs or is far slower than expected)"),
      seconds_(seconds) {}

NonFiniteError::NonFiniteError(std::string field, uint64_t step, uint32_t index, const std::string& solver)
    : Error(solver + ": field " + field + " became non-finite (NaN or infinity) at element " + std::to_string(index) +
            " in recorded step " + std::to_string(step) +
            "; check the settings, splats and uploads of that step (the state stays non-finite until re-uploaded)"),
      field_(std::move(field)), step_(step) {}

const char* vkResultName(VkResult result) noexcept {
    switch (result) {
#define BILLOW_RESULT(name) case name: return #name;
        BILLOW_RESULT(VK_SUCCESS)
        BILLOW_RESULT(VK_NOT_READY)
        BILLOW_RESULT(VK_TIMEOUT)
        BILLOW_RESULT(VK_EVENT_SET)
        BILLOW_RESULT(VK_EVENT_RESET)
        BILLOW_RESULT(VK_INCOMPLETE)
        BILLOW_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
        BILLOW_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        BILLOW_RESULT(VK_ERROR_INITIALIZATION_FAILED)
        BILLOW_RESULT(VK_ERROR_DEVICE_LOST)
        BILLOW_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
        BILLOW_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
        BILLOW_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
        BILLOW_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
        BILLOW_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
        BILLOW_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
        BILLOW_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
        BILLOW_RESULT(VK_ERROR_FRAGMENTED_POOL)
        BILLOW_RESULT(VK_ERROR_UNKNOWN)
        BILLOW_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
        BILLOW_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
        BILLOW_RESULT(VK_ERROR_FRAGMENTATION)
        BILLOW_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
        BILLOW_RESULT(VK_PIPELINE_COMPILE_REQUIRED)
        BILLOW_RESULT(VK_ERROR_SURFACE_LOST_KHR)
        BILLOW_RESULT(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
        BILLOW_RESULT(VK_SUBOPTIMAL_KHR)
        BILLOW_RESULT(VK_ERROR_OUT_OF_DATE_KHR)
        BILLOW_RESULT(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR)
        BILLOW_RESULT(VK_ERROR_VALIDATION_FAILED_EXT)
        BILLOW_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef BILLOW_RESULT
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
} // namespace billow
