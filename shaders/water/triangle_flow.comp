#version 450
// Substep pass 1 of 2 on the Triangle lattice (WaterLattice::Triangle), one thread per vertex: the
// new flows of the vertex's six edges (acceleration by the surface difference over the edge
// length h, friction, viscosity: water/face_flow.glsl, as on the square grid; boundary edges
// re-set from the boundary table every substep) and the vertex's outflow scale, the factor by
// which its outgoing edges must shrink so that it gives at most (1 - margin) * H * area / dt.
//
// As water/flow.comp does on the square grid, an interior edge is computed by both of its
// vertices (the same inputs in the same order and `precise` maths, so the same value) and stored
// by one: the vertex for which it is edge 0, 2 or 4 of latticeEdge (its left, lower-left and
// lower-right edges); a boundary edge by its inner vertex. Flows are read from the *In arrays and
// written to the *Out arrays; water/triangle_depth.comp applies the scale and writes them back.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 4) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 5) readonly buffer FlowZIn { float flowZIn[]; };
layout(set = 0, binding = 6) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(set = 0, binding = 7) writeonly buffer FlowXOut { float flowXOut[]; };
layout(set = 0, binding = 8) writeonly buffer FlowYOut { float flowYOut[]; };
layout(set = 0, binding = 9) writeonly buffer FlowZOut { float flowZOut[]; };
layout(set = 0, binding = 10) writeonly buffer Scale { float scale[]; };
// The floating bodies' submerged thickness per vertex, m (0 without bodies), added to the surface.
layout(set = 0, binding = 11) readonly buffer Displacement { float displacement[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water/face_flow.glsl"
#define BILLOW_WRITES_EDGE_FLOWS
#include "water/edge_flows.glsl"

// The new stored flow of edge e of vertex c (> 0 along the array's direction, edgeDirection).
float newEdgeFlow(ivec2 c, LatticeEdge e) {
    float q = storedFlow(e);
    int inner = cellIndex(c.x, c.y);
    if (!insideGrid(e.other)) {
        // e.sign * q is the flow into c, i.e. into the domain.
        WaterBoundaryFace b = boundary[boundaryEntryOf(c, e.other)];
        return e.sign * boundaryInflow(b, inner, e.sign * q, sideLengthOfEdge(e.array, e.other));
    }
    // The edge runs from its upstream vertex to its downstream one (along the array's direction):
    // the same order whichever of the two computes it.
    int other = cellIndex(e.other.x, e.other.y);
    return e.sign > 0.0 ? interiorFlow(q, other, inner) : interiorFlow(q, inner, other);
}

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (c.x >= water.nx || c.y >= water.ny) return;
    float outflow = 0.0;
    for (int k = 0; k < 6; ++k) {
        LatticeEdge e = latticeEdge(c, k);
        float q = newEdgeFlow(c, e);
        outflow += max(-e.sign * q, 0.0);
        if ((k & 1) == 0 || !insideGrid(e.other)) storeFlow(e, q);
    }
    scale[cellIndex(c.x, c.y)] = outflowScaleOf(depth[cellIndex(c.x, c.y)], outflow, cellAreaOverH2(), pc.dt);
}
