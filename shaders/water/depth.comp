#version 450
// Substep pass 2 of 2, one thread per cell: outflow scaling applied to the cell's four faces (each
// face takes the factor of the cell its flow leaves, its upwind cell; a face fed from outside the
// domain is never scaled), then the depth update (the virtual-pipe model's third step,
// Mei, Decaudin & Hu 2007)
//   H += dt / h^2 * (flows in - flows out),
// and the scaled flows written back to the flow fields (the cell stores its left and bottom faces,
// the last column / row also its right / top face). On the frame's last substep it also writes the
// cell's velocity (face flows over the mean depth of the substep) and, when asked, the largest
// depth (DepthPipes and Momentum: it sets the stability limit) into one slot of a host-visible buffer.
#include "water/grid.glsl"

layout(set = 0, binding = 1) buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 3) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 4) readonly buffer Scale { float scale[]; };
layout(set = 0, binding = 5) writeonly buffer FlowXOut { float flowXOut[]; };
layout(set = 0, binding = 6) writeonly buffer FlowYOut { float flowYOut[]; };
layout(set = 0, binding = 7) writeonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 8) buffer Stats { uint maxDepthBits[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "common/workgroup_reduce.glsl"
#include "water/lattice.glsl"
#include "water/scaled_flow.glsl"

float scaledFlowX(int i, int j) {
    float q = flowXIn[xFaceIndex(i, j)];
    return scaledFlow(q, ivec2(q > 0.0 ? i - 1 : i, j));
}

float scaledFlowY(int i, int j) {
    float q = flowYIn[yFaceIndex(i, j)];
    return scaledFlow(q, ivec2(i, q > 0.0 ? j - 1 : j));
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int i = id.x, j = id.y;
    float newDepth = 0.0;
    if (i < water.nx && j < water.ny) {
        float ql = scaledFlowX(i, j), qr = scaledFlowX(i + 1, j);
        float qb = scaledFlowY(i, j), qt = scaledFlowY(i, j + 1);
        flowXOut[xFaceIndex(i, j)] = ql;
        flowYOut[yFaceIndex(i, j)] = qb;
        if (i == water.nx - 1) flowXOut[xFaceIndex(i + 1, j)] = qr;
        if (j == water.ny - 1) flowYOut[yFaceIndex(i, j + 1)] = qt;

        float k = pc.dt * water.invH * water.invH;
        // Outgoing water is taken first: outflow scaling kept it below the depth, so the
        // difference is never negative (the clamp only guards; see BILLOW_WATER_SCALE_MARGIN).
        float taken = (max(-ql, 0.0) + max(qr, 0.0) + max(-qb, 0.0) + max(qt, 0.0)) * k;
        float given = (max(ql, 0.0) + max(-qr, 0.0) + max(qb, 0.0) + max(-qt, 0.0)) * k;
        int c = cellIndex(i, j);
        float oldDepth = depth[c];
        newDepth = max(oldDepth - taken, 0.0) + given;
        depth[c] = newDepth;
        if (pc.lastSubstep != 0) {
            float meanDepth = 0.5 * (oldDepth + newDepth);
            velocity[c] = meanDepth > water.dryDepth ? vec2(ql + qr, qb + qt) * (0.5 * water.invH / meanDepth) : vec2(0.0);
        }
    }
    if (pc.trackMaxDepth != 0) {  // push constant: uniform, so the barriers inside are too
        float deepest = workgroupMax(newDepth);
        // Non-negative floats order like their bit patterns.
        if (gl_LocalInvocationIndex == 0)
            atomicMax(maxDepthBits[statWord(pc.trackMaxDepth, BILLOW_WATER_STAT_MAX_DEPTH)], floatBitsToUint(deepest));
    }
}
