#version 450
// Outflow scaling, part 1 (seed 001's second step): per cell, the factor by which its outgoing
// faces must shrink so that it gives at most the water it holds, (1 - margin) * H * h^2 / dt.
// Writing a factor per cell (instead of scaling faces here) means no two threads write one face:
// part 2 (water_apply_scale) lets each face take the factor of its upwind cell.
#include "water_grid.glsl"

layout(set = 0, binding = 1) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer FlowX { float flowX[]; };
layout(set = 0, binding = 3) readonly buffer FlowY { float flowY[]; };
layout(set = 0, binding = 4) writeonly buffer Scale { float scale[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int i = id.x, j = id.y;
    if (i >= water.nx || j >= water.ny) return;
    // Outgoing: negative flow on the left/bottom face, positive on the right/top face.
    float outflow = max(-flowX[xFaceIndex(i, j)], 0.0) + max(flowX[xFaceIndex(i + 1, j)], 0.0)
                  + max(-flowY[yFaceIndex(i, j)], 0.0) + max(flowY[yFaceIndex(i, j + 1)], 0.0);
    int c = cellIndex(i, j);
    float available = depth[c] * (1.0 - EDDY_WATER_SCALE_MARGIN) * water.h * water.h / pc.dt;
    scale[c] = outflow > available ? available / outflow : 1.0;
}
