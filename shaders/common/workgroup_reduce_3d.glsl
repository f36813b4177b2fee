// The workgroup reductions (common/workgroup_reduce.glsl) for 3D kernels, whose workgroups must
// have as many invocations as the reduction tree.
#if BILLOW_GROUP3_X * BILLOW_GROUP3_Y * BILLOW_GROUP3_Z != BILLOW_GROUP_X * BILLOW_GROUP_Y
#error "the 3D workgroup must have BILLOW_GROUP_X * BILLOW_GROUP_Y invocations for the workgroup reductions"
#endif
#include "common/workgroup_reduce.glsl"
