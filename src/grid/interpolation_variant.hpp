// The advection kernels' variant for an interpolation: their specialization constant 0
// (kInterpolation, shaders/common/interpolation_variant.glsl), one pipeline per value, so the
// linear path is compiled without the cubic one's registers.
#pragma once

#include "billow/grid.hpp"
#include "core/kernel_interface.hpp"

namespace billow::detail {

inline KernelVariant interpolationVariant(AdvectionInterpolation interpolation) {
    static_assert(int(AdvectionInterpolation::Linear) == BILLOW_INTERPOLATION_LINEAR &&
                  int(AdvectionInterpolation::MonotoneCubic) == BILLOW_INTERPOLATION_CUBIC);
    return KernelVariant{static_cast<uint32_t>(interpolation)};
}

} // namespace billow::detail
