#version 450
// The momentum model's continuity flows, one thread per x-face and y-face (after water_momentum
// has written the new face velocities): Q = h * h* * u with h* the depth of the upwind cell
// (Stelling & Duinmeijer's upwind face depth, which keeps a cell from giving water it does not
// hold when |u| dt / h < 1, and moves no water out of a dry cell). An Inflow or WaveMaker face
// gives its prescribed flow, as in the pipe models. Outflow scaling (water_outflow_scale) follows.
// A separate pass because water_momentum reads the neighbours' applied flows.
#include "water_grid.glsl"

layout(set = 0, binding = 1) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 2) readonly buffer VelocityX { float velocityX[]; };
layout(set = 0, binding = 3) readonly buffer VelocityY { float velocityY[]; };
layout(set = 0, binding = 4) writeonly buffer FlowX { float flowX[]; };
layout(set = 0, binding = 5) writeonly buffer FlowY { float flowY[]; };
layout(set = 0, binding = 6) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water_momentum_faces.glsl"

float faceFlow(int axis, ivec2 p, float u) {
    if (isBoundaryFace(axis, p)) {
        WaterBoundaryFace b = boundary[boundaryEntry(axis, p)];
        if (b.type == EDDY_WATER_INFLOW || b.type == EDDY_WATER_WAVE) {
            float inflow = prescribedInflow(b, pc.time) * water.h;
            return p[axis] == 0 ? inflow : -inflow;
        }
    }
    return u * upwindDepth(axis, p, u) * water.h;  // a wall's u is 0; a drain's leaves the inner cell
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsXFace(id)) {
        int f = xFaceIndex(id.x, id.y);
        flowX[f] = faceFlow(0, id, velocityX[f]);
    }
    if (ownsYFace(id)) {
        int f = yFaceIndex(id.x, id.y);
        flowY[f] = faceFlow(1, id, velocityY[f]);
    }
}
