#version 450
// Semi-Lagrangian advection of density, temperature and fuel on every allocated brick: the dense
// cell rule (smoke3d/advect_cells_rule.glsl), one back-trace per cell by the pre-advection
// velocity. Samples in missing bricks are open air (density and fuel 0, the ambient temperature,
// still air). The colour is sparse3d/advect_colour.comp: both would need 14 storage bindings.
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 6) readonly buffer DensityIn { float densityIn[]; };
layout(set = 0, binding = 7) readonly buffer TemperatureIn { float temperatureIn[]; };
layout(set = 0, binding = 8) readonly buffer FuelIn { float fuelIn[]; };
layout(set = 0, binding = 9) writeonly buffer DensityOut { float densityOut[]; };
layout(set = 0, binding = 10) writeonly buffer TemperatureOut { float temperatureOut[]; };
layout(set = 0, binding = 11) writeonly buffer FuelOut { float fuelOut[]; };
layout(set = 0, binding = 12) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { AdvectPush3D pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"
#define BILLOW_ADVECT_CARRIES_SCALARS
#include "smoke3d/advect_cells_rule.glsl"

BILLOW_BRICK_MAIN {
    if (!insideCells3(thisCell())) return;
    advectCell(thisCell(), cellInBrick(thisSlot(), thisLocal()));
}
