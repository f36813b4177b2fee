// Shared by every shallow-water kernel: the parameter block and index helpers.
#extension GL_GOOGLE_include_directive : require
#include "water/water_types.h"

// Kernels that shape their own workgroup define BILLOW_OWN_WORKGROUP_SIZE (see common/grid.glsl).
#ifndef BILLOW_OWN_WORKGROUP_SIZE
layout(local_size_x = BILLOW_GROUP_X, local_size_y = BILLOW_GROUP_Y) in;
#endif
layout(std140, set = 0, binding = 0) uniform WaterBlock { WaterParams water; };

#define BILLOW_MAC_NX water.nx
#define BILLOW_MAC_NY water.ny
#include "common/mac_index.glsl"
#include "common/precise_sine.glsl"

// Index in the stats ring of `word` (BILLOW_WATER_STAT_MAX_*) of the slot that a push constant
// trackMaxDepth != 0 names.
int statWord(int trackMaxDepth, int word) { return (trackMaxDepth - 1) * BILLOW_WATER_STAT_WORDS + word; }

// Boundary table entries: left faces by row, right by row, bottom by column, top by column.
int leftEntry(int j) { return j; }
int rightEntry(int j) { return water.ny + j; }
int bottomEntry(int i) { return 2 * water.ny + i; }
int topEntry(int i) { return 2 * water.ny + water.nx + i; }

// The viscosity of the virtual-pipe model (Mei, Decaudin & Hu 2007): a flow (or face velocity)
// q times H^2 / (H^2 + 3 dt nu), H the depth of the cell it leaves.
float pipeViscosity(float q, float upwindDepth, float dt) {
    // precise: water_flow computes each face twice (once per cell) and both must round alike.
    precise float h2 = upwindDepth * upwindDepth;
    if (water.viscosity <= 0.0 || h2 <= 0.0) return q;
    precise float damped = q * h2 / (h2 + 3.0 * dt * water.viscosity);
    return damped;
}

// The flow an Inflow or WaveMaker face gives into the domain at `time`, m^2/s per metre of side
// (the wave's sine computed alike on every device: common/precise_sine.glsl).
float prescribedInflow(WaterBoundaryFace b, float time) {
    if (b.type == BILLOW_WATER_WAVE) return b.flow + b.amplitude * preciseSin(b.omega * time + b.phase);
    return b.flow;
}

// Outflow scaling: the factor by which a cell holding `cellDepth` must shrink its outgoing flows
// (negative flow on its left/bottom face ql/qb, positive on its right/top face qr/qt) so that it
// gives at most (1 - margin) * H * h^2 / dt in a substep of dt. 1 when it holds enough.
// `outflow` is the sum of the outgoing flows, `areaOverH2` the column's area over h^2 (1 on the
// Square lattice, where the product stays exact; sqrt(3)/2 on the Triangle lattice).
float outflowScaleOf(float cellDepth, float outflow, float areaOverH2, float dt) {
    float available = cellDepth * (1.0 - BILLOW_WATER_SCALE_MARGIN) * water.h * water.h * areaOverH2 / dt;
    return outflow > available ? available / outflow : 1.0;
}
float outflowScale(float cellDepth, float ql, float qr, float qb, float qt, float dt) {
    return outflowScaleOf(cellDepth, max(-ql, 0.0) + max(qr, 0.0) + max(-qb, 0.0) + max(qt, 0.0), 1.0, dt);
}
