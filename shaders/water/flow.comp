#version 450
// Substep pass 1 of 2, one thread per cell: the new flows of the cell's four faces (acceleration
// by the surface difference, friction, viscosity; boundary faces re-set from the boundary table
// every substep) and the cell's outflow scale, the factor by which its outgoing faces must shrink
// so that it gives at most the water it holds, (1 - margin) * H * h^2 / dt.
//
// Fusing the acceleration with the scale saves a pass over the faces: an interior face is
// computed by both of its cells (the same inputs and `precise` maths, so the same value) and
// stored by one, the cell on its right / above (boundary faces by their inner cell). The flows are
// read from `flowIn` and written to `flowOut`, so no thread overwrites a flow another still reads;
// the scale is applied to the faces by pass 2 (water/depth.comp), which writes them back.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer FlowXIn { float flowXIn[]; };
layout(set = 0, binding = 4) readonly buffer FlowYIn { float flowYIn[]; };
layout(set = 0, binding = 5) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(set = 0, binding = 6) writeonly buffer FlowXOut { float flowXOut[]; };
layout(set = 0, binding = 7) writeonly buffer FlowYOut { float flowYOut[]; };
layout(set = 0, binding = 8) writeonly buffer Scale { float scale[]; };
// The floating bodies' submerged thickness per cell, m (0 without bodies), added to the surface.
layout(set = 0, binding = 9) readonly buffer Displacement { float displacement[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water/face_flow.glsl"

float newFlowX(int i, int j) {
    float q = flowXIn[xFaceIndex(i, j)];
    if (i == 0) return boundaryInflow(boundary[leftEntry(j)], cellIndex(0, j), q, water.h);
    if (i == water.nx) return -boundaryInflow(boundary[rightEntry(j)], cellIndex(i - 1, j), -q, water.h);
    return interiorFlow(q, cellIndex(i - 1, j), cellIndex(i, j));
}

float newFlowY(int i, int j) {
    float q = flowYIn[yFaceIndex(i, j)];
    if (j == 0) return boundaryInflow(boundary[bottomEntry(i)], cellIndex(i, 0), q, water.h);
    if (j == water.ny) return -boundaryInflow(boundary[topEntry(i)], cellIndex(i, j - 1), -q, water.h);
    return interiorFlow(q, cellIndex(i, j - 1), cellIndex(i, j));
}

void main() {
    int i = int(gl_GlobalInvocationID.x), j = int(gl_GlobalInvocationID.y);
    if (i >= water.nx || j >= water.ny) return;
    float ql = newFlowX(i, j), qr = newFlowX(i + 1, j);
    float qb = newFlowY(i, j), qt = newFlowY(i, j + 1);
    flowXOut[xFaceIndex(i, j)] = ql;
    flowYOut[yFaceIndex(i, j)] = qb;
    if (i == water.nx - 1) flowXOut[xFaceIndex(i + 1, j)] = qr;
    if (j == water.ny - 1) flowYOut[yFaceIndex(i, j + 1)] = qt;

    scale[cellIndex(i, j)] = outflowScale(depth[cellIndex(i, j)], ql, qr, qb, qt, pc.dt);
}
