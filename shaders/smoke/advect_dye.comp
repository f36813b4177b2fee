#version 450
// Semi-Lagrangian advection (RK2 back-trace, bilinear) of RGBA dye on its own grid
// (Harris, GPU Gems ch. 38, with the dye finer than the velocity; advect_dye.glsl).
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(3, readonly, dyeIn)
BILLOW_DYE_BUFFER(4, writeonly, dyeOut)
layout(push_constant) uniform Push { AdvectPush pc; };

#include "smoke/velocity_sampling.glsl"
#include "smoke/field_interpolation.glsl"
#include "smoke/advect_dye.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
    advectDyeAt(id, traceBack((vec2(id) + 0.5) * vec2(grid.dyeHx, grid.dyeHy), pc.dt));
}
