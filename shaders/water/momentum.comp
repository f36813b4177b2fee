#version 450
// The momentum model's first step (WaterModel::Momentum), one thread per x-face and y-face: the
// face velocity u (m/s) of the staggered conservative scheme of Stelling & Duinmeijer (2003),
//   u <- u * (1 - friction)^dt - dt * (advection + g * (surface downstream - surface upstream) / h)
// with the advection in momentum-conserving form, then the viscosity factor of the
// virtual-pipe model (Mei, Decaudin & Hu 2007). The next pass (water_momentum_flow) turns the
// velocities into the flows Q = h * (upwind depth) * u of the continuity step; outflow scaling and the
// depth update are the pipe models' kernels.
// Reads velocities from the in-buffers and writes the out-buffers (ping-pong), since each face
// reads its neighbours' velocities. docs/shallow-water.md has the derivation;
// tests/reference/water/water_reference_momentum.cpp the double version.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer VelocityXIn { float velocityXIn[]; };
layout(set = 0, binding = 4) readonly buffer VelocityYIn { float velocityYIn[]; };
layout(set = 0, binding = 5) writeonly buffer VelocityXOut { float velocityXOut[]; };
layout(set = 0, binding = 6) writeonly buffer VelocityYOut { float velocityYOut[]; };
// The flows the last depth update applied (after outflow scaling), m^3/s.
layout(set = 0, binding = 7) readonly buffer FlowX { float flowX[]; };
layout(set = 0, binding = 8) readonly buffer FlowY { float flowY[]; };
layout(set = 0, binding = 9) readonly buffer Boundary { WaterBoundaryFace boundary[]; };
layout(set = 0, binding = 10) buffer Stats { uint statBits[]; };
// The floating bodies' submerged thickness per cell, m (0 without bodies): the surface slope
// includes it, as the pipe models' head does (water/face_flow.glsl).
layout(set = 0, binding = 11) readonly buffer Displacement { float displacement[]; };
layout(push_constant) uniform Push { WaterStepPush pc; };

#include "common/workgroup_reduce.glsl"
#include "water/momentum_faces.glsl"

float velocityAt(int axis, ivec2 p) {
    return axis == 0 ? velocityXIn[xFaceIndex(p.x, p.y)] : velocityYIn[yFaceIndex(p.x, p.y)];
}
float surfaceAt(ivec2 c) {
    int k = cellIndex(c.x, c.y);
    return terrain[k] + depth[k] + displacement[k];
}
// Flow per metre of face that the last depth update applied, q, m^2/s.
float appliedUnitFlow(int axis, ivec2 p) {
    return (axis == 0 ? flowX[xFaceIndex(p.x, p.y)] : flowY[yFaceIndex(p.x, p.y)]) * water.invH;
}

// Advection of face p's velocity u in momentum-conserving form. The control volume of the face
// spans from the centre of the cell before it to the centre of the cell after it; its momentum is
// hbar u with hbar the mean depth of the two cells. With qbar the flows per metre through the
// control volume's sides (at the cell centres along the axis, at the corners across it), each
// the mean of the two face flows there, and u* the velocity upwind of each side:
//   d(hbar u)/dt = -[ (qbar_B u*_B - qbar_A u*_A) ] / h - g hbar dzeta/dx     (A before, B after)
// and since the depth update moved hbar by exactly -dt (qbar_B - qbar_A) / h with the same flows
// (the applied ones, read here), momentum is conserved when
//   du/dt = -[ (qbar_B u*_B - qbar_A u*_A) - u (qbar_B - qbar_A) ] / (h hbar) - g dzeta/dx,
// with hbar the depth after that update (the current one). The bracket equals
// qbar_B (u*_B - u) - qbar_A (u*_A - u), and u* - u vanishes on a side whose u* is u itself, so a
// side contributes only when its flow enters the control volume; this exact rewriting is what is
// evaluated (no cancellation of equal terms).
float advection(int axis, ivec2 p, float u, float faceDepth) {
    int across = 1 - axis;
    ivec2 e = along(axis), t = along(across);
    float qHere = appliedUnitFlow(axis, p);
    // Along the axis: the centres of the cells before (p - e) and after (p) the face.
    float qBefore = 0.5 * (appliedUnitFlow(axis, p - e) + qHere);
    float qAfter = 0.5 * (qHere + appliedUnitFlow(axis, p + e));
    float term = max(qBefore, 0.0) * (u - velocityAt(axis, p - e)) + min(qAfter, 0.0) * (velocityAt(axis, p + e) - u);
    // Across: the corners below (p - t side) and above, their flows the mean of the two faces of
    // the other axis that meet there. A neighbour beyond the domain's edge counts as u (no
    // gradient); the corner flow there is a boundary face's, 0 at a wall.
    float qBelow = 0.5 * (appliedUnitFlow(across, p - e) + appliedUnitFlow(across, p));
    float qAbove = 0.5 * (appliedUnitFlow(across, p - e + t) + appliedUnitFlow(across, p + t));
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
    return pipeViscosity(v, upwind, pc.dt);
}

// New velocity into the domain at a boundary face whose inner cell is `inner` (its flow is set by
// water_momentum_flow).
float boundaryVelocity(WaterBoundaryFace b, ivec2 inner) {
    float d = depthAt(inner);
    if (d <= water.dryDepth) return 0.0;
    if (b.type == BILLOW_WATER_INFLOW || b.type == BILLOW_WATER_WAVE) {
        // The given flow enters as in the pipe models. Its velocity, for the advection of the
        // faces next to it, is q / H, at most the critical speed sqrt(g H) (a river mouth is
        // subcritical; a trickle into a nearly dry cell must not set the substep).
        float critical = sqrt(water.gravity * d);
        return clamp(prescribedInflow(b, pc.time) / d, -critical, critical);
    }
    // A free overfall: the water leaves over the edge at the critical speed sqrt(g H), whatever
    // the drop below it.
    if (b.type == BILLOW_WATER_OUTFLOW) return -sqrt(water.gravity * d);
    return 0.0;  // wall
}

// Updates the velocity of face p of `axis`; returns its speed.
float updateFace(int axis, ivec2 p) {
    float u;
    if (isBoundaryFace(axis, p)) {
        bool low = p[axis] == 0;
        float inward = boundaryVelocity(boundary[boundaryEntry(axis, p)], low ? p : p - along(axis));
        u = low ? inward : -inward;
    } else {
        u = interiorVelocity(axis, p);
    }
    if (axis == 0) velocityXOut[xFaceIndex(p.x, p.y)] = u;
    else velocityYOut[yFaceIndex(p.x, p.y)] = u;
    return abs(u);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float speed = 0.0;
    if (ownsXFace(id)) speed = updateFace(0, id);
    if (ownsYFace(id)) speed = max(speed, updateFace(1, id));
    if (pc.trackMaxDepth != 0) {  // push constant: uniform, so the barriers inside are too
        float fastest = workgroupMax(speed);
        // Non-negative floats order like their bit patterns.
        if (gl_LocalInvocationIndex == 0)
            atomicMax(statBits[statWord(pc.trackMaxDepth, BILLOW_WATER_STAT_MAX_SPEED)], floatBitsToUint(fastest));
    }
}
