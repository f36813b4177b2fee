#version 450
// The midpoint projection and reflection of advection-reflection (Zehnder, Narain & Thomaszewski
// 2018), one face axis per dispatch (pc.axis): the projected velocity P u (the gradient step on
// open faces, the solid velocity on closed ones, as smoke3d/subtract_gradient.comp) goes to
// `projected` (the midpoint velocity), and the field becomes its reflection 2 P u - u in place.
// One axis at a time keeps the bindings within the shared layout's twelve.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer Field { flow_t field[]; };
layout(set = 0, binding = 2) writeonly buffer Projected { flow_t projected[]; };
layout(set = 0, binding = 3) readonly buffer P { float p[]; };
layout(set = 0, binding = 4) readonly buffer Open { float open[]; };
layout(set = 0, binding = 5) readonly buffer SolidVelocity { float solidVelocity[]; };
layout(push_constant) uniform Push { ReflectPush3D pc; };

#include "smoke3d/gradient.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    int axis = pc.axis;
    if (!ownsFace3(axis, id)) return;
    int k = faceIndex3(axis, id);
    float value = FLOW_LOAD(field[k]);
    float projectedValue = open[k] > 0.0 ? gradientStep(axis, id, value, pc.dt) : solidVelocity[k];
    projected[k] = FLOW_STORE(projectedValue);
    field[k] = FLOW_STORE(2.0 * projectedValue - value);
}
