#version 450
// Combustion on every cell, in place (smoke3d/combustion_rule.glsl).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer Density { flow_t density[]; };
layout(set = 0, binding = 2) buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 3) buffer Fuel { flow_t fuel[]; };
layout(set = 0, binding = 4) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 5) writeonly buffer ExpansionSource { float expansionSource[]; };
layout(push_constant) uniform Push { CombustionPush3D pc; };

#include "smoke3d/combustion_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    burnCell(cellIndex3(id));
}
