#version 450
// Multigrid diffusion in 3D: the solved change delta (smoke3d/diffusion_setup.comp) added to a field,
// out = in + delta: a velocity component on every face (the duplicate last layer of a periodic
// axis takes node 0's change, so both copies stay bitwise equal; closed faces have delta = 0) or a
// cell field.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer FieldIn { flow_t fieldIn[]; };
layout(set = 0, binding = 2) readonly buffer Delta { float delta[]; };
layout(set = 0, binding = 3) writeonly buffer FieldOut { flow_t fieldOut[]; };
layout(push_constant) uniform Push { DiffusionApplyPush3D pc; };

// pc.field 4 is the temperature, stored from its origin (common/flow_storage.glsl).
float loadField(int k) { return pc.field == 4 ? TEMPERATURE_LOAD(fieldIn[k]) : FLOW_LOAD(fieldIn[k]); }
#define STORE_FIELD(value) FLOW_STORE(pc.field == 4 ? (value) - BILLOW_TEMPERATURE_ORIGIN : (value))

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    if (pc.field < 3) {
        if (!ownsFace3(pc.field, id)) return;
        const ivec3 f = canonicalFace3(pc.field, id);
        const int k = faceIndex3(pc.field, id);
        fieldOut[k] = STORE_FIELD(loadField(k) + delta[f.x + pc.systemNx * (f.y + pc.systemNy * f.z)]);
    } else {
        if (!insideCells3(id)) return;
        const int k = cellIndex3(id);
        fieldOut[k] = STORE_FIELD(loadField(k) + delta[k]);
    }
}
