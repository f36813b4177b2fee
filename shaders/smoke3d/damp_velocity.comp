#version 450
// Velocity damping on the open faces, in place (smoke3d/damp_velocity_rule.glsl): the factor
// exp(-rate dt), then the per-component speed limit. Each face reads only itself, so in place is
// safe (and the duplicate periodic layer stays equal to layer 0).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { flow_t u[]; };
layout(set = 0, binding = 2) buffer V { flow_t v[]; };
layout(set = 0, binding = 3) buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { DampVelocityPush3D pc; };

#include "smoke3d/damp_velocity_rule.glsl"

float damped(float value) { return dampedComponent3(value, pc.factor, pc.maxSpeed); }

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0) u[xFaceIndex3(id)] = FLOW_STORE(damped(FLOW_LOAD(u[xFaceIndex3(id)])));
    if (ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0) v[yFaceIndex3(id)] = FLOW_STORE(damped(FLOW_LOAD(v[yFaceIndex3(id)])));
    if (ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0) w[zFaceIndex3(id)] = FLOW_STORE(damped(FLOW_LOAD(w[zFaceIndex3(id)])));
}
