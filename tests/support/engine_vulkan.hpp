// What the engine-side test code writes in plain Vulkan (the loader's own entry points, on the
// shared context's device), in one place: the result check, the memory-type choice, and one
// command buffer recorded, submitted to the context's queue and waited for. Used by the image
// targets (engine_image.*) and the particle buffers (feedback/engine_particles.*).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <functional>

#include "billow/context.hpp"

namespace billow::test {

// Throws std::runtime_error naming `what` and the result unless it is VK_SUCCESS.
void engineCheck(VkResult result, const char* what);
// The first memory type among `bits` with all of `flags` (std::runtime_error if none).
uint32_t engineMemoryType(VkPhysicalDevice physical, uint32_t bits, VkMemoryPropertyFlags flags);
// Records `body` into a one-time command buffer of a pool of its own, submits it to the
// context's queue and waits (10 minutes at most: lavapipe is slow), as an engine's frame would.
void engineSubmit(Context& context, const std::function<void(VkCommandBuffer)>& body);

} // namespace billow::test
