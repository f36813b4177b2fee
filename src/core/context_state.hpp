// What a Context holds: handles, the private device function table, device facts, and a
// one-shot submit helper for blocking uploads/downloads.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <vector>

#include "billow/context.hpp"
#include "core/workgroup_profile.hpp"
#include "core/vulkan_api.hpp"

namespace billow::detail {

struct ContextState {
    bool embedded = false;
    // Compute dispatches recorded through the library's kernel sets so far (GpuTimer counts each
    // interval's from it).
    uint64_t recordedDispatches = 0;
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;
    const VkAllocationCallbacks* allocator = nullptr;
    VolkDeviceTable vk{};  // every device-level call goes through this table

    // The device's properties; with specificationMinimumLimits, limits capped to the guaranteed
    // values (capToSpecificationMinimum), and every size check reads these.
    VkPhysicalDeviceProperties properties{};
    bool specificationMinimumLimits = false;
    // The kernels' shapes on this device: the pipelines every KernelSet builds.
    WorkgroupProfile workgroups = WorkgroupProfile::Wide;
    // VK_KHR_portability_subset (MoltenVK): the device advertises it, so it is enabled.
    bool portabilitySubset = false;
    // storageBuffer16BitAccess is enabled on the device (Context::supports16BitStorage).
    bool storage16Bit = false;
    VkPhysicalDeviceMemoryProperties memoryProperties{};
    DeviceInfo info;
    bool timestamps = false;

    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    // This instance's own destroy functions, read when it was made: volk's global instance-level
    // pointers belong to whichever instance was loaded last, and a second context made without
    // the validation layer loads a null vkDestroyDebugUtilsMessengerEXT over the first's.
    PFN_vkDestroyDebugUtilsMessengerEXT destroyMessenger = nullptr;
    PFN_vkDestroyInstance destroyInstance = nullptr;
    MessageCallback onMessage;
    std::atomic<uint32_t> messageCount{0};

    // For blocking transfers (submitAndWait). Guarded by `submitMutex`.
    std::mutex submitMutex;
    VkCommandPool transientPool = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    // The fence was submitted and its wait timed out: the next submission waits for it first
    // (resetting a pending fence is invalid).
    bool fencePending = false;
    // Destructions put off while a timed-out submission may still use the objects (destroyWhenIdle);
    // run once the fence has signalled. Guarded by `retiredMutex`.
    std::mutex retiredMutex;
    std::vector<std::function<void()>> retired;
    // Every wait for the GPU gives up after this long (Context::waitTimeoutSeconds).
    std::atomic<uint64_t> waitTimeoutNs{10'000'000'000ull};

    // Test hooks (tests/core/test_failures.cpp), each consumed by the next submission Billow
    // makes: `submitFailure` fails it before it reaches the queue (as vkQueueSubmit would),
    // `waitFailure` lets it run but reports its wait as failed (VK_TIMEOUT: a hung GPU).
    struct InjectedFaults {
        VkResult submitFailure = VK_SUCCESS;
        VkResult waitFailure = VK_SUCCESS;
    } injectedFaults;

    ~ContextState();

    // Records `body` into a fresh command buffer, submits it to the queue and waits at most
    // waitTimeoutNs (TimeoutError). `submitted`, when given, is set once the queue has the work:
    // a failure before that left the GPU untouched.
    void submitAndWait(const std::function<void(VkCommandBuffer)>& body, bool* submitted = nullptr);
    // Submits an already recorded command buffer and waits for it. Caller holds submitMutex.
    void submitAndWait(VkCommandBuffer cmd, bool* submitted = nullptr);
    // Waits for every submission so far (an empty submission's fence), at most waitTimeoutNs.
    void waitIdle();
    // Runs `destroy` (the vkDestroy / vkFree calls of objects the queue may have used) now, or,
    // while a submission whose wait timed out may still be running, once it has finished: at the
    // next wait that sees the fence signalled, at the latest when the context goes. If the GPU
    // never finishes, the objects are leaked rather than freed under its feet.
    void destroyWhenIdle(std::function<void()> destroy) noexcept;
    // Runs the destructions put off by destroyWhenIdle (the fence has signalled).
    void runRetired() noexcept;
    double waitTimeoutSeconds() const noexcept { return double(waitTimeoutNs.load()) * 1e-9; }
    void setWaitTimeout(double seconds, const char* field);

    // Index of a memory type with all of `required` flags (and preferably `preferred` too).
    uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                            VkMemoryPropertyFlags preferred) const;

    void createTransientObjects();
};

// The compute limits the Vulkan specification guarantees every device ("Required Limits"), which
// the minimum workgroup profile's kernels fit (cmake/generate_kernel_table.py checks it).
inline constexpr WorkgroupNeeds kSpecificationMinimum{128, {128, 128, 64}, 16384};

// Throws UnsupportedDevice naming the first missing limit or feature, with the value the
// specification guarantees and the device's (core/device_requirements.cpp).
void checkDeviceRequirements(const VkPhysicalDeviceProperties& properties,
                             const std::vector<VkQueueFamilyProperties>& families,
                             uint32_t queueFamilyIndex);
// Lowers every limit that Billow consults to the specification's guaranteed value (raises the
// alignments to their largest allowed): StandaloneSettings::specificationMinimumLimits, to run
// a large GPU as the smallest conformant device would.
void capToSpecificationMinimum(VkPhysicalDeviceLimits& limits);
// Wide where the device fits the wide profile's largest workgroup and shared memory, else Minimum.
WorkgroupProfile chooseWorkgroupProfile(const VkPhysicalDeviceLimits& limits);

} // namespace billow::detail
