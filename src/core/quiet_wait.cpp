#include "core/quiet_wait.hpp"

namespace billow::detail {

void waitIdleQuietly(const Context& context) noexcept {
    try {
        context.waitIdle();
    } catch (const Error&) {
        // The device is lost or failing: nothing more can be waited for.
    }
}

} // namespace billow::detail
