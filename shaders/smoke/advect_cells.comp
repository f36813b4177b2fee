#version 450
// Density, temperature and dye advected together when the dye grid is the velocity grid: one RK2
// back-trace per cell serves all three (advect_scalars.glsl, advect_dye.glsl), instead of one in
// advect_scalars.comp and another in advect_dye.comp. The back-trace reads the velocity eight
// times per RK2 stage, so it is most of what a semi-Lagrangian sample costs.
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
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(8, readonly, dyeIn)
BILLOW_DYE_BUFFER(9, writeonly, dyeOut)
layout(push_constant) uniform Push { AdvectPush pc; };

#include "smoke/velocity_sampling.glsl"
#include "smoke/field_interpolation.glsl"
#include "smoke/advect_scalars.glsl"
#include "smoke/advect_dye.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    // The same start point as both separate kernels compute: (id + 0.5) * h, with dyeHx = h here.
    vec2 p = traceBack((vec2(id) + 0.5) * vec2(grid.dyeHx, grid.dyeHy), pc.dt);
    advectScalarsAt(id, p);
    advectDyeAt(id, p);
}
