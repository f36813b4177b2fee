#version 450
// The momentum model's continuity flows and outflow scale, one thread per cell (after
// water_momentum has written the new face velocities): each of the cell's four faces gets
// Q = h * h* * u with h* the depth of the upwind cell (Stelling & Duinmeijer's upwind face depth,
// which keeps a cell from giving water it does not hold when |u| dt / h < 1, and moves no water out
// of a dry cell); an Inflow or WaveMaker face gives its prescribed flow, as in the pipe models.
// Then the cell's outflow scale, as water/flow.comp does for the pipe models, and the same storage
// rule: each face is computed by both of its cells (`precise`, so alike) and stored unscaled by
// the cell on its right / above (boundary faces by their inner cell); water_depth applies the scale.
// A separate pass from water_momentum because that one reads the neighbours' applied flows.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer VelocityX { float velocityX[]; };
layout(set = 0, binding = 3) readonly buffer VelocityY { float velocityY[]; };
layout(set = 0, binding = 4) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(set = 0, binding = 5) writeonly buffer FlowXOut { float flowXOut[]; };
layout(set = 0, binding = 6) writeonly buffer FlowYOut { float flowYOut[]; };
layout(set = 0, binding = 7) writeonly buffer Scale { float scale[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water/momentum_faces.glsl"

float faceFlow(int axis, ivec2 p) {
    float u = axis == 0 ? velocityX[xFaceIndex(p.x, p.y)] : velocityY[yFaceIndex(p.x, p.y)];
    if (isBoundaryFace(axis, p)) {
        WaterBoundaryFace b = boundary[boundaryEntry(axis, p)];
        if (b.type == BILLOW_WATER_INFLOW || b.type == BILLOW_WATER_WAVE) {
            float inflow = prescribedInflow(b, pc.time) * water.h;
            return p[axis] == 0 ? inflow : -inflow;
        }
    }
    precise float q = u * upwindDepth(axis, p, u) * water.h;  // a wall's u is 0; a drain's leaves the inner cell
    return q;
}

void main() {
    int i = int(gl_GlobalInvocationID.x), j = int(gl_GlobalInvocationID.y);
    if (i >= water.nx || j >= water.ny) return;
    float ql = faceFlow(0, ivec2(i, j)), qr = faceFlow(0, ivec2(i + 1, j));
    float qb = faceFlow(1, ivec2(i, j)), qt = faceFlow(1, ivec2(i, j + 1));
    flowXOut[xFaceIndex(i, j)] = ql;
    flowYOut[yFaceIndex(i, j)] = qb;
    if (i == water.nx - 1) flowXOut[xFaceIndex(i + 1, j)] = qr;
    if (j == water.ny - 1) flowYOut[yFaceIndex(i, j + 1)] = qt;
    scale[cellIndex(i, j)] = outflowScale(depth[cellIndex(i, j)], ql, qr, qb, qt, pc.dt);
}
