#version 450
// dt-independent decay of the scalars, in place: density and dye are multiplied by
// exp(-rate dt); temperature relaxes towards ambient by exp(-rate dt).
// target 0: density and temperature; 1: dye (factor in densityFactor).
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer Density { float density[]; };
layout(set = 0, binding = 2) buffer Temperature { float temperature[]; };
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(3, restrict, dye)
layout(push_constant) uniform Push { DampScalarsPush pc; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (pc.target == 0) {
        if (id.x >= grid.nx || id.y >= grid.ny) return;
        int c = cellIndex(id.x, id.y);
        density[c] *= pc.densityFactor;
        temperature[c] = pc.ambient + (temperature[c] - pc.ambient) * pc.temperatureFactor;
    } else {
        if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
        int k = id.x + id.y * grid.dyeNx;
        BILLOW_STORE_DYE(dye, k, BILLOW_LOAD_DYE(dye, k) * pc.densityFactor);
    }
}
