#version 450
// Buoyancy on open faces: a = gravity * (densityWeight * density
//                                        - thermalExpansion * (temperature - ambient)),
// with the cell-centred scalars averaged onto each face (smoke/buoyancy_force.glsl). A face
// direction with no gravity component (the usual gravityX = 0) is skipped: reading and rewriting
// u unchanged cost a third of this pass's time.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer Density { float density[]; };
layout(set = 0, binding = 4) readonly buffer Temperature { float temperature[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { BuoyancyPush pc; };

#include "smoke/buoyancy_force.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    BuoyancyCoefficients c = BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient);
    if (pc.gravityX != 0.0 && ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0)
        u[xFaceIndex(id.x, id.y)] += pc.dt * pc.gravityX * xFaceLift(canonicalUColumn(id.x), id.y, c);
    if (pc.gravityY != 0.0 && ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0)
        v[yFaceIndex(id.x, id.y)] += pc.dt * pc.gravityY * yFaceLift(id.x, canonicalVRow(id.y), c);
}
