// The two workgroup profiles every kernel is compiled for, and what a profile needs of a device
// (core/device_requirements.cpp picks one per context).
#pragma once

#include <cstdint>

namespace billow::detail {

struct WorkgroupSize {
    uint32_t x, y, z;
};

// Every kernel is compiled twice (cmake/compile_kernel.py), and a context builds the pipelines of
// one profile (ContextState::workgroups):
//  - Wide: the workgroup shapes measured fastest on desktop GPUs (up to 1024 invocations and
//    32 KiB of shared memory: the tiled pressure sweeps, one 512-thread workgroup per sparse brick);
//  - Minimum: compiled with BILLOW_MINIMUM_WORKGROUPS, every kernel within the limits the Vulkan
//    specification guarantees every device (128 invocations, (128, 128, 64), 16 KiB shared),
//    which the generator checks at build time. Mobile GPUs and SwiftShader run these.
enum class WorkgroupProfile : uint32_t { Wide = 0, Minimum = 1 };
inline constexpr uint32_t kWorkgroupProfileCount = 2;
constexpr const char* workgroupProfileName(WorkgroupProfile p) noexcept {
    return p == WorkgroupProfile::Wide ? "wide" : "minimum";
}

// What a profile's kernels need of a device, from the generated kernel table (kWorkgroupNeeds).
struct WorkgroupNeeds {
    uint32_t invocations;  // maxComputeWorkGroupInvocations
    WorkgroupSize size;    // maxComputeWorkGroupSize
    uint32_t sharedBytes;  // maxComputeSharedMemorySize
};

} // namespace billow::detail
