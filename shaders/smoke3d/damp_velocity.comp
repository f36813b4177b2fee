#version 450
// Velocity damping on the open faces, in place (smoke3d/damp_velocity_rule.glsl): the factor
// exp(-rate dt), then the per-component speed limit. Each face reads only itself, so in place is
// safe (and the duplicate periodic layer stays equal to layer 0).
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) buffer W { float w[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { DampVelocityPush3D pc; };

#include "smoke3d/damp_velocity_rule.glsl"

float damped(float value) { return dampedComponent3(value, pc.factor, pc.maxSpeed); }

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0) u[xFaceIndex3(id)] = damped(u[xFaceIndex3(id)]);
    if (ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0) v[yFaceIndex3(id)] = damped(v[yFaceIndex3(id)]);
    if (ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0) w[zFaceIndex3(id)] = damped(w[zFaceIndex3(id)]);
}
