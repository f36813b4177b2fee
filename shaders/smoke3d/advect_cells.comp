#version 450
// Semi-Lagrangian advection (RK2 back-trace, trilinear or monotone tricubic) of the cell-centred fields
// (the maths: smoke3d/advect_cells_rule.glsl, shared with the sparse grid's kernels): density,
// temperature and fuel (targets & BILLOW_ADVECT_SCALARS) and the RGBA colour (targets &
// BILLOW_ADVECT_COLOUR), one back-trace per cell for all of them. Beyond an inflow side a sample is
// the inflow's value. Fully solid cells hold the mean of their fluid neighbours (or density, fuel
// and colour 0 and the ambient temperature when they have none), so samples that reach into an
// obstacle see the smoke beside it rather than an empty sink.
// The corrected schemes call it with the field copies they carry and dt < 0 for the backward step;
// the velocity is always the pre-advection one.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_GATHER_WORKGROUP  // traces back: compact bricks (grid3d_types.h)
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) readonly buffer DensityIn { flow_t densityIn[]; };
layout(set = 0, binding = 5) readonly buffer TemperatureIn { flow_t temperatureIn[]; };
layout(set = 0, binding = 6) readonly buffer FuelIn { flow_t fuelIn[]; };
layout(set = 0, binding = 7) writeonly buffer DensityOut { flow_t densityOut[]; };
layout(set = 0, binding = 8) writeonly buffer TemperatureOut { flow_t temperatureOut[]; };
layout(set = 0, binding = 9) writeonly buffer FuelOut { flow_t fuelOut[]; };
layout(set = 0, binding = 10) readonly buffer ColourIn { vec4 colourIn[]; };
layout(set = 0, binding = 11) writeonly buffer ColourOut { vec4 colourOut[]; };
layout(set = 0, binding = 12) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { AdvectPush3D pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"

#define BILLOW_ADVECT_CARRIES_SCALARS
#define BILLOW_ADVECT_CARRIES_COLOUR
#include "smoke3d/advect_cells_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    advectCell(id, cellIndex3(id));
}
