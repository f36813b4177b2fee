#version 450
// Substep pass 2 of 2 on the Triangle lattice, one thread per vertex: outflow scaling applied to
// the vertex's six edges (water/scaled_flow.glsl: each edge takes the factor of the vertex its flow
// leaves), then the depth update of the virtual-pipe model (Mei, Decaudin & Hu 2007) on the
// vertex's hexagonal column,
//   H += dt / area * (flows in - flows out),
// and the scaled flows written back (each edge once, by the vertex that stored it in
// water/triangle_flow.comp). On the frame's last substep it also writes the vertex's velocity and,
// when asked, the largest depth into one slot of a host-visible buffer (as water/depth.comp).
//
// Velocity: a uniform velocity u gives each edge direction e_d (d = x, y, z, 120 degrees apart) the
// flow q_d = (u . e_d) * pipeWidth * H, and sum_d (u . e_d) e_d = 3/2 u for three unit vectors 120
// degrees apart, so u = 2/3 * sum_d qbar_d e_d / (pipeWidth * Hbar), qbar_d the mean of the
// vertex's two edges along d and Hbar the substep's mean depth (0 at or below dryDepth).
#include "water/grid.glsl"

layout(set = 0, binding = 1) buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 3) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 4) readonly buffer FlowZIn { float flowZIn[]; };
layout(set = 0, binding = 5) readonly buffer Scale { float scale[]; };
layout(set = 0, binding = 6) writeonly buffer FlowXOut { float flowXOut[]; };
layout(set = 0, binding = 7) writeonly buffer FlowYOut { float flowYOut[]; };
layout(set = 0, binding = 8) writeonly buffer FlowZOut { float flowZOut[]; };
layout(set = 0, binding = 9) writeonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 10) buffer Stats { uint maxDepthBits[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "common/workgroup_reduce.glsl"
#include "water/lattice.glsl"
#include "water/scaled_flow.glsl"
#define BILLOW_WRITES_EDGE_FLOWS
#include "water/edge_flows.glsl"

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    float newDepth = 0.0;
    if (c.x < water.nx && c.y < water.ny) {
        float taken = 0.0, given = 0.0;
        vec2 flowSum = vec2(0.0);  // sum over the six edges of q e_d
        for (int k = 0; k < 6; ++k) {
            LatticeEdge e = latticeEdge(c, k);
            float q = scaledEdgeFlow(storedFlow(e), c, e);
            if ((k & 1) == 0 || !insideGrid(e.other)) storeFlow(e, q);
            float into = e.sign * q;
            taken += max(-into, 0.0);
            given += max(into, 0.0);
            flowSum += q * edgeDirection(e.array);
        }
        float k = pc.dt / cellArea();
        int v = cellIndex(c.x, c.y);
        float oldDepth = depth[v];
        // Outgoing water is taken first: outflow scaling kept it below the depth (see depth.comp).
        newDepth = max(oldDepth - taken * k, 0.0) + given * k;
        depth[v] = newDepth;
        if (pc.lastSubstep != 0) {
            float meanDepth = 0.5 * (oldDepth + newDepth);
            // flowSum holds two edges per direction: their mean is half of it.
            velocity[v] = meanDepth > water.dryDepth ? flowSum * (1.0 / (3.0 * pipeWidth() * meanDepth)) : vec2(0.0);
        }
    }
    if (pc.trackMaxDepth != 0) {  // push constant: uniform, so the barriers inside are too
        float deepest = workgroupMax(newDepth);
        // Non-negative floats order like their bit patterns.
        if (gl_LocalInvocationIndex == 0)
            atomicMax(maxDepthBits[statWord(pc.trackMaxDepth, BILLOW_WATER_STAT_MAX_DEPTH)], floatBitsToUint(deepest));
    }
}
