#version 450
// Flow acceleration (seed 001's first step) and the boundary faces, one thread per x-face and
// y-face. An interior face is a pipe between two cells:
//   Q <- Q * (1 - friction)^dt + dt * g * A / h * (surface upstream - surface downstream)
// followed by seed 001's viscosity factor. Boundary faces are re-set from the boundary table every
// substep, because the previous substep's outflow scaling may have changed them.
#include "water_grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) buffer FlowX { float flowX[]; };
layout(set = 0, binding = 4) buffer FlowY { float flowY[]; };
layout(set = 0, binding = 5) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

float surface(int c) { return terrain[c] + depth[c]; }

// Cross-section of the pipe across a face, m^2, for the depth `faceDepth` standing at the face.
float pipeArea(float faceDepth) {
    return water.h * (water.model == EDDY_WATER_DEPTH_PIPES ? faceDepth : water.pipeDepth);
}

float viscous(float q, float upwindDepth) { return seedViscosity(q, upwindDepth, pc.dt); }

// New flow of the interior face from cell a (left / below) to cell b.
float interiorFlow(float q, int a, int b) {
    float da = depth[a], db = depth[b];
    float drive = pc.dt * water.gravity * pipeArea(0.5 * (da + db)) * water.invH;
    q = q * pc.frictionFactor + drive * (surface(a) - surface(b));
    return viscous(q, q > 0.0 ? da : db);
}

// New flow into the domain (m^3/s, > 0 enters) of a boundary face whose inner cell is `inner`;
// `inflowBefore` is the face's flow into the domain before this substep.
float boundaryInflow(WaterBoundaryFace b, int inner, float inflowBefore) {
    if (b.type == EDDY_WATER_INFLOW || b.type == EDDY_WATER_WAVE) return prescribedInflow(b, pc.time) * water.h;
    if (b.type == EDDY_WATER_OUTFLOW) {
        // A pipe into a dry cell `drop` below the inner cell's terrain; a drain never lets water in.
        float d = depth[inner];
        float drive = pc.dt * water.gravity * pipeArea(d) * water.invH;
        float outflow = max(-inflowBefore * pc.frictionFactor + drive * (d + b.drop), 0.0);
        return -viscous(outflow, d);
    }
    return 0.0;  // wall
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int i = id.x, j = id.y;
    if (ownsXFace(id)) {
        int f = xFaceIndex(i, j);
        if (i == 0) flowX[f] = boundaryInflow(boundary[leftEntry(j)], cellIndex(0, j), flowX[f]);
        else if (i == water.nx) flowX[f] = -boundaryInflow(boundary[rightEntry(j)], cellIndex(i - 1, j), -flowX[f]);
        else flowX[f] = interiorFlow(flowX[f], cellIndex(i - 1, j), cellIndex(i, j));
    }
    if (ownsYFace(id)) {
        int f = yFaceIndex(i, j);
        if (j == 0) flowY[f] = boundaryInflow(boundary[bottomEntry(i)], cellIndex(i, 0), flowY[f]);
        else if (j == water.ny) flowY[f] = -boundaryInflow(boundary[topEntry(i)], cellIndex(i, j - 1), -flowY[f]);
        else flowY[f] = interiorFlow(flowY[f], cellIndex(i, j - 1), cellIndex(i, j));
    }
}
