// The device's maxStorageBufferRange bounds every storage buffer a kernel binds whole: solvers
// check their largest field against it before allocating anything, so a grid too large for the
// device fails at once with its size in the message.
#pragma once

#include <cstdint>
#include <string>

#include "core/context_state.hpp"

namespace billow::detail {

// Throws InvalidArgument(field, "<who> needs <bytes> bytes<what>, above this device's
// maxStorageBufferRange of <limit>") when `bytes` exceed the limit; `what` is e.g. " per field".
void requireStorageRange(const ContextState& context, uint64_t bytes, const std::string& field, const std::string& who,
                         const std::string& what = "");

} // namespace billow::detail
