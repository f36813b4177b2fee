#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001) on each open face from the nodal vorticity
// (smoke/confinement_force.glsl): u += dt f.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer Curl { float curl[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { VorticityPush pc; };

#include "smoke/confinement_force.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float strength = pc.dt * pc.epsilon * grid.h;
    if (ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0)
        u[xFaceIndex(id.x, id.y)] += strength * confinementX(canonicalUColumn(id.x), id.y);
    if (ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0)
        v[yFaceIndex(id.x, id.y)] += strength * confinementY(id.x, canonicalVRow(id.y));
}
