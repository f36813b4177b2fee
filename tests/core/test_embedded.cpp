// Embedded mode as an engine uses it: the test plays the engine. It creates its own instance
// (validation layer and synchronization validation on, its own messenger), device and queue with
// the plain Vulkan loader, which also proves that Billow's renamed volk links next to libvulkan in
// one binary. It hands them to Billow, records a step into its OWN command buffer with the entry
// and exit barriers docs/integration.md asks for, copies the dye out, and expects the right
// result and not a single validation message.
#include <gtest/gtest.h>

#include <vulkan/vulkan.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <filesystem>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "billow/billow.hpp"
#include "core/vulkan_functions.hpp"
#include "support/tree_paths.hpp"

namespace billow::test {
namespace {

void check(VkResult result, const char* what) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + vkResultName(result));
}

struct MessageLog {
    std::mutex mutex;
    std::vector<std::string> messages;
};

VKAPI_ATTR VkBool32 VKAPI_CALL countMessage(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                            VkDebugUtilsMessageTypeFlagsEXT,
                                            const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    auto* log = static_cast<MessageLog*>(user);
    std::lock_guard lock(log->mutex);
    log->messages.push_back(data && data->pMessage ? data->pMessage : "(no message)");
    return VK_FALSE;
}

// The engine's side: instance, device, queue, a command pool, and a host-visible buffer.
class Engine {
public:
    Engine() {
        VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
        app.pApplicationName = "billow embedded test";
        app.apiVersion = VK_API_VERSION_1_1;
        const char* layer = "VK_LAYER_KHRONOS_validation";
        const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
        VkValidationFeatureEnableEXT enables[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
        VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
        features.enabledValidationFeatureCount = 1;
        features.pEnabledValidationFeatures = enables;
        VkDebugUtilsMessengerCreateInfoEXT messengerInfo{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        messengerInfo.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                    VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                    VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
        messengerInfo.pfnUserCallback = countMessage;
        messengerInfo.pUserData = &log;
        messengerInfo.pNext = &features;  // also catches messages from instance creation
        VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
        info.pNext = &messengerInfo;
        info.pApplicationInfo = &app;
        info.enabledLayerCount = 1;
        info.ppEnabledLayerNames = &layer;
        info.enabledExtensionCount = 1;
        info.ppEnabledExtensionNames = &extension;
        check(vkCreateInstance(&info, nullptr, &instance), "vkCreateInstance (is the validation layer installed?)");
        messengerInfo.pNext = nullptr;
        auto createMessenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
        check(createMessenger(instance, &messengerInfo, nullptr, &messenger), "vkCreateDebugUtilsMessengerEXT");

        uint32_t count = 0;
        vkEnumeratePhysicalDevices(instance, &count, nullptr);
        std::vector<VkPhysicalDevice> devices(count);
        vkEnumeratePhysicalDevices(instance, &count, devices.data());
        for (VkPhysicalDevice d : devices) {
            uint32_t familyCount = 0;
            vkGetPhysicalDeviceQueueFamilyProperties(d, &familyCount, nullptr);
            std::vector<VkQueueFamilyProperties> families(familyCount);
            vkGetPhysicalDeviceQueueFamilyProperties(d, &familyCount, families.data());
            for (uint32_t f = 0; f < familyCount && !physicalDevice; ++f)
                if (families[f].queueFlags & VK_QUEUE_COMPUTE_BIT) {
                    physicalDevice = d;
                    family = f;
                }
        }
        if (!physicalDevice) throw std::runtime_error("no Vulkan device with a compute queue");

        const float priority = 1.0f;
        VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
        queueInfo.queueFamilyIndex = family;
        queueInfo.queueCount = 1;
        queueInfo.pQueuePriorities = &priority;
        VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
        deviceInfo.queueCreateInfoCount = 1;
        deviceInfo.pQueueCreateInfos = &queueInfo;
        check(vkCreateDevice(physicalDevice, &deviceInfo, nullptr, &device), "vkCreateDevice");
        vkGetDeviceQueue(device, family, 0, &queue);

        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.queueFamilyIndex = family;
        check(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), "vkCreateCommandPool");
        VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        check(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
    }

    // Destroys the device; the layer reports any object still alive on it (e.g. one Billow leaked).
    void destroyDevice() {
        if (!device) return;
        vkDeviceWaitIdle(device);
        if (hostBuffer) vkDestroyBuffer(device, hostBuffer, nullptr);
        if (hostMemory) vkFreeMemory(device, hostMemory, nullptr);
        if (fence) vkDestroyFence(device, fence, nullptr);
        if (pool) vkDestroyCommandPool(device, pool, nullptr);
        vkDestroyDevice(device, nullptr);
        device = VK_NULL_HANDLE;
    }

    ~Engine() {
        destroyDevice();
        if (messenger) {
            auto destroyMessenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
                vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
            destroyMessenger(instance, messenger, nullptr);
        }
        if (instance) vkDestroyInstance(instance, nullptr);
    }

    // A host-visible, coherent buffer the dye is copied into.
    void createHostBuffer(VkDeviceSize size) {
        VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        info.size = size;
        info.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
        check(vkCreateBuffer(device, &info, nullptr, &hostBuffer), "vkCreateBuffer");
        VkMemoryRequirements requirements;
        vkGetBufferMemoryRequirements(device, hostBuffer, &requirements);
        VkPhysicalDeviceMemoryProperties memory;
        vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory);
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        uint32_t type = 0;
        while (type < memory.memoryTypeCount &&
               !((requirements.memoryTypeBits & (1u << type)) && (memory.memoryTypes[type].propertyFlags & want) == want))
            ++type;
        if (type == memory.memoryTypeCount) throw std::runtime_error("no host-visible coherent memory");
        VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        alloc.allocationSize = requirements.size;
        alloc.memoryTypeIndex = type;
        check(vkAllocateMemory(device, &alloc, nullptr, &hostMemory), "vkAllocateMemory");
        check(vkBindBufferMemory(device, hostBuffer, hostMemory, 0), "vkBindBufferMemory");
    }

    static void barrier(VkCommandBuffer cmd, VkPipelineStageFlags srcStage, VkAccessFlags srcAccess,
                        VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) {
        VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        b.srcAccessMask = srcAccess;
        b.dstAccessMask = dstAccess;
        vkCmdPipelineBarrier(cmd, srcStage, dstStage, 0, 1, &b, 0, nullptr, 0, nullptr);
    }

    std::vector<std::string> messages() {
        std::lock_guard lock(log.mutex);
        return log.messages;
    }

    MessageLog log;
    VkInstance instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    uint32_t family = 0;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    VkBuffer hostBuffer = VK_NULL_HANDLE;
    VkDeviceMemory hostMemory = VK_NULL_HANDLE;
};

TEST(Embedded, RecordsIntoTheEnginesCommandBufferWithoutValidationMessages) {
    Engine engine;
    {
        EmbeddedHandles handles;
        handles.instance = engine.instance;
        handles.physicalDevice = engine.physicalDevice;
        handles.device = engine.device;
        handles.queueFamilyIndex = engine.family;
        handles.queueIndex = 0;
        handles.getInstanceProcAddr = vkGetInstanceProcAddr;  // libvulkan's, not Billow's volk
        handles.apiVersion = VK_API_VERSION_1_1;
        std::shared_ptr<Context> context = Context::createEmbedded(handles);
        EXPECT_TRUE(context->isEmbedded());
        EXPECT_EQ(context->device(), engine.device);
        EXPECT_EQ(context->instance(), engine.instance);

        SmokeSettings settings;
        settings.nx = 37;
        settings.ny = 23;
        settings.cellSize = 0.05f;
        settings.dyeNx = 53;
        settings.dyeNy = 41;
        settings.vorticity = 0.2f;
        settings.viscosity = 1e-3f;
        SmokeSolver solver(context, settings);
        const float dyeHx = settings.cellSize * settings.nx / settings.dyeNx;
        const float dyeHy = settings.cellSize * settings.ny / settings.dyeNy;

        const VkDeviceSize dyeBytes = solver.bufferSize(SmokeField::Dye);
        engine.createHostBuffer(dyeBytes);

        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = engine.pool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        check(vkAllocateCommandBuffers(engine.device, &alloc, &cmd), "vkAllocateCommandBuffers");
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");

        // The engine's own work on an Billow buffer: fill the dye with 0.25 in every channel. The
        // buffer was last written by Billow's creation (compute and transfer, already waited for).
        const float background = 0.25f;
        uint32_t pattern;
        std::memcpy(&pattern, &background, sizeof(pattern));
        Engine::barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_ACCESS_TRANSFER_WRITE_BIT);
        vkCmdFillBuffer(cmd, solver.buffer(SmokeField::Dye), 0, dyeBytes, pattern);
        // ENTRY barrier (docs/integration.md): prior transfer writes -> compute read/write.
        Engine::barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);

        Splat splat;
        splat.x = 26.5f * dyeHx;  // a dye cell centre
        splat.y = 20.5f * dyeHy;
        splat.radius = 0.1f;
        splat.velocity = {0.3f, 0.2f};
        splat.dye = {1.0f, 0.0f, 0.0f, 1.0f};
        solver.addSplat(splat);
        solver.record(cmd, 1.0f / 60.0f);

        // EXIT barrier, then the engine reads the dye (query the buffer after recording).
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        VkBufferCopy region{0, 0, dyeBytes};
        vkCmdCopyBuffer(cmd, solver.buffer(SmokeField::Dye), engine.hostBuffer, 1, &region);
        Engine::barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        VK_ACCESS_HOST_READ_BIT);
        check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");

        VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        check(vkQueueSubmit(engine.queue, 1, &submit, engine.fence), "vkQueueSubmit");
        check(vkWaitForFences(engine.device, 1, &engine.fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");

        std::vector<float> dye(dyeBytes / sizeof(float));
        void* mapped = nullptr;
        check(vkMapMemory(engine.device, engine.hostMemory, 0, dyeBytes, 0, &mapped), "vkMapMemory");
        std::memcpy(dye.data(), mapped, dyeBytes);
        vkUnmapMemory(engine.device, engine.hostMemory);

        // The constant background is advected to itself (to float round-off: see
        // test_invariants' AdvectionPreservesAConstant, 8 eps relative); the splat added up to
        // its full colour at its centre: red and alpha there near 1.25, green/blue unchanged.
        const double tolerance = 8.0 * background / (1 << 24);
        float maxRed = 0.0f;
        for (size_t k = 0; k < dye.size(); ++k) {
            ASSERT_TRUE(std::isfinite(dye[k])) << k;
            if (k % 4 == 1 || k % 4 == 2) ASSERT_NEAR(dye[k], background, tolerance) << "dye float " << k;
            else ASSERT_GE(dye[k], background - tolerance) << "dye float " << k;
            if (k % 4 == 0) maxRed = std::max(maxRed, dye[k]);
        }
        EXPECT_GT(maxRed, background + 0.8f) << "the splat's red is missing";
        // The blocking helper sees the same buffer contents.
        EXPECT_EQ(solver.download(SmokeField::Dye), dye);
        vkFreeCommandBuffers(engine.device, engine.pool, 1, &cmd);
    }
    // Billow destroyed its own objects (destroying the device would report any it left) and
    // nothing of the engine's; not one validation message along the way.
    engine.destroyDevice();
    std::vector<std::string> messages = engine.messages();
    for (const std::string& m : messages) ADD_FAILURE() << "validation message: " << m;
    EXPECT_EQ(messages.size(), 0u);
}

// An engine whose function table lacks one function: its vkGetInstanceProcAddr (and the
// vkGetDeviceProcAddr it hands out) return null for `name` and the loader's function otherwise.
struct TableWithout {
    static inline std::string name;
    static inline PFN_vkGetDeviceProcAddr realDeviceProcAddr = nullptr;
    static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL deviceProcAddr(VkDevice device, const char* function) {
        if (name == function) return nullptr;
        return realDeviceProcAddr(device, function);
    }
    static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL instanceProcAddr(VkInstance instance, const char* function) {
        if (name == function) return nullptr;
        PFN_vkVoidFunction found = vkGetInstanceProcAddr(instance, function);
        if (found && std::strcmp(function, "vkGetDeviceProcAddr") == 0) {
            realDeviceProcAddr = reinterpret_cast<PFN_vkGetDeviceProcAddr>(found);
            return reinterpret_cast<PFN_vkVoidFunction>(deviceProcAddr);
        }
        return found;
    }
};

EmbeddedHandles handlesOf(const Engine& engine, PFN_vkGetInstanceProcAddr getInstanceProcAddr) {
    EmbeddedHandles handles;
    handles.instance = engine.instance;
    handles.physicalDevice = engine.physicalDevice;
    handles.device = engine.device;
    handles.queueFamilyIndex = engine.family;
    handles.getInstanceProcAddr = getInstanceProcAddr;
    handles.apiVersion = VK_API_VERSION_1_1;
    return handles;
}

// createEmbedded with a table that lacks `function`: an Error naming it (before, a call through
// the null pointer crashed), thrown before anything was created on the engine's device.
void expectRefusedWithout(Engine& engine, const std::string& function) {
    TableWithout::name = function;
    try {
        std::shared_ptr<Context> context = Context::createEmbedded(handlesOf(engine, TableWithout::instanceProcAddr));
        ADD_FAILURE() << "a table without " << function << " made a context";
    } catch (const InvalidArgument& e) {
        ADD_FAILURE() << function << ": " << e.what();
    } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("gave no " + function + " (a null pointer)"), std::string::npos) << what;
        EXPECT_NE(what.find("getInstanceProcAddr"), std::string::npos) << what;
    }
    TableWithout::name.clear();
}

// Destroying the engine's device reports any object Billow left on it: nothing was.
void expectNothingLeft(Engine& engine) {
    engine.destroyDevice();
    for (const std::string& m : engine.messages()) ADD_FAILURE() << "validation message: " << m;
}

TEST(Embedded, ATableWithoutAFunctionBillowCallsIsRefusedNamingIt) {
    Engine engine;
    for (const char* function : {"vkCmdDispatch", "vkCreateComputePipelines", "vkGetDeviceProcAddr", "vkWaitForFences"})
        expectRefusedWithout(engine, function);
    {
        // The same table with the function back makes a working context.
        std::shared_ptr<Context> context = Context::createEmbedded(handlesOf(engine, TableWithout::instanceProcAddr));
        SmokeSettings settings;
        settings.nx = settings.ny = 8;
        SmokeSolver solver(context, settings);
        EXPECT_NO_THROW(solver.step(1.0f / 60.0f));
    }
    expectNothingLeft(engine);
}

TEST(Embedded, EveryFunctionBillowCallsIsCheckedWhenTheTableLoads) {
    Engine engine;
    const std::vector<std::string> functions = detail::vulkanFunctionsCalled(false);
    for (const std::string& function : functions) expectRefusedWithout(engine, function);
    EXPECT_GT(functions.size(), 50u);
    (void)Context::createEmbedded(handlesOf(engine, TableWithout::instanceProcAddr));  // whole again: made
    expectNothingLeft(engine);
}

// The list is the functions Billow's sources call through a device table (vk.vkName): a new call
// missing from it would escape the check.
TEST(Embedded, TheCheckedListHoldsEveryDeviceFunctionTheSourcesCall) {
    const std::vector<std::string> standalone = detail::vulkanFunctionsCalled(true);
    const std::set<std::string> listed(standalone.begin(), standalone.end());
    const std::regex call(R"(\bvk\.(vk[A-Z][A-Za-z0-9]+))");
    size_t found = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(sourcePath("src"))) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator m(source.begin(), source.end(), call), end; m != end; ++m, ++found)
            EXPECT_TRUE(listed.count((*m)[1].str())) << (*m)[1].str() << " (" << entry.path().filename().string()
                                                      << ") is called but not in core/vulkan_functions.cpp's list";
    }
    EXPECT_GT(found, 100u);
}

} // namespace
} // namespace billow::test
