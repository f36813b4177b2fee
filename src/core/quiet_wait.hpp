// For solver destructors: the GPU may still run a step that uses the solver's buffers, so wait
// for the queue before they are released, but never throw from a destructor and never wait
// longer than the context's timeout.
#pragma once

#include "billow/context.hpp"
#include "billow/error.hpp"

namespace billow::detail {

// Context::waitIdle, with errors swallowed. Returns whether the solver's GPU objects may be
// released: true when the queue went idle or the device is lost (nothing runs any more), false
// when the wait timed out or failed otherwise (the GPU may still use them: the caller leaks them
// rather than free memory a running kernel writes).
[[nodiscard]] bool waitIdleQuietly(const Context& context) noexcept;

} // namespace billow::detail
