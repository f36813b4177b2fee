#include "support/gpu_test.hpp"

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
        return Context::createStandalone(settings);
    }();
    return context;
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
