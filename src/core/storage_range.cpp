#include "core/storage_range.hpp"

namespace billow::detail {

void requireStorageRange(const ContextState& context, uint64_t bytes, const std::string& field, const std::string& who,
                         const std::string& what) {
    const uint64_t limit = context.properties.limits.maxStorageBufferRange;
    if (bytes > limit)
        throw InvalidArgument(field, who + " needs " + std::to_string(bytes) + " bytes" + what +
                                         ", above this device's maxStorageBufferRange of " + std::to_string(limit));
}

} // namespace billow::detail
