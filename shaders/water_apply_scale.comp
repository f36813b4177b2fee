#version 450
// Outflow scaling, part 2: each face takes the factor of the cell its flow leaves (its upwind
// cell). A face whose flow comes from outside the domain (inflow) is never scaled.
#include "water_grid.glsl"

layout(set = 0, binding = 1) readonly buffer Scale { float scale[]; };
layout(set = 0, binding = 2) buffer FlowX { float flowX[]; };
layout(set = 0, binding = 3) buffer FlowY { float flowY[]; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int i = id.x, j = id.y;
    if (ownsXFace(id)) {
        int f = xFaceIndex(i, j);
        float q = flowX[f];
        int upwind = q > 0.0 ? i - 1 : i;
        if (upwind >= 0 && upwind < water.nx) {
            float s = scale[cellIndex(upwind, j)];
            if (s < 1.0) flowX[f] = q * s;
        }
    }
    if (ownsYFace(id)) {
        int f = yFaceIndex(i, j);
        float q = flowY[f];
        int upwind = q > 0.0 ? j - 1 : j;
        if (upwind >= 0 && upwind < water.ny) {
            float s = scale[cellIndex(i, upwind)];
            if (s < 1.0) flowY[f] = q * s;
        }
    }
}
