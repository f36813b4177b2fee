#version 450
// Semi-Lagrangian advection of the staggered velocity: each open face traces back with RK2 and
// samples u and v bilinearly at their own staggered positions. Closed faces keep their prescribed
// value.
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 4) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { AdvectPush pc; };

#include "velocity_sampling.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float h = grid.h;
    if (ownsUFace(id)) {
        int i = canonicalUColumn(id.x);
        int k = uIndex(i, id.y);
        float value = uIn[k];
        if (openX[k] > 0.0) value = sampleU(traceBack(vec2(float(i) * h, (float(id.y) + 0.5) * h), pc.dt));
        uOut[uIndex(id.x, id.y)] = value;
    }
    if (ownsVFace(id)) {
        int j = canonicalVRow(id.y);
        int k = vIndex(id.x, j);
        float value = vIn[k];
        if (openY[k] > 0.0) value = sampleV(traceBack(vec2((float(id.x) + 0.5) * h, float(j) * h), pc.dt));
        vOut[vIndex(id.x, id.y)] = value;
    }
}
