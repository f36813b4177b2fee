#version 450
// Multigrid viscosity: the solved change delta (diffusion_setup_velocity.comp) added to one velocity
// component, out = in + delta, on every face of the component (a periodic axis's last face is its
// node 0, so both copies stay bitwise equal). Closed faces have delta = 0: they keep their value.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer FieldIn { float fieldIn[]; };
layout(set = 0, binding = 2) readonly buffer Delta { float delta[]; };
layout(set = 0, binding = 3) writeonly buffer FieldOut { float fieldOut[]; };
layout(push_constant) uniform Push { DiffusionApplyPush pc; };

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (pc.component == 0) {
        if (!ownsXFace(id)) return;
        const int k = xFaceIndex(id.x, id.y);
        fieldOut[k] = fieldIn[k] + delta[canonicalUColumn(id.x) + id.y * pc.systemNx];
    } else {
        if (!ownsYFace(id)) return;
        const int k = yFaceIndex(id.x, id.y);
        fieldOut[k] = fieldIn[k] + delta[id.x + canonicalVRow(id.y) * pc.systemNx];
    }
}
