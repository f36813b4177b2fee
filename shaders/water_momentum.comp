#version 450
// The momentum model's first step (WaterModel::Momentum), one thread per x-face and y-face: the
// face velocity u (m/s) of the staggered conservative scheme of Stelling & Duinmeijer (2003),
//   u <- u * (1 - friction)^dt - dt * (advection + g * (surface downstream - surface upstream) / h)
// with the advection in momentum-conserving form, then seed 001's viscosity factor, then the face
// flow for the continuity step, Q = h * (depth of the upwind cell) * u. Outflow scaling and the
// depth update that follow are the pipe models' kernels. Reads velocities from the in-buffers
// and writes the out-buffers (ping-pong), since each face reads its neighbours' velocities.
// docs/shallow-water.md has the derivation; tests/test_water_reference.cpp the double version.
#include "water_grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer VelocityXIn { float velocityXIn[]; };
layout(set = 0, binding = 4) readonly buffer VelocityYIn { float velocityYIn[]; };
layout(set = 0, binding = 5) writeonly buffer VelocityXOut { float velocityXOut[]; };
layout(set = 0, binding = 6) writeonly buffer VelocityYOut { float velocityYOut[]; };
layout(set = 0, binding = 7) writeonly buffer FlowX { float flowX[]; };
layout(set = 0, binding = 8) writeonly buffer FlowY { float flowY[]; };
layout(set = 0, binding = 9) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(set = 0, binding = 10) buffer Stats { uint statBits[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "water_group_max.glsl"

// Faces of axis 0 are x-faces, of axis 1 y-faces. Face p of an axis lies between the cells
// p - along(axis) and p; the faces p = 0 and p = cellsAlong(axis) along that axis are boundaries.
ivec2 along(int axis) { return axis == 0 ? ivec2(1, 0) : ivec2(0, 1); }
int cellsAlong(int axis) { return axis == 0 ? water.nx : water.ny; }
float velocityAt(int axis, ivec2 p) {
    return axis == 0 ? velocityXIn[xFaceIndex(p.x, p.y)] : velocityYIn[yFaceIndex(p.x, p.y)];
}
float depthAt(ivec2 c) { return depth[cellIndex(c.x, c.y)]; }
float surfaceAt(ivec2 c) { return terrain[cellIndex(c.x, c.y)] + depth[cellIndex(c.x, c.y)]; }

// Depth of the cell a velocity u at face p leaves: the upwind depth h* that carries the flow (the
// inner cell at a boundary face).
float upwindDepth(int axis, ivec2 p, float u) {
    ivec2 low = p - along(axis);
    bool hasLow = low[axis] >= 0, hasHigh = p[axis] < cellsAlong(axis);
    return depthAt((u > 0.0 && hasLow) || !hasHigh ? low : p);
}
// Flow per metre of face at the start of the substep, q = h* u, m^2/s.
float unitFlowAt(int axis, ivec2 p) {
    float u = velocityAt(axis, p);
    return u * upwindDepth(axis, p, u);
}

// Advection of face p's velocity u in momentum-conserving form, with qbar the flows per metre at
// the centres of the control volume's sides (the cells either side along the axis; the corners
// across it) averaged from the two faces there, u* the velocity upwind of each, and hbar the depth
// at the face:
//   [ (qbar_B u*_B - qbar_A u*_A) - u (qbar_B - qbar_A) ] / (h hbar)   (A before, B after),
// summed over both directions. The bracket equals qbar_B (u*_B - u) - qbar_A (u*_A - u), and u* - u
// vanishes on the side whose u* is u itself, so each side contributes only when its flow enters
// the control volume; this exact rewriting is what is evaluated (no cancellation of equal terms).
float advection(int axis, ivec2 p, float u, float faceDepth) {
    int across = 1 - axis;
    ivec2 e = along(axis), t = along(across);
    float qHere = u * upwindDepth(axis, p, u);
    // Along the axis: the cells before (p - e) and after (p) the face.
    float uBefore = velocityAt(axis, p - e), uAfter = velocityAt(axis, p + e);
    float qBefore = 0.5 * (unitFlowAt(axis, p - e) + qHere);
    float qAfter = 0.5 * (qHere + unitFlowAt(axis, p + e));
    float term = max(qBefore, 0.0) * (u - uBefore) + min(qAfter, 0.0) * (uAfter - u);
    // Across: the corners below (p - t side) and above, their flows averaged from the two faces of
    // the other axis that meet there. A missing neighbour beyond the domain's edge counts as u
    // (no gradient); its corner flow is a boundary face's, 0 at a wall.
    float qBelow = 0.5 * (unitFlowAt(across, p - e) + unitFlowAt(across, p));
    float qAbove = 0.5 * (unitFlowAt(across, p - e + t) + unitFlowAt(across, p + t));
    float uBelow = p[across] > 0 ? velocityAt(axis, p - t) : u;
    float uAbove = p[across] + 1 < cellsAlong(across) ? velocityAt(axis, p + t) : u;
    term += max(qBelow, 0.0) * (u - uBelow) + min(qAbove, 0.0) * (uAbove - u);
    return term * water.invH / faceDepth;
}

// New velocity of the interior face p (towards +axis).
float interiorVelocity(int axis, ivec2 p) {
    ivec2 a = p - along(axis);
    float depthA = depthAt(a), depthB = depthAt(p);
    float faceDepth = 0.5 * (depthA + depthB);
    if (faceDepth <= water.dryDepth) return 0.0;  // a dry face: nothing to divide by
    float u = velocityAt(axis, p);
    float acceleration = advection(axis, p, u, faceDepth) + water.gravity * (surfaceAt(p) - surfaceAt(a)) * water.invH;
    float v = u * pc.frictionFactor - pc.dt * acceleration;
    float upwind = v > 0.0 ? depthA : depthB;
    // Nothing flows out of a dry cell: without this a wet cell beside a higher dry one (a lake
    // shore) would build up a velocity towards itself that carries no water but sets the substep.
    if (upwind <= water.dryDepth) return 0.0;
    return seedViscosity(v, upwind, pc.dt);
}

// New velocity into the domain at a boundary face whose inner cell is `inner`; `flowIn` receives
// the flow into the domain, m^3/s.
float boundaryVelocity(WaterBoundaryFace b, ivec2 inner, out float flowIn) {
    float d = depthAt(inner);
    flowIn = 0.0;
    if (b.type == EDDY_WATER_INFLOW || b.type == EDDY_WATER_WAVE) {
        // The given flow enters as in the pipe models. Its velocity, for the advection of the
        // faces next to it, is q / H, at most the critical speed sqrt(g H) (a river mouth is
        // subcritical; a trickle into a nearly dry cell must not set the substep).
        float q = prescribedInflow(b, pc.time);
        flowIn = q * water.h;
        if (d <= water.dryDepth) return 0.0;
        float critical = sqrt(water.gravity * d);
        return clamp(q / d, -critical, critical);
    }
    if (b.type == EDDY_WATER_OUTFLOW) {
        // A free overfall: the water leaves over the edge at the critical speed sqrt(g H), whatever
        // the drop below it.
        if (d <= water.dryDepth) return 0.0;
        float speed = sqrt(water.gravity * d);
        flowIn = -speed * d * water.h;
        return -speed;
    }
    return 0.0;  // wall
}

// Updates face p of `axis` (velocity and flow); returns its speed.
float updateFace(int axis, ivec2 p) {
    int n = cellsAlong(axis);
    float u, flow;
    if (p[axis] == 0 || p[axis] == n) {
        bool low = p[axis] == 0;
        int entry = axis == 0 ? (low ? leftEntry(p.y) : rightEntry(p.y)) : (low ? bottomEntry(p.x) : topEntry(p.x));
        float flowIn;
        float inward = boundaryVelocity(boundary[entry], low ? p : p - along(axis), flowIn);
        u = low ? inward : -inward;
        flow = low ? flowIn : -flowIn;
    } else {
        u = interiorVelocity(axis, p);
        flow = u * upwindDepth(axis, p, u) * water.h;
    }
    if (axis == 0) {
        velocityXOut[xFaceIndex(p.x, p.y)] = u;
        flowX[xFaceIndex(p.x, p.y)] = flow;
    } else {
        velocityYOut[yFaceIndex(p.x, p.y)] = u;
        flowY[yFaceIndex(p.x, p.y)] = flow;
    }
    return abs(u);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float speed = 0.0;
    if (ownsXFace(id)) speed = updateFace(0, id);
    if (ownsYFace(id)) speed = max(speed, updateFace(1, id));
    if (pc.trackMaxDepth != 0) {  // push constant: uniform, so the barriers inside are too
        float fastest = groupMaximum(speed);
        // Non-negative floats order like their bit patterns.
        if (gl_LocalInvocationIndex == 0)
            atomicMax(statBits[EDDY_WATER_STAT_SLOTS + pc.trackMaxDepth - 1], floatBitsToUint(fastest));
    }
}
