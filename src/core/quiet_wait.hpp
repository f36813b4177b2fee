// For solver destructors: the GPU may still run a step that uses the solver's buffers, so wait
// for the queue before they are released, but never throw from a destructor.
#pragma once

#include "billow/context.hpp"
#include "billow/error.hpp"

namespace billow::detail {

// Context::waitIdle, with errors swallowed: a lost or failing device has nothing more to wait
// for, and the buffers are released regardless.
void waitIdleQuietly(const Context& context) noexcept;

} // namespace billow::detail
