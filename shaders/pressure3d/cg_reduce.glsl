// The conjugate gradient's workgroup sums (pressure/cg_reduce.glsl) for the 3D kernels.
#include "common/workgroup_reduce_3d.glsl"
#include "pressure/cg_reduce.glsl"
