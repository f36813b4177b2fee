#version 450
// Buoyancy on open faces: a = gravity * (densityWeight * density
//                                        - thermalExpansion * (temperature - ambient)),
// with the cell-centred scalars averaged onto each face (smoke3d/buoyancy_force.glsl).
// u += dt a_x on x-faces, and so on. An axis with no gravity component is skipped.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { flow_t u[]; };
layout(set = 0, binding = 2) buffer V { flow_t v[]; };
layout(set = 0, binding = 3) buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer Density { flow_t density[]; };
layout(set = 0, binding = 5) readonly buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 6) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 7) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 8) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { BuoyancyPush3D pc; };

#include "smoke3d/buoyancy_force.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    BuoyancyCoefficients k = BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient);
    if (pc.gravityX != 0.0 && ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0)
        u[xFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(u[xFaceIndex3(id)]) + pc.dt * pc.gravityX * faceLift3(0, id, k));
    if (pc.gravityY != 0.0 && ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0)
        v[yFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(v[yFaceIndex3(id)]) + pc.dt * pc.gravityY * faceLift3(1, id, k));
    if (pc.gravityZ != 0.0 && ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0)
        w[zFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(w[zFaceIndex3(id)]) + pc.dt * pc.gravityZ * faceLift3(2, id, k));
}
