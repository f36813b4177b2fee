// The GPU context: which instance, device and queue Billow records for.
//
// Two modes:
//  * standalone: Billow creates a headless instance and device itself, preferring a discrete GPU,
//    then an integrated one, then a CPU implementation (lavapipe).
//  * embedded: the engine hands over its own VkInstance, VkPhysicalDevice, VkDevice and a queue;
//    Billow creates no instance or device and destroys nothing it did not create.
//
// Vulkan function pointers are loaded into a per-device table that is private to Billow, so linking
// Billow never clashes with an engine that links the Vulkan loader or its own copy of volk.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <vulkan/vulkan_core.h>

namespace billow {

enum class DevicePreference {
    Automatic,  // discrete GPU, then integrated, then virtual, then CPU (lavapipe)
    Discrete,
    Integrated,
    Cpu,
};

enum class MessageSeverity { Info, Warning, Error };

// Receives validation-layer messages (standalone mode with validation on).
using MessageCallback = std::function<void(MessageSeverity severity, const std::string& message)>;

struct StandaloneSettings {
    // Which kind of device to prefer. The environment variable BILLOW_DEVICE overrides it:
    // "discrete", "integrated", "cpu", a device index ("0", "1", ...) or part of a device name.
    // Default: Automatic.
    DevicePreference preference = DevicePreference::Automatic;

    // Enable the Khronos validation layer with synchronization validation. Creation fails with
    // UnsupportedDevice if the layer is not installed. The environment variable BILLOW_VALIDATION=1
    // also enables it. Default: false.
    bool validation = false;

    // Where validation messages go. Default (empty): printed to stderr.
    MessageCallback onMessage;

    // Host allocation callbacks used for every Vulkan object Billow creates. Default: nullptr.
    const VkAllocationCallbacks* allocator = nullptr;

    // How long Billow waits for the GPU before giving up with TimeoutError (seconds, finite,
    // in [kMinWaitTimeoutSeconds, kMaxWaitTimeoutSeconds]): every fence wait of step(), upload(),
    // download(), waitIdle() and the solvers' destructors. Default 10 s: 600 times Billow's
    // longest measured step (the 3D solver at 256^3 on an H200, 15.7 ms; a 512^3 step on a small
    // GPU stays well under a second) and as long as the OS watchdogs that normally turn a hung GPU
    // into device loss (Windows TDR 2 s, Linux amdgpu 10 s), so a hang they miss surfaces soon
    // after they would have. Change it at run time with Context::setWaitTimeout. After a wait
    // timed out, every object stays safe to destroy: buffers, pipelines and query pools the queue
    // may still use are freed once its fence signals (at the next wait, at the latest when the
    // context goes), or leaked if the GPU never finishes, never freed under it. A CPU device
    // (lavapipe) on a loaded machine can need far longer: the tests and the scene runner give it
    // 600 s.
    double waitTimeoutSeconds = 10.0;

    // Run the device as the smallest conformant Vulkan device would: every limit Billow consults
    // is lowered to the value the specification guarantees (128 compute invocations, workgroups
    // of (128, 128, 64), 16 KiB of shared memory, 2^27-byte storage buffers, 65535 workgroups a
    // dispatch axis, 256^3 3D images), so the kernels take their minimum workgroup shapes and the
    // solvers' size checks the minimum device's bounds. For testing that path on a large GPU;
    // devices below the wide profile's needs take the minimum shapes without it. The environment
    // variable BILLOW_MINIMUM_LIMITS=1 also sets it. Default: false.
    bool specificationMinimumLimits = false;

    // Enable 16-bit storage buffers (storageBuffer16BitAccess, core in Vulkan 1.1) where the device
    // has them, for the solvers' 16-bit flow storage (SmokeSettings3D::flowStorage). false: run as
    // a device without them would. The environment variable BILLOW_NO_16BIT_STORAGE=1 also turns
    // it off. Default: true.
    bool storage16Bit = true;
};

struct EmbeddedHandles {
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;  // must support VK_QUEUE_COMPUTE_BIT
    uint32_t queueIndex = 0;
    // The loader entry point the engine uses (e.g. the one from its own volk or from libvulkan).
    PFN_vkGetInstanceProcAddr getInstanceProcAddr = nullptr;
    // Vulkan API version the engine created the instance with (>= 1.1). Default: 1.1.
    uint32_t apiVersion = VK_API_VERSION_1_1;
    // Host allocation callbacks for objects Billow creates on the engine's device. Default: nullptr.
    const VkAllocationCallbacks* allocator = nullptr;
    // As StandaloneSettings::waitTimeoutSeconds. Default 10 s.
    double waitTimeoutSeconds = 10.0;
    // As StandaloneSettings::specificationMinimumLimits (BILLOW_MINIMUM_LIMITS=1 too). Default: false.
    bool specificationMinimumLimits = false;
    // Whether the engine created its device with VkPhysicalDevice16BitStorageFeatures::
    // storageBuffer16BitAccess (or VkPhysicalDeviceVulkan11Features') enabled: Billow cannot read
    // what a device was created with, and its 16-bit flow storage (SmokeSettings3D::flowStorage)
    // needs it. Default: false (solvers asking for 16-bit storage are refused with UnsupportedDevice).
    bool storageBuffer16BitAccess = false;
};

struct DeviceInfo {
    uint32_t index = 0;
    std::string name;
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    uint32_t apiVersion = 0;
    uint32_t driverVersion = 0;
};

namespace detail {
struct ContextState;
}

class Context {
public:
    // The range of waitTimeoutSeconds: at least a millisecond, at most a day.
    static constexpr double kMinWaitTimeoutSeconds = 1e-3;
    static constexpr double kMaxWaitTimeoutSeconds = 86400.0;

    // Creates a headless instance and device. Throws UnsupportedDevice when no suitable device.
    static std::shared_ptr<Context> createStandalone(const StandaloneSettings& settings = {});
    // Wraps the engine's objects. Throws InvalidArgument for null handles and UnsupportedDevice
    // when the device lacks what Billow needs.
    static std::shared_ptr<Context> createEmbedded(const EmbeddedHandles& handles);
    // Lists the physical devices a standalone context could pick (for --device style options).
    static std::vector<DeviceInfo> listDevices();

    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    bool isEmbedded() const noexcept;
    const DeviceInfo& deviceInfo() const noexcept;
    VkInstance instance() const noexcept;
    VkPhysicalDevice physicalDevice() const noexcept;
    VkDevice device() const noexcept;
    VkQueue queue() const noexcept;
    uint32_t queueFamilyIndex() const noexcept;
    // Nanoseconds per timestamp tick, and whether the queue supports timestamps.
    float timestampPeriodNs() const noexcept;
    bool supportsTimestamps() const noexcept;
    // The kernels' workgroup shapes on this device: "wide" (the shapes measured fastest on desktop
    // GPUs, up to 1024 invocations and 32 KiB of shared memory) or "minimum" (within the limits
    // every Vulkan device guarantees: 128 invocations, 16 KiB). docs/platforms.md.
    std::string_view workgroupProfile() const noexcept;
    // Whether 16-bit storage buffers are enabled on the device (StandaloneSettings::storage16Bit
    // where the device has them; EmbeddedHandles::storageBuffer16BitAccess): what the solvers'
    // 16-bit flow storage needs.
    bool supports16BitStorage() const noexcept;

    // Blocks until the context's queue is idle, at most waitTimeoutSeconds(). Throws DeviceLost if
    // the device was lost, TimeoutError when the wait runs past the timeout.
    void waitIdle() const;

    // The timeout of every wait for the GPU (StandaloneSettings::waitTimeoutSeconds). Setting it
    // throws InvalidArgument outside [kMinWaitTimeoutSeconds, kMaxWaitTimeoutSeconds].
    double waitTimeoutSeconds() const noexcept;
    void setWaitTimeout(double seconds);

    // Number of validation messages of severity Warning or Error seen so far (standalone with
    // validation on); tests use it to fail on any message.
    uint32_t validationMessageCount() const noexcept;

    detail::ContextState& state() noexcept { return *state_; }
    const detail::ContextState& state() const noexcept { return *state_; }

private:
    explicit Context(std::unique_ptr<detail::ContextState> state);
    std::unique_ptr<detail::ContextState> state_;
};

} // namespace billow
