// Device buffers of grid fields: storage buffers that kernels read and write and the host uploads
// to and downloads from, zero-filled at creation, and ping-pong pairs of them.
#pragma once

#include <cstddef>
#include <initializer_list>

#include "core/gpu_buffer.hpp"

namespace billow::detail {

// The usage of every field buffer: bound to kernels, and copied to and from the host.
inline constexpr VkBufferUsageFlags kFieldUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

// A zero-filled field of `floats` floats (sizes from MacGrid), or of `bytes` bytes.
GpuBuffer fieldBuffer(ContextState& context, size_t floats);
GpuBuffer fieldBufferOfBytes(ContextState& context, VkDeviceSize bytes);

// A field stored twice so a pass can read one copy and write the other; `current` says which
// copy holds the field now. An optional third copy serves as scratch (e.g. the iterates of
// Jacobi diffusion, the intermediate fields of corrected advection): the smoke solvers allocate
// it only while their settings need one (needsScratchCopies), since a whole copy of every field
// is a third of their memory.
struct PingPong {
    GpuBuffer copies[3];
    int current = 0;
    VkBuffer now() const { return copies[current].handle(); }
    VkBuffer other() const { return copies[1 - current].handle(); }
    VkBuffer scratch() const { return copies[2].handle(); }
    bool hasScratch() const { return copies[2].handle() != VK_NULL_HANDLE; }
    void swap() { current = 1 - current; }
};

// Allocates `copies` zero-filled copies of `floats` floats: 2, or 3 with the scratch copy.
void makePingPong(ContextState& context, PingPong& pair, size_t floats, int copies);
void makePingPongOfBytes(ContextState& context, PingPong& pair, VkDeviceSize bytes, int copies);
// Allocates the scratch copy of each pair that lacks one, all or none (a failed allocation leaves
// every pair as it was); returns the bytes it allocated.
VkDeviceSize addScratchCopies(ContextState& context, std::initializer_list<PingPong*> pairs);

} // namespace billow::detail
