// The advection kernels' variant selector, specialization constant 0: each value is a pipeline of
// its own, its other paths removed at build time (every kernel that includes this defines
// BILLOW_KERNEL_VARIANTS; the dispatch names the variant; src/grid/interpolation_variant.hpp):
//   bit 0: the carried field's interpolation (BILLOW_INTERPOLATION_*: 0 linear, 1 monotone cubic).
//          As a push constant it compiled both paths into one pipeline, and the linear path paid
//          the cubic path's registers: 3D advection 50 % slower (docs/performance-log.md).
//   bit 1: 2D kernels only (BILLOW_KERNEL_VARIANTS 4): the advecting velocity's samples inside the
//          grid read by index (BILLOW_BILERP_DIRECT) rather than through the taps. Faster on GPUs
//          (2D Advect 1.69 -> 1.21 ms at 4096^2 with the defaults), and twice as slow to compile on
//          CPU implementations, which get the other variant (docs/performance-log.md).
#ifndef BILLOW_INTERPOLATION_VARIANT_GLSL
#define BILLOW_INTERPOLATION_VARIANT_GLSL
layout(constant_id = 0) const int kKernelVariant = 0;
const int kInterpolation = kKernelVariant % 2;
const bool kDirectVelocity = kKernelVariant >= 2;
#endif
