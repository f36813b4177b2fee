#version 450
// Hydraulic erosion, every substep between the flow pass and the depth pass, one thread per cell:
// the suspended sediment s (m of soil over the cell's area) moves with the water. Each edge carries
//   (q dt / cellArea) * s_up / H_up
// from its upwind cell, q the edge's flow exactly as the depth pass applies it (outflow-scaled,
// water/scaled_flow.glsl) and H_up the depth before the update: the fraction of the upwind
// column's water that crosses the edge takes the same fraction of its sediment. Every edge's
// transfer is computed by both of its cells from the same inputs (`precise`), so what one cell
// gives the other receives to the bit and soil + sediment is conserved to round-off (unlike the
// semi-Lagrangian transport of Mei, Decaudin & Hu 2007). Outflow scaling keeps a cell's outgoing
// water below (1 - margin) H, so it never gives more sediment than it holds (the clamp only
// guards). Boundary edges: water entering from outside is clean; water leaving takes its sediment
// out of the domain.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 3) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 4) readonly buffer FlowZIn { float flowZIn[]; };
layout(set = 0, binding = 5) readonly buffer Scale { float scale[]; };
layout(set = 0, binding = 6) readonly buffer SedimentIn { float sedimentIn[]; };
layout(set = 0, binding = 7) writeonly buffer SedimentOut { float sedimentOut[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water/lattice.glsl"
#include "water/scaled_flow.glsl"
#include "water/edge_flows.glsl"

// Sediment edge e of cell c carries in this substep, m over a cell's area: > 0 enters c.
float edgeSediment(ivec2 c, LatticeEdge e) {
    float q = scaledEdgeFlow(storedFlow(e), c, e);
    bool entering = q * e.sign > 0.0;
    ivec2 upwind = entering ? e.other : c;
    if (!insideGrid(upwind)) return 0.0;  // clean water from outside the domain
    int u = cellIndex(upwind.x, upwind.y);
    float upwindDepth = depth[u];
    // A dry cell gives nothing (its outflows were scaled to 0): no division by 0.
    if (upwindDepth <= 0.0) return 0.0;
    precise float carried = abs(q) * pc.dt / cellArea() * (sedimentIn[u] / upwindDepth);
    return entering ? carried : -carried;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    float taken = 0.0, given = 0.0;
    for (int k = 0; k < latticeEdgeCount(); ++k) {
        float t = edgeSediment(id, latticeEdge(id, k));
        if (t > 0.0) given += t;
        else taken -= t;
    }
    int c = cellIndex(id.x, id.y);
    sedimentOut[c] = max(sedimentIn[c] - taken, 0.0) + given;
}
