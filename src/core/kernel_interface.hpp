// What the generated kernel table (billow_kernels.hpp, from cmake/generate_kernel_table.py) is
// made of: a kernel's facts as reflected from its SPIR-V, and the named bindings that a call site
// fills in. Every kernel shares one pipeline layout: binding 0 a uniform buffer, bindings
// 1..BILLOW_STORAGE_SLOTS storage buffers, and push constants.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/vulkan_api.hpp"
#include "core/workgroup_profile.hpp"
#include "common/grid_types.h"

namespace billow::detail {

enum class KernelId : uint32_t;
enum class KernelGroup : uint32_t;


// The push-constant type of a kernel that declares no push-constant block.
struct NoPush {};

// A storage buffer bound to one named binding of a kernel's Bindings. It has no default
// constructor, so a designated initialiser that leaves a binding out does not compile, and it
// refuses a null handle written out (a buffer that is null at run time is refused when recorded).
struct StorageBinding {
    constexpr StorageBinding(VkBuffer b) noexcept : buffer(b) {}
    StorageBinding(std::nullptr_t) = delete;
    VkBuffer buffer;
};

// Binding 0: left out, the kernel set's own uniform buffer; given, another of the same size
// (the grid of a coarser multigrid level).
struct UniformBinding {
    constexpr UniformBinding() noexcept = default;
    constexpr UniformBinding(VkBuffer b) noexcept : buffer(b) {}
    VkBuffer buffer = VK_NULL_HANDLE;
};

// Which pipeline of a kernel with variants (BILLOW_KERNEL_VARIANTS) a dispatch uses: the value of
// its specialization constant 0, 0 .. Kernel::variants - 1. No default, so a Bindings of such a
// kernel that leaves it out does not compile.
struct KernelVariant {
    constexpr explicit KernelVariant(uint32_t i) noexcept : index(i) {}
    uint32_t index;
};

// The 2D advection kernels' four variants (common/interpolation_variant.glsl): bit 1 reads the
// advecting velocity by index inside the grid. GPUs build and dispatch those; a CPU
// implementation builds the tapped ones, which it compiles in half the time. The one rule both
// the dispatch (grid/interpolation_variant.hpp) and the pipeline creation (KernelSet) follow.
inline constexpr uint32_t kDeviceVariants = 4;
inline constexpr uint32_t kDirectVelocityBit = 2;
constexpr bool readsVelocityByIndex(VkPhysicalDeviceType device) noexcept {
    return device != VK_PHYSICAL_DEVICE_TYPE_CPU;
}

// The buffers of one dispatch by binding: [0] the uniform buffer, [1..] storage buffers.
using DescriptorSlots = std::array<VkBuffer, BILLOW_STORAGE_SLOTS + 1>;

// One kernel as reflected from its module.
struct KernelInfo {
    KernelId id;
    std::string_view name;    // "<folder>/<file>" without .comp, e.g. "smoke3d/advect_cells"
    std::string_view source;  // shaders/<group>/<name>.comp
    KernelGroup group;
    std::array<WorkgroupSize, kWorkgroupProfileCount> localSizes;  // by WorkgroupProfile
    std::array<uint32_t, kWorkgroupProfileCount> sharedBytes;       // shared memory, by WorkgroupProfile
    bool shapesOwnWorkgroup;  // defines BILLOW_OWN_WORKGROUP_SIZE: dispatched in groups, not threads
    uint32_t variants;        // pipelines and modules (values of specialization constant 0); 1: no variants
    // BILLOW_FLOW_STORAGE (common/flow_storage.glsl): the first of the modules that store the flow
    // in 16-bit floats, as many as the float32 ones before it; 0: the kernel has none.
    uint32_t float16Variant;
    uint32_t firstPipeline;   // this kernel's first pipeline in a kernel set's kPipelineCount
    uint32_t pushBytes;       // 0: no push constants
    uint32_t uniformBytes;    // the uniform block at binding 0; 0: none
    uint32_t storageSlots;    // the highest storage binding (a positional buffer list's length)
    uint32_t storageMask;     // bit b: binding b is a storage buffer the kernel declares
    std::array<std::string_view, BILLOW_STORAGE_SLOTS + 1> bindingNames;  // [b]: the Bindings member
};

} // namespace billow::detail
