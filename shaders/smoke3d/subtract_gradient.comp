#version 450
// Makes the velocity divergence-free (up to the combustion's expansion source): on open faces
// u -= dt (p_c - p_{c-1}) / h (likewise v, w), with p = 0 beyond outflow sides and wrapped on
// periodic ones. Closed faces get exactly their solid velocity (0 on walls, moving walls and
// static obstacles, the inflow speed on inflow faces), so no fluid crosses a static closed face.
// With dt = 0 it only applies the solid velocities (after the geometry changed).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { flow_t u[]; };
layout(set = 0, binding = 2) buffer V { flow_t v[]; };
layout(set = 0, binding = 3) buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer P { float p[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 7) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 8) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 9) readonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 10) readonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(push_constant) uniform Push { SubtractPush3D pc; };

#include "smoke3d/gradient.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (ownsFace3(0, id)) {
        int k = xFaceIndex3(id);
        u[k] = FLOW_STORE(openX[k] > 0.0 ? gradientStep(0, id, FLOW_LOAD(u[k]), pc.dt) : solidVelocityX[k]);
    }
    if (ownsFace3(1, id)) {
        int k = yFaceIndex3(id);
        v[k] = FLOW_STORE(openY[k] > 0.0 ? gradientStep(1, id, FLOW_LOAD(v[k]), pc.dt) : solidVelocityY[k]);
    }
    if (ownsFace3(2, id)) {
        int k = zFaceIndex3(id);
        w[k] = FLOW_STORE(openZ[k] > 0.0 ? gradientStep(2, id, FLOW_LOAD(w[k]), pc.dt) : solidVelocityZ[k]);
    }
}
