#version 450
// dt-independent decay of the cell-centred fields, in place (smoke3d/damp_cells_rule.glsl).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer Density { flow_t density[]; };
layout(set = 0, binding = 2) buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 3) buffer Fuel { flow_t fuel[]; };
layout(set = 0, binding = 4) buffer Colour { vec4 colour[]; };
layout(push_constant) uniform Push { DampCellsPush3D pc; };

#include "smoke3d/damp_cells_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    dampCell(cellIndex3(id));
}
