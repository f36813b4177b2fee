// The advection kernels' variant: their specialization constant 0 (shaders/common/
// interpolation_variant.glsl), one pipeline per value. Bit 0 the interpolation, so the linear path
// is compiled without the cubic one's registers; bit 1 (2D kernels) the advecting velocity read
// by index inside the grid, for every device but a CPU implementation, which compiles that path
// twice as slowly and gains nothing from it.
#pragma once

#include "billow/grid.hpp"
#include "core/kernel_interface.hpp"

namespace billow::detail {

inline KernelVariant interpolationVariant(AdvectionInterpolation interpolation) {
    static_assert(int(AdvectionInterpolation::Linear) == BILLOW_INTERPOLATION_LINEAR &&
                  int(AdvectionInterpolation::MonotoneCubic) == BILLOW_INTERPOLATION_CUBIC);
    return KernelVariant{static_cast<uint32_t>(interpolation)};
}

inline KernelVariant advectionVariant2D(AdvectionInterpolation interpolation, VkPhysicalDeviceType device) {
    const uint32_t directVelocity = readsVelocityByIndex(device) ? kDirectVelocityBit : 0u;
    return KernelVariant{interpolationVariant(interpolation).index | directVelocity};
}

} // namespace billow::detail
