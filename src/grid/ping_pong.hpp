// A field stored twice so a pass can read one copy and write the other, with a host-side index
// of the copy that holds the field now. Shared by the smoke solver's fields and the pressure
// solvers' unknowns.
#pragma once

#include "core/gpu_buffer.hpp"

namespace billow {

// `current` says which of the first two copies holds the field now. A third copy, where
// allocated, serves as scratch (Jacobi diffusion, the corrected advection schemes).
struct PingPong {
    detail::GpuBuffer copies[3];
    int current = 0;
    VkBuffer now() const { return copies[current].handle(); }
    VkBuffer other() const { return copies[1 - current].handle(); }
    VkBuffer scratch() const { return copies[2].handle(); }
    void swap() { current = 1 - current; }
};

} // namespace billow
