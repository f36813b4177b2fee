// What Billow needs of a Vulkan device, and which of its two workgroup profiles a device runs.
// Every requirement that has a guaranteed value in the Vulkan specification ("Required Limits")
// is met by any device at that value, except the storage buffers per stage (see below): a device
// that has more compute resources gets the wide profile's faster shapes.
#include <algorithm>
#include <string>
#include <type_traits>

#include "billow_kernels.hpp"
#include "core/context_state.hpp"

namespace billow::detail {
namespace {

bool fits(const VkPhysicalDeviceLimits& l, const WorkgroupNeeds& needs) {
    return l.maxComputeWorkGroupInvocations >= needs.invocations && l.maxComputeWorkGroupSize[0] >= needs.size.x &&
           l.maxComputeWorkGroupSize[1] >= needs.size.y && l.maxComputeWorkGroupSize[2] >= needs.size.z &&
           l.maxComputeSharedMemorySize >= needs.sharedBytes;
}

std::string atLeast(const char* limit, uint64_t need, uint64_t guaranteed, uint64_t has) {
    return std::string(limit) + " >= " + std::to_string(need) + " (Vulkan guarantees " + std::to_string(guaranteed) +
           "), has " + std::to_string(has);
}

} // namespace

void capToSpecificationMinimum(VkPhysicalDeviceLimits& l) {
    auto cap = [](auto& value, auto minimum) { value = std::min<std::remove_reference_t<decltype(value)>>(value, minimum); };
    cap(l.maxComputeWorkGroupInvocations, kSpecificationMinimum.invocations);
    cap(l.maxComputeWorkGroupSize[0], kSpecificationMinimum.size.x);
    cap(l.maxComputeWorkGroupSize[1], kSpecificationMinimum.size.y);
    cap(l.maxComputeWorkGroupSize[2], kSpecificationMinimum.size.z);
    cap(l.maxComputeSharedMemorySize, kSpecificationMinimum.sharedBytes);
    for (uint32_t& count : l.maxComputeWorkGroupCount) cap(count, 65535u);
    cap(l.maxStorageBufferRange, uint32_t(1) << 27);
    cap(l.maxUniformBufferRange, 16384u);
    cap(l.maxPushConstantsSize, 128u);
    cap(l.maxBoundDescriptorSets, 4u);
    cap(l.maxImageDimension2D, 4096u);
    cap(l.maxImageDimension3D, 256u);
    // Alignments are maximums in the specification's table: the largest a device may ask for.
    l.minStorageBufferOffsetAlignment = std::max<VkDeviceSize>(l.minStorageBufferOffsetAlignment, 256);
    l.minUniformBufferOffsetAlignment = std::max<VkDeviceSize>(l.minUniformBufferOffsetAlignment, 256);
}

WorkgroupProfile chooseWorkgroupProfile(const VkPhysicalDeviceLimits& limits) {
    return fits(limits, kWorkgroupNeeds[static_cast<uint32_t>(WorkgroupProfile::Wide)]) ? WorkgroupProfile::Wide
                                                                                       : WorkgroupProfile::Minimum;
}

void checkDeviceRequirements(const VkPhysicalDeviceProperties& p, const std::vector<VkQueueFamilyProperties>& families,
                             uint32_t queueFamilyIndex) {
    auto need = [](bool ok, const std::string& what) {
        if (!ok) throw UnsupportedDevice("device lacks what Billow needs: " + what);
    };
    const VkPhysicalDeviceLimits& l = p.limits;
    need(p.apiVersion >= VK_API_VERSION_1_1, "Vulkan 1.1 (apiVersion is " +
         std::to_string(VK_API_VERSION_MAJOR(p.apiVersion)) + "." +
         std::to_string(VK_API_VERSION_MINOR(p.apiVersion)) + ")");
    // The minimum profile's kernels fit the specification's guarantees (the kernel generator
    // checks them at build time), so a conformant device passes these; a device reporting less
    // is not conformant, and is named.
    const WorkgroupNeeds& small = kWorkgroupNeeds[static_cast<uint32_t>(WorkgroupProfile::Minimum)];
    need(l.maxComputeWorkGroupInvocations >= small.invocations,
         atLeast("maxComputeWorkGroupInvocations", small.invocations, kSpecificationMinimum.invocations,
                 l.maxComputeWorkGroupInvocations));
    need(l.maxComputeWorkGroupSize[0] >= small.size.x && l.maxComputeWorkGroupSize[1] >= small.size.y &&
             l.maxComputeWorkGroupSize[2] >= small.size.z,
         "maxComputeWorkGroupSize >= (" + std::to_string(small.size.x) + ", " + std::to_string(small.size.y) + ", " +
             std::to_string(small.size.z) + ") (Vulkan guarantees (128, 128, 64)), has (" +
             std::to_string(l.maxComputeWorkGroupSize[0]) + ", " + std::to_string(l.maxComputeWorkGroupSize[1]) + ", " +
             std::to_string(l.maxComputeWorkGroupSize[2]) + ")");
    need(l.maxComputeSharedMemorySize >= small.sharedBytes,
         atLeast("maxComputeSharedMemorySize", small.sharedBytes, kSpecificationMinimum.sharedBytes,
                 l.maxComputeSharedMemorySize));
    need(l.maxPushConstantsSize >= kPushConstantBytes,
         atLeast("maxPushConstantsSize", kPushConstantBytes, 128, l.maxPushConstantsSize));
    // Above the specification's 4: every kernel shares one layout of BILLOW_STORAGE_SLOTS storage
    // buffers (the 3D advection binds twelve). Desktop and mobile drivers report 16 or more.
    need(l.maxPerStageDescriptorStorageBuffers >= BILLOW_STORAGE_SLOTS,
         atLeast("maxPerStageDescriptorStorageBuffers", BILLOW_STORAGE_SLOTS, 4, l.maxPerStageDescriptorStorageBuffers));
    need(queueFamilyIndex < families.size(), "queue family " + std::to_string(queueFamilyIndex) +
         " (device has " + std::to_string(families.size()) + ")");
    need((families[queueFamilyIndex].queueFlags & VK_QUEUE_COMPUTE_BIT) != 0,
         "VK_QUEUE_COMPUTE_BIT on queue family " + std::to_string(queueFamilyIndex));
}

} // namespace billow::detail
