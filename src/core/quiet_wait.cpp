#include "core/quiet_wait.hpp"

namespace billow::detail {

bool waitIdleQuietly(const Context& context) noexcept {
    try {
        context.waitIdle();
        return true;
    } catch (const DeviceLost&) {
        return true;  // a lost device runs nothing more
    } catch (...) {
        return false;
    }
}

} // namespace billow::detail
