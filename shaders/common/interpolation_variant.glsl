// The carried field's interpolation (BILLOW_INTERPOLATION_*: 0 linear, 1 monotone cubic) as the
// advection kernels' variant selector: specialization constant 0, so each value is a pipeline of
// its own (every kernel that includes this defines BILLOW_KERNEL_VARIANTS 2; the dispatch names
// the variant). As a push constant it compiled both paths into one pipeline, and the linear path
// paid the cubic path's registers: 3D advection 50 % slower (docs/performance-log.md).
layout(constant_id = 0) const int kInterpolation = BILLOW_INTERPOLATION_LINEAR;
