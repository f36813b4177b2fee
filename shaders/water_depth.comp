#version 450
// Depth update (seed 001's third step): H += dt / h^2 * (flows in - flows out), then the cell's
// velocity from its face flows and the mean depth over the substep. Optionally measures the
// largest depth (DepthPipes: it sets the stability limit) into one slot of a host-visible buffer.
#include "water_grid.glsl"

layout(set = 0, binding = 1) buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer FlowX { float flowX[]; };
layout(set = 0, binding = 3) readonly buffer FlowY { float flowY[]; };
layout(set = 0, binding = 4) writeonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 5) buffer Stats { uint maxDepthBits[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water_group_max.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int i = id.x, j = id.y;
    float newDepth = 0.0;
    if (i < water.nx && j < water.ny) {
        float ql = flowX[xFaceIndex(i, j)], qr = flowX[xFaceIndex(i + 1, j)];
        float qb = flowY[yFaceIndex(i, j)], qt = flowY[yFaceIndex(i, j + 1)];
        float k = pc.dt * water.invH * water.invH;
        // Outgoing water is taken first: outflow scaling kept it below the depth, so the
        // difference is never negative (the clamp only guards; see EDDY_WATER_SCALE_MARGIN).
        float taken = (max(-ql, 0.0) + max(qr, 0.0) + max(-qb, 0.0) + max(qt, 0.0)) * k;
        float given = (max(ql, 0.0) + max(-qr, 0.0) + max(qb, 0.0) + max(-qt, 0.0)) * k;
        int c = cellIndex(i, j);
        float oldDepth = depth[c];
        newDepth = max(oldDepth - taken, 0.0) + given;
        depth[c] = newDepth;
        float meanDepth = 0.5 * (oldDepth + newDepth);
        velocity[c] = meanDepth > water.dryDepth ? vec2(ql + qr, qb + qt) * (0.5 * water.invH / meanDepth) : vec2(0.0);
    }
    if (pc.trackMaxDepth != 0) {  // push constant: uniform, so the barriers inside are too
        float deepest = groupMaximum(newDepth);
        // Non-negative floats order like their bit patterns.
        if (gl_LocalInvocationIndex == 0) atomicMax(maxDepthBits[pc.trackMaxDepth - 1], floatBitsToUint(deepest));
    }
}
