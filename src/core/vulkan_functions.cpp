#include "core/vulkan_functions.hpp"

#include "billow/error.hpp"
#include "core/context_state.hpp"
#include "core/vulkan_checks.hpp"

namespace billow::detail {

// X(name) for each function, by where it is loaded from. A function Billow starts calling goes
// here (test_embedded's source scan fails on one that is missing).
#define BILLOW_INSTANCE_FUNCTIONS(X)           \
    X(vkGetDeviceProcAddr)                      \
    X(vkEnumeratePhysicalDevices)               \
    X(vkGetPhysicalDeviceProperties)            \
    X(vkGetPhysicalDeviceMemoryProperties)      \
    X(vkGetPhysicalDeviceQueueFamilyProperties) \
    X(vkGetPhysicalDeviceFormatProperties)      \
    X(vkEnumerateDeviceExtensionProperties)
#define BILLOW_STANDALONE_INSTANCE_FUNCTIONS(X) \
    X(vkGetPhysicalDeviceFeatures2)              \
    X(vkCreateDevice)                            \
    X(vkDestroyInstance)
#define BILLOW_DEVICE_FUNCTIONS(X)                                                                              \
    X(vkGetDeviceQueue) X(vkQueueSubmit) X(vkCreateFence) X(vkDestroyFence) X(vkResetFences) X(vkWaitForFences)  \
    X(vkGetFenceStatus) X(vkCreateCommandPool) X(vkDestroyCommandPool) X(vkAllocateCommandBuffers)               \
    X(vkFreeCommandBuffers) X(vkBeginCommandBuffer) X(vkEndCommandBuffer) X(vkCreateBuffer) X(vkDestroyBuffer)   \
    X(vkGetBufferMemoryRequirements) X(vkBindBufferMemory) X(vkCreateImage) X(vkDestroyImage)                    \
    X(vkGetImageMemoryRequirements) X(vkBindImageMemory) X(vkCreateImageView) X(vkDestroyImageView)              \
    X(vkCreateSampler) X(vkDestroySampler) X(vkAllocateMemory) X(vkFreeMemory) X(vkMapMemory)                    \
    X(vkCreateShaderModule) X(vkDestroyShaderModule) X(vkCreatePipelineLayout) X(vkDestroyPipelineLayout)        \
    X(vkCreateComputePipelines) X(vkDestroyPipeline) X(vkCreateDescriptorSetLayout)                               \
    X(vkDestroyDescriptorSetLayout) X(vkCreateDescriptorPool) X(vkDestroyDescriptorPool)                          \
    X(vkAllocateDescriptorSets) X(vkFreeDescriptorSets) X(vkUpdateDescriptorSets) X(vkCreateQueryPool)           \
    X(vkDestroyQueryPool) X(vkGetQueryPoolResults) X(vkCmdResetQueryPool) X(vkCmdWriteTimestamp)                 \
    X(vkCmdPipelineBarrier) X(vkCmdBindPipeline) X(vkCmdBindDescriptorSets) X(vkCmdPushConstants)                \
    X(vkCmdDispatch) X(vkCmdDispatchIndirect) X(vkCmdFillBuffer) X(vkCmdCopyBuffer) X(vkCmdUpdateBuffer)         \
    X(vkCmdCopyImageToBuffer) X(vkCmdClearColorImage)
#define BILLOW_STANDALONE_DEVICE_FUNCTIONS(X) X(vkDestroyDevice)

std::vector<std::string> vulkanFunctionsCalled(bool standalone) {
    std::vector<std::string> names;
#define BILLOW_NAME(fn) names.push_back(#fn);
    BILLOW_INSTANCE_FUNCTIONS(BILLOW_NAME)
    if (standalone) { BILLOW_STANDALONE_INSTANCE_FUNCTIONS(BILLOW_NAME) }
    BILLOW_DEVICE_FUNCTIONS(BILLOW_NAME)
    if (standalone) { BILLOW_STANDALONE_DEVICE_FUNCTIONS(BILLOW_NAME) }
#undef BILLOW_NAME
    return names;
}

namespace {
[[noreturn]] void missing(const char* source, const char* function) {
    throw Error(std::string(source) + " gave no " + function + " (a null pointer): Billow calls it, so the context " +
                "cannot be made (is the instance or device missing the Vulkan 1.1 core it needs?)");
}
} // namespace

void requireInstanceFunctions(bool standalone, const char* source) {
    // The volk globals, loaded for the instance (vulkan_api.hpp renames them billow_*).
#define BILLOW_CHECK(fn) \
    if (!fn) missing(source, #fn);
    BILLOW_INSTANCE_FUNCTIONS(BILLOW_CHECK)
    if (standalone) { BILLOW_STANDALONE_INSTANCE_FUNCTIONS(BILLOW_CHECK) }
#undef BILLOW_CHECK
}

void requireDeviceFunctions(const VolkDeviceTable& table, bool standalone, const char* source) {
#define BILLOW_CHECK(fn) \
    if (!table.fn) missing(source, #fn);
    BILLOW_DEVICE_FUNCTIONS(BILLOW_CHECK)
    if (standalone) { BILLOW_STANDALONE_DEVICE_FUNCTIONS(BILLOW_CHECK) }
#undef BILLOW_CHECK
}

} // namespace billow::detail
