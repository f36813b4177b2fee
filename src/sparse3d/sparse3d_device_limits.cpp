// What a pool of a given size asks of the device, checked before anything is allocated: the one
// home of the sparse solver's device limits, for the constructor and growPool alike.
#include <algorithm>
#include <string>

#include "billow/error.hpp"
#include "sparse3d/sparse3d_impl.hpp"
#include "sparse3d/sparse3d_multigrid.hpp"

namespace billow {

uint64_t SparseSmokeSolver3D::Impl::poolBytesPerBrick(bool colour) {
    // Two copies of the velocity's three face pools and of density, temperature and fuel; one of
    // the pressure, divergence, expansion source and solid fraction (cells) and of the open
    // fractions and solid velocities (faces); two copies of the colour (4 floats a cell).
    const uint64_t faces = BILLOW_BRICK_FACES * sizeof(float), cells = BILLOW_BRICK_CELLS * sizeof(float);
    return 2 * (3 * faces + 3 * cells) + 4 * cells + 6 * faces + (colour ? 2 * 4 * cells : 0);
}

uint64_t SparseSmokeSolver3D::Impl::largestBufferPerBrick() const {
    // The faces of one velocity component; the colour, and the confinement's cells (vec4 per
    // cell, allocated by the first Vorticity pass), when the settings have them.
    uint64_t largest = BILLOW_BRICK_FACES * sizeof(float);
    if (hasColour() || confinementApplies()) largest = std::max<uint64_t>(largest, 4 * BILLOW_BRICK_CELLS * sizeof(float));
    return largest;
}

uint64_t SparseSmokeSolver3D::Impl::plannedBytesPerBrick() const {
    const uint64_t confinement = confinementApplies() ? 2 * 4 * BILLOW_BRICK_CELLS * sizeof(float) : 0;
    return poolBytesPerBrick(hasColour()) + slotBytes() + detail::SparseMultigrid::bytesPerBrick() + confinement;
}

void SparseSmokeSolver3D::Impl::requirePoolFits(uint32_t poolBricks, uint32_t liveBricks, const char* call) const {
    const std::string what = std::string("SparseSmokeSolver3D::") + call + ": SparseSettings3D::poolBricks = " +
                             std::to_string(poolBricks);
    // Each brick kernel runs one workgroup per allocated brick along x of an indirect dispatch,
    // which may not exceed maxComputeWorkGroupCount[0] (65535 on the specification's minimum
    // device: a pool of 65535 bricks holds 34 M cells).
    const uint32_t groups = cs.properties.limits.maxComputeWorkGroupCount[0];
    if (poolBricks > groups)
        throw UnsupportedDevice(what + " would dispatch up to that many workgroups along x, above this device's "
                                "maxComputeWorkGroupCount[0] of " + std::to_string(groups));
    // Kernels bind each pool whole, so its largest buffer must fit one storage-buffer binding.
    const uint64_t largest = uint64_t(poolBricks) * largestBufferPerBrick();
    const uint64_t range = cs.properties.limits.maxStorageBufferRange;
    if (largest > range)
        throw UnsupportedDevice(what + " needs a pool buffer of " + std::to_string(largest) +
                                " bytes, above this device's maxStorageBufferRange of " + std::to_string(range) +
                                " bytes (at most " + std::to_string(range / largestBufferPerBrick()) + " bricks)");
    // Everything against the largest device-local heap: the brick map and the wanted flags (4
    // bytes each per virtual brick), the pools, and `liveBricks` bricks of pools alive meanwhile.
    uint64_t heap = 0;
    const VkPhysicalDeviceMemoryProperties& memory = cs.memoryProperties;
    for (uint32_t h = 0; h < memory.memoryHeapCount; ++h)
        if (memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) heap = std::max(heap, memory.memoryHeaps[h].size);
    const uint64_t fixed = std::max<uint64_t>(fixedBytes, 2 * sizeof(uint32_t) * virtualBricks());
    const uint64_t needed = fixed + (uint64_t(poolBricks) + liveBricks) * plannedBytesPerBrick();
    if (heap > 0 && needed > heap)
        throw UnsupportedDevice(what + " needs " + std::to_string(needed) + " bytes" +
                                (liveBricks > 0 ? " with the old pools" : "") +
                                ", above this device's largest device-local heap of " + std::to_string(heap) + " bytes");
}

} // namespace billow
