#include "support/gpu_test.hpp"

#include <cstdio>

namespace billow::test {

ValidationLog& validationLog() {
    static ValidationLog log;
    return log;
}

std::shared_ptr<Context> sharedContext() {
    static std::shared_ptr<Context> context = [] {
        StandaloneSettings settings;
        settings.validation = true;
        settings.onMessage = [](MessageSeverity severity, const std::string& message) {
            if (severity == MessageSeverity::Info) return;
            ValidationLog& log = validationLog();
            std::lock_guard lock(log.mutex);
            log.messages.push_back(message);
        };
        std::shared_ptr<Context> created = Context::createStandalone(settings);
        // A CPU device (lavapipe) on a loaded machine can take far longer than a GPU for the same
        // work: its tests wait as long as the scene runner does there, so no result depends on
        // the machine's wall-clock speed. GPUs keep the library's default.
        const DeviceInfo& device = created->deviceInfo();
        // One line per test program, so a log says which device every count comes from.
        std::fprintf(stderr, "billow tests: device %u \"%s\" (%s), Vulkan %u.%u, driver version 0x%08x, %s workgroups\n",
                     device.index,
                     device.name.c_str(),
                     device.type == VK_PHYSICAL_DEVICE_TYPE_CPU            ? "CPU"
                     : device.type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU ? "discrete GPU"
                                                                           : "other GPU",
                     VK_API_VERSION_MAJOR(device.apiVersion), VK_API_VERSION_MINOR(device.apiVersion),
                     device.driverVersion, std::string(created->workgroupProfile()).c_str());
        if (device.type == VK_PHYSICAL_DEVICE_TYPE_CPU) created->setWaitTimeout(kCpuDeviceWaitSeconds);
        return created;
    }();
    return context;
}

double separateCompilationRoundings() {
    return sharedContext()->deviceInfo().type == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0.0 : 1.0;
}

void GpuTest::SetUp() {
    // Messages from creating the shared context are reported by the first test that runs.
    sharedContext();
    std::lock_guard lock(validationLog().mutex);
    firstMessage_ = validationLog().reported;
}

std::vector<std::string> GpuTest::takeMessages() {
    ValidationLog& log = validationLog();
    std::lock_guard lock(log.mutex);
    std::vector<std::string> out(log.messages.begin() + static_cast<std::ptrdiff_t>(firstMessage_), log.messages.end());
    log.messages.resize(firstMessage_);
    return out;
}

void GpuTest::TearDown() {
    std::vector<std::string> messages = takeMessages();
    for (const std::string& message : messages) ADD_FAILURE() << "validation message: " << message;
    ValidationLog& log = validationLog();
    std::lock_guard lock(log.mutex);
    log.messages.insert(log.messages.end(), messages.begin(), messages.end());
    log.reported = log.messages.size();
}

} // namespace billow::test
