#version 450
// Multigrid: the residual r = rhs - sum_f w_f (p_nb - p) of one level's pressure equation, on cells
// with an open face (0 elsewhere). rhs = rhsScale * source: the divergence on the finest level, the
// restricted residual (rhsScale 1) on coarser ones. The bound uniform block is the level's grid.
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer P { float pIn[]; };
layout(set = 0, binding = 2) readonly buffer Source { float source[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) writeonly buffer Residual { float residual[]; };
layout(push_constant) uniform Push { PressurePush pc; };

#include "pressure_neighbours.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    int c = cellIndex(id.x, id.y);
    vec4 w = faceWeights(id.x, id.y);
    float r = 0.0;
    if (w.x + w.y + w.z + w.w > 0.0) r = pc.rhsScale * source[c] - dot(w, neighbourPressures(id.x, id.y) - pIn[c]);
    residual[c] = r;
}
