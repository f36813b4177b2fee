#include "billow/context.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "billow_kernels.hpp"
#include "core/context_state.hpp"
#include "core/vulkan_checks.hpp"

namespace billow {
namespace {

using detail::ContextState;

// The loader volkInitialize looks for differs by platform (volk.c), and so does the fix.
#if defined(_WIN32)
constexpr const char* kNoLoader = "no Vulkan loader found (vulkan-1.dll); install a GPU driver with Vulkan support";
#elif defined(__APPLE__)
constexpr const char* kNoLoader = "no Vulkan loader found (libvulkan.dylib, libMoltenVK.dylib); install MoltenVK";
#else
constexpr const char* kNoLoader = "no Vulkan loader found (libvulkan.so.1); install libvulkan1";
#endif

void loadLoader() {
    static const VkResult result = volkInitialize();
    if (result != VK_SUCCESS) throw UnsupportedDevice(kNoLoader);
}

VKAPI_ATTR VkBool32 VKAPI_CALL onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data,
                                              void* user) {
    auto* state = static_cast<ContextState*>(user);
    MessageSeverity level = MessageSeverity::Info;
    if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) level = MessageSeverity::Error;
    else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) level = MessageSeverity::Warning;
    if (level != MessageSeverity::Info) state->messageCount.fetch_add(1);
    std::string text = data && data->pMessage ? data->pMessage : "(no message)";
    if (state->onMessage) state->onMessage(level, text);
    else std::fprintf(stderr, "[billow/vulkan] %s\n", text.c_str());
    return VK_FALSE;
}

VkDebugUtilsMessengerCreateInfoEXT messengerInfo(ContextState* state) {
    VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = onDebugMessage;
    info.pUserData = state;
    return info;
}

bool hasLayer(const char* name) {
    uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    return std::any_of(layers.begin(), layers.end(),
                       [&](const VkLayerProperties& l) { return std::strcmp(l.layerName, name) == 0; });
}

bool envFlag(const char* name) {
    const char* v = std::getenv(name);
    return v && *v && std::strcmp(v, "0") != 0;
}

// VK_KHR_portability_subset (vulkan_beta.h, which Billow does not include): a device that
// advertises it (MoltenVK on macOS and iOS) must have it enabled.
constexpr const char* kPortabilitySubset = "VK_KHR_portability_subset";

// Whether an enumerated list holds extension `name`; false when the enumeration failed.
bool listsExtension(VkResult result, const std::vector<VkExtensionProperties>& extensions, uint32_t count,
                    const char* name) {
    return result == VK_SUCCESS &&
           std::any_of(extensions.begin(), extensions.begin() + std::min<size_t>(count, extensions.size()),
                       [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
}

bool hasInstanceExtension(const char* name) {
    uint32_t count = 0;
    if (vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkExtensionProperties> extensions(count);
    return listsExtension(vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data()), extensions, count, name);
}

bool hasDeviceExtension(VkPhysicalDevice device, const char* name) {
    uint32_t count = 0;
    if (vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkExtensionProperties> extensions(count);
    return listsExtension(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data()), extensions,
                          count, name);
}

// The instance of listDevices and createStandalone: Vulkan 1.1 or 1.3, and where the loader has
// VK_KHR_portability_enumeration (1.3.216 on), portability devices (MoltenVK) enumerated too;
// without the flag a loader that has the extension hides them.
struct InstanceRequest {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    std::vector<const char*> extensions;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    InstanceRequest() {
        app.pApplicationName = "billow";
        app.pEngineName = "billow";
        app.apiVersion = volkGetInstanceVersion() >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_1;
        info.pApplicationInfo = &app;
        if (hasInstanceExtension(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME)) {
            extensions.push_back(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
            info.flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
        }
    }
    InstanceRequest(const InstanceRequest&) = delete;
    const VkInstanceCreateInfo& finish() {
        info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
        info.ppEnabledExtensionNames = extensions.data();
        return info;
    }
};

int typeRank(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
    default: return 4;
    }
}

std::optional<uint32_t> computeQueueFamily(VkPhysicalDevice device) {
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    // Prefer a family that also does graphics (timestamps and sharing are simplest there).
    std::optional<uint32_t> any;
    for (uint32_t i = 0; i < count; ++i) {
        if (!(families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
        if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) return i;
        if (!any) any = i;
    }
    return any;
}

std::vector<VkPhysicalDevice> physicalDevices(VkInstance instance) {
    uint32_t count = 0;
    BILLOW_VK(vkEnumeratePhysicalDevices(instance, &count, nullptr));
    std::vector<VkPhysicalDevice> devices(count);
    BILLOW_VK(vkEnumeratePhysicalDevices(instance, &count, devices.data()));
    devices.resize(count);
    return devices;
}

DeviceInfo describe(VkPhysicalDevice device, uint32_t index) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(device, &p);
    return DeviceInfo{index, p.deviceName, p.deviceType, p.apiVersion, p.driverVersion};
}

// Chooses a device by preference, overridden by BILLOW_DEVICE.
VkPhysicalDevice pickDevice(const std::vector<VkPhysicalDevice>& devices, DevicePreference preference) {
    std::vector<uint32_t> usable;
    for (uint32_t i = 0; i < devices.size(); ++i)
        if (computeQueueFamily(devices[i])) usable.push_back(i);
    if (usable.empty()) throw UnsupportedDevice("no Vulkan device with a compute queue was found");

    if (const char* env = std::getenv("BILLOW_DEVICE"); env && *env) {
        std::string want = env;
        if (want == "discrete") preference = DevicePreference::Discrete;
        else if (want == "integrated") preference = DevicePreference::Integrated;
        else if (want == "cpu") preference = DevicePreference::Cpu;
        else {
            char* end = nullptr;
            unsigned long index = std::strtoul(want.c_str(), &end, 10);
            if (end && *end == '\0') {
                if (index >= devices.size() || !computeQueueFamily(devices[index]))
                    throw UnsupportedDevice("BILLOW_DEVICE=" + want + ": no usable device with that index");
                return devices[index];
            }
            for (uint32_t i : usable)
                if (describe(devices[i], i).name.find(want) != std::string::npos) return devices[i];
            throw UnsupportedDevice("BILLOW_DEVICE=" + want + ": no device name contains it");
        }
    }
    VkPhysicalDeviceType wanted = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    if (preference == DevicePreference::Discrete) wanted = VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU;
    if (preference == DevicePreference::Integrated) wanted = VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
    if (preference == DevicePreference::Cpu) wanted = VK_PHYSICAL_DEVICE_TYPE_CPU;
    if (wanted != VK_PHYSICAL_DEVICE_TYPE_OTHER) {
        for (uint32_t i : usable)
            if (describe(devices[i], i).type == wanted) return devices[i];
        throw UnsupportedDevice("no Vulkan device of the requested type was found");
    }
    std::stable_sort(usable.begin(), usable.end(), [&](uint32_t a, uint32_t b) {
        return typeRank(describe(devices[a], a).type) < typeRank(describe(devices[b], b).type);
    });
    return devices[usable.front()];
}

void fillDeviceFacts(ContextState& s) {
    vkGetPhysicalDeviceProperties(s.physicalDevice, &s.properties);
    if (s.specificationMinimumLimits) detail::capToSpecificationMinimum(s.properties.limits);
    vkGetPhysicalDeviceMemoryProperties(s.physicalDevice, &s.memoryProperties);
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(s.physicalDevice, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(s.physicalDevice, &count, families.data());
    detail::checkDeviceRequirements(s.properties, families, s.queueFamilyIndex);
    s.workgroups = detail::chooseWorkgroupProfile(s.properties.limits);
    s.portabilitySubset = hasDeviceExtension(s.physicalDevice, kPortabilitySubset);
    s.timestamps = families[s.queueFamilyIndex].timestampValidBits > 0 &&
                   s.properties.limits.timestampPeriod > 0.0f;
    uint32_t index = 0;
    auto devices = physicalDevices(s.instance);
    for (uint32_t i = 0; i < devices.size(); ++i)
        if (devices[i] == s.physicalDevice) index = i;
    s.info = describe(s.physicalDevice, index);
}

} // namespace

namespace detail {

ContextState::~ContextState() {
    if (fencePending) {
        // A submission timed out earlier: give it one more bounded wait, and if the GPU still
        // hangs, leave the device's objects alone (destroying what the GPU may use is worse than
        // leaking it; the process is expected to exit or recreate the device).
        if (vk.vkWaitForFences(device, 1, &fence, VK_TRUE, waitTimeoutNs.load()) != VK_SUCCESS) return;
    }
    runRetired();
    if (device) {
        if (fence) vk.vkDestroyFence(device, fence, allocator);
        if (transientPool) vk.vkDestroyCommandPool(device, transientPool, allocator);
        if (!embedded) vk.vkDestroyDevice(device, allocator);
    }
    if (!embedded && instance) {
        if (messenger && destroyMessenger) destroyMessenger(instance, messenger, allocator);
        if (destroyInstance) destroyInstance(instance, allocator);
    }
}

void ContextState::createTransientObjects() {
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = queueFamilyIndex;
    BILLOW_VK(vk.vkCreateCommandPool(device, &poolInfo, allocator, &transientPool));
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    BILLOW_VK(vk.vkCreateFence(device, &fenceInfo, allocator, &fence));
}

namespace {
// vkWaitForFences bounded by the context's timeout, with the test hook's failure in place of the
// real result (after really waiting, so the work is done when a test sees its fake hang).
void waitForFence(ContextState& s) {
    VkResult result = s.vk.vkWaitForFences(s.device, 1, &s.fence, VK_TRUE, s.waitTimeoutNs.load());
    if (s.injectedFaults.waitFailure != VK_SUCCESS && result == VK_SUCCESS)
        result = std::exchange(s.injectedFaults.waitFailure, VK_SUCCESS);
    s.fencePending = result == VK_TIMEOUT;
    if (result == VK_TIMEOUT) throw TimeoutError("vkWaitForFences", s.waitTimeoutSeconds());
    BILLOW_VK(result);
    s.runRetired();
}

// Before reusing the fence: a submission whose wait timed out must have finished.
void settlePendingFence(ContextState& s) {
    if (s.fencePending) waitForFence(s);
}
} // namespace

void ContextState::submitAndWait(VkCommandBuffer cmd, bool* submitted) {
    settlePendingFence(*this);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    BILLOW_VK(vk.vkResetFences(device, 1, &fence));
    if (injectedFaults.submitFailure != VK_SUCCESS)
        detail::check(std::exchange(injectedFaults.submitFailure, VK_SUCCESS), "vkQueueSubmit (a test's injected failure)");
    BILLOW_VK(vk.vkQueueSubmit(queue, 1, &submit, fence));
    if (submitted) *submitted = true;
    waitForFence(*this);
}

void ContextState::submitAndWait(const std::function<void(VkCommandBuffer)>& body, bool* submitted) {
    std::lock_guard lock(submitMutex);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = transientPool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    BILLOW_VK(vk.vkAllocateCommandBuffers(device, &alloc, &cmd));
    struct Free {
        ContextState* s; VkCommandBuffer c;
        // A command buffer still pending on the GPU (a timed-out wait) must not be freed.
        ~Free() { if (!s->fencePending) s->vk.vkFreeCommandBuffers(s->device, s->transientPool, 1, &c); }
    } freeOnExit{this, cmd};
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    BILLOW_VK(vk.vkBeginCommandBuffer(cmd, &begin));
    body(cmd);
    BILLOW_VK(vk.vkEndCommandBuffer(cmd));
    submitAndWait(cmd, submitted);
}

void ContextState::waitIdle() {
    std::lock_guard lock(submitMutex);
    settlePendingFence(*this);
    // An empty submission's fence signals once all earlier work on the queue has completed: a
    // vkQueueWaitIdle with a timeout.
    BILLOW_VK(vk.vkResetFences(device, 1, &fence));
    BILLOW_VK(vk.vkQueueSubmit(queue, 0, nullptr, fence));
    waitForFence(*this);
}

void ContextState::destroyWhenIdle(std::function<void()> destroy) noexcept {
    std::lock_guard lock(retiredMutex);
    // Only a timed-out wait leaves work that may still run; its fence tells when it has finished.
    if (fencePending && vk.vkGetFenceStatus(device, fence) != VK_SUCCESS) {
        retired.push_back(std::move(destroy));
        return;
    }
    destroy();
}

void ContextState::runRetired() noexcept {
    std::vector<std::function<void()>> due;
    {
        std::lock_guard lock(retiredMutex);
        due.swap(retired);
    }
    for (auto& destroy : due) destroy();
}

void ContextState::setWaitTimeout(double seconds, const char* field) {
    if (!(seconds >= Context::kMinWaitTimeoutSeconds && seconds <= Context::kMaxWaitTimeoutSeconds))
        throw InvalidArgument(field, "must be in [" + std::to_string(Context::kMinWaitTimeoutSeconds) + ", " +
                                         std::to_string(Context::kMaxWaitTimeoutSeconds) + "] s (got " +
                                         std::to_string(seconds) + ")");
    waitTimeoutNs.store(static_cast<uint64_t>(seconds * 1e9));
}

uint32_t ContextState::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                      VkMemoryPropertyFlags preferred) const {
    for (int pass = 0; pass < 2; ++pass) {
        VkMemoryPropertyFlags want = pass == 0 ? (required | preferred) : required;
        for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i)
            if ((typeBits & (1u << i)) && (memoryProperties.memoryTypes[i].propertyFlags & want) == want)
                return i;
    }
    throw UnsupportedDevice("no memory type with the required properties");
}

} // namespace detail

Context::Context(std::unique_ptr<ContextState> state) : state_(std::move(state)) {}
Context::~Context() = default;

std::vector<DeviceInfo> Context::listDevices() {
    loadLoader();
    InstanceRequest request;
    VkInstance instance = VK_NULL_HANDLE;
    BILLOW_VK(vkCreateInstance(&request.finish(), nullptr, &instance));
    volkLoadInstanceOnly(instance);
    std::vector<DeviceInfo> out;
    try {
        auto devices = physicalDevices(instance);
        for (uint32_t i = 0; i < devices.size(); ++i) out.push_back(describe(devices[i], i));
    } catch (...) {
        vkDestroyInstance(instance, nullptr);
        throw;
    }
    vkDestroyInstance(instance, nullptr);
    return out;
}

std::shared_ptr<Context> Context::createStandalone(const StandaloneSettings& settings) {
    loadLoader();
    auto state = std::make_unique<ContextState>();
    ContextState& s = *state;
    s.setWaitTimeout(settings.waitTimeoutSeconds, "StandaloneSettings::waitTimeoutSeconds");
    s.allocator = settings.allocator;
    s.onMessage = settings.onMessage;

    const bool validation = settings.validation || envFlag("BILLOW_VALIDATION");
    const char* layerName = "VK_LAYER_KHRONOS_validation";
    if (validation && !hasLayer(layerName))
        throw UnsupportedDevice("validation was requested but VK_LAYER_KHRONOS_validation is not "
                                "installed (Debian: vulkan-validationlayers)");

    InstanceRequest request;
    std::vector<const char*>& extensions = request.extensions;
    VkInstanceCreateInfo& info = request.info;
    VkDebugUtilsMessengerCreateInfoEXT debugInfo = messengerInfo(&s);
    VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    if (validation) {
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        features.enabledValidationFeatureCount = 1;
        features.pEnabledValidationFeatures = enables;
        debugInfo.pNext = &features;
        info.pNext = &debugInfo;
        info.enabledLayerCount = 1;
        info.ppEnabledLayerNames = &layerName;
    }
    BILLOW_VK(vkCreateInstance(&request.finish(), s.allocator, &s.instance));
    volkLoadInstanceOnly(s.instance);
    s.destroyInstance = vkDestroyInstance;
    detail::requireInstanceFunctions(true, "the Vulkan loader");
    if (validation) {
        debugInfo.pNext = nullptr;  // the validation features belong to instance creation only
        BILLOW_VK(vkCreateDebugUtilsMessengerEXT(s.instance, &debugInfo, s.allocator, &s.messenger));
        s.destroyMessenger = vkDestroyDebugUtilsMessengerEXT;
    }

    s.physicalDevice = pickDevice(physicalDevices(s.instance), settings.preference);
    s.queueFamilyIndex = *computeQueueFamily(s.physicalDevice);
    s.specificationMinimumLimits = settings.specificationMinimumLimits || envFlag("BILLOW_MINIMUM_LIMITS");
    fillDeviceFacts(s);

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = s.queueFamilyIndex;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    // The portability subset must be enabled where advertised. Billow uses none of the features
    // it may take away (triangle fans, events, image-view swizzles and reinterpretation, 2D views
    // of 3D images, sampler LOD bias, ...): its kernels read and write storage buffers and its
    // image passes write 2D and 3D storage images through views of their own format.
    // 16-bit storage buffers where the device has them and the settings allow: the solvers' 16-bit
    // flow storage reads and writes halves with them (core in Vulkan 1.1, a feature to enable).
    VkPhysicalDevice16BitStorageFeatures storage16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
    VkPhysicalDeviceFeatures2 available{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    available.pNext = &storage16;
    vkGetPhysicalDeviceFeatures2(s.physicalDevice, &available);
    s.storage16Bit = settings.storage16Bit && !envFlag("BILLOW_NO_16BIT_STORAGE") && storage16.storageBuffer16BitAccess;
    VkPhysicalDevice16BitStorageFeatures enable16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
    enable16.storageBuffer16BitAccess = VK_TRUE;
    if (s.storage16Bit) deviceInfo.pNext = &enable16;
    const char* deviceExtensions[] = {kPortabilitySubset};
    if (s.portabilitySubset) {
        deviceInfo.enabledExtensionCount = 1;
        deviceInfo.ppEnabledExtensionNames = deviceExtensions;
    }
    BILLOW_VK(vkCreateDevice(s.physicalDevice, &deviceInfo, s.allocator, &s.device));
    volkLoadDeviceTable(&s.vk, s.device);
    detail::requireDeviceFunctions(s.vk, true, "the Vulkan loader's vkGetDeviceProcAddr");
    s.vk.vkGetDeviceQueue(s.device, s.queueFamilyIndex, 0, &s.queue);
    s.createTransientObjects();
    return std::shared_ptr<Context>(new Context(std::move(state)));
}

std::shared_ptr<Context> Context::createEmbedded(const EmbeddedHandles& h) {
    if (!h.instance) throw InvalidArgument("EmbeddedHandles::instance", "is VK_NULL_HANDLE");
    if (!h.physicalDevice) throw InvalidArgument("EmbeddedHandles::physicalDevice", "is VK_NULL_HANDLE");
    if (!h.device) throw InvalidArgument("EmbeddedHandles::device", "is VK_NULL_HANDLE");
    if (!h.getInstanceProcAddr) throw InvalidArgument("EmbeddedHandles::getInstanceProcAddr", "is null");
    if (h.apiVersion < VK_API_VERSION_1_1)
        throw InvalidArgument("EmbeddedHandles::apiVersion", "must be at least VK_API_VERSION_1_1");
    auto state = std::make_unique<ContextState>();
    ContextState& s = *state;
    s.setWaitTimeout(h.waitTimeoutSeconds, "EmbeddedHandles::waitTimeoutSeconds");
    volkInitializeCustom(h.getInstanceProcAddr);
    volkLoadInstanceOnly(h.instance);
    // Every function Billow calls must be there before anything is made with them.
    detail::requireInstanceFunctions(false, "EmbeddedHandles::getInstanceProcAddr");
    s.embedded = true;
    s.instance = h.instance;
    s.physicalDevice = h.physicalDevice;
    s.device = h.device;
    s.queueFamilyIndex = h.queueFamilyIndex;
    s.allocator = h.allocator;
    s.specificationMinimumLimits = h.specificationMinimumLimits || envFlag("BILLOW_MINIMUM_LIMITS");
    s.storage16Bit = h.storageBuffer16BitAccess;
    fillDeviceFacts(s);
    volkLoadDeviceTable(&s.vk, s.device);
    detail::requireDeviceFunctions(s.vk, false, "vkGetDeviceProcAddr (from EmbeddedHandles::getInstanceProcAddr)");
    s.vk.vkGetDeviceQueue(s.device, s.queueFamilyIndex, h.queueIndex, &s.queue);
    if (!s.queue) throw InvalidArgument("EmbeddedHandles::queueIndex", "names no queue of the device");
    s.createTransientObjects();
    return std::shared_ptr<Context>(new Context(std::move(state)));
}

bool Context::isEmbedded() const noexcept { return state_->embedded; }
const DeviceInfo& Context::deviceInfo() const noexcept { return state_->info; }
VkInstance Context::instance() const noexcept { return state_->instance; }
VkPhysicalDevice Context::physicalDevice() const noexcept { return state_->physicalDevice; }
VkDevice Context::device() const noexcept { return state_->device; }
VkQueue Context::queue() const noexcept { return state_->queue; }
uint32_t Context::queueFamilyIndex() const noexcept { return state_->queueFamilyIndex; }
float Context::timestampPeriodNs() const noexcept { return state_->properties.limits.timestampPeriod; }
bool Context::supportsTimestamps() const noexcept { return state_->timestamps; }
bool Context::supports16BitStorage() const noexcept { return state_->storage16Bit; }
std::string_view Context::workgroupProfile() const noexcept { return detail::workgroupProfileName(state_->workgroups); }
uint32_t Context::validationMessageCount() const noexcept { return state_->messageCount.load(); }

void Context::waitIdle() const { state_->waitIdle(); }
double Context::waitTimeoutSeconds() const noexcept { return state_->waitTimeoutSeconds(); }
void Context::setWaitTimeout(double seconds) { state_->setWaitTimeout(seconds, "Context::setWaitTimeout: seconds"); }

} // namespace billow
