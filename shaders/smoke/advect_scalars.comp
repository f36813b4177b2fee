#version 450
// Semi-Lagrangian advection (RK2 back-trace, bilinear) of density and temperature at cell
// centres (advect_scalars.glsl).
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer DensityIn { float densityIn[]; };
layout(set = 0, binding = 4) readonly buffer TemperatureIn { float temperatureIn[]; };
layout(set = 0, binding = 5) writeonly buffer DensityOut { float densityOut[]; };
layout(set = 0, binding = 6) writeonly buffer TemperatureOut { float temperatureOut[]; };
layout(set = 0, binding = 7) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { AdvectPush pc; };

#include "smoke/velocity_sampling.glsl"
#include "smoke/field_interpolation.glsl"
#include "smoke/advect_scalars.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    advectScalarsAt(id, traceBack((vec2(id) + 0.5) * grid.h, pc.dt));
}
