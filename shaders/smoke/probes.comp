#version 450
// The probes of the 2D smoke solver, sampled after a whole step: one thread a probe, writing its
// sample into the step's result slot (src/feedback/probe_set.hpp). The velocity is bilinear on
// each component's own staggered positions (smoke/velocity_sampling.glsl, the advection's own
// sampling); density, temperature and pressure bilinear between cell centres. Beyond a side the
// solver's taps apply: velocity ghosts (common/grid.glsl), the inflow's values for density and
// temperature, and for the pressure the Poisson solve's own rule (0 at the ghost centre beyond an
// outflow side, clamped beyond closed sides, wrapped on periodic ones). A point outside the
// domain is clamped onto it and flagged; one whose cell is at least half solid is flagged.
#define BILLOW_OWN_WORKGROUP_SIZE
// No variants: every velocity sample goes through the taps (the advection's read by index inside
// the grid gives the same values; a probe reads 8 samples, not a grid's worth).
#define BILLOW_VELOCITY_THROUGH_TAPS
#include "common/grid.glsl"
#include "common/probe_types.h"

layout(local_size_x = BILLOW_PROBE_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Points { vec4 points[]; };
layout(set = 0, binding = 2) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 3) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 4) readonly buffer Density { float density[]; };
layout(set = 0, binding = 5) readonly buffer Temperature { float temperature[]; };
layout(set = 0, binding = 6) readonly buffer Pressure { float pressure[]; };
layout(set = 0, binding = 7) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 8) buffer Results { uint results[]; };

layout(push_constant) uniform Push { ProbePush pc; };

#include "smoke/velocity_sampling.glsl"

float readDensity(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    return t.inflowSide >= 0 ? grid.inflowDensity[t.inflowSide] : density[t.index];
}
float readTemperature(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    return t.inflowSide >= 0 ? grid.inflowTemperature[t.inflowSide] : temperature[t.index];
}
bool beyondOutflow(int i, int j) {
    return (i < 0 && grid.sideType[BILLOW_LEFT] == BILLOW_OUTFLOW) ||
           (i >= grid.nx && grid.sideType[BILLOW_RIGHT] == BILLOW_OUTFLOW) ||
           (j < 0 && grid.sideType[BILLOW_BOTTOM] == BILLOW_OUTFLOW) ||
           (j >= grid.ny && grid.sideType[BILLOW_TOP] == BILLOW_OUTFLOW);
}
float readPressure(int i, int j) {
    return beyondOutflow(i, j) ? 0.0 : pressure[tapCell(i, j, cellGrid()).index];
}

void main() {
    int probe = int(gl_GlobalInvocationID.x);
    if (probe >= pc.count) return;
    vec2 requested = points[probe].xy;
    vec2 extent = vec2(grid.nx, grid.ny) * grid.h;
    vec2 p = clamp(requested, vec2(0.0), extent);
    uint flags = p != requested ? BILLOW_PROBE_OUTSIDE : 0u;
    ivec2 cell = min(ivec2(p * grid.invH), ivec2(grid.nx - 1, grid.ny - 1));
    if (solid[cellIndex(cell.x, cell.y)] >= 0.5) flags |= BILLOW_PROBE_IN_SOLID;

    vec2 velocity = sampleVelocity(p);
    vec2 centres = p * grid.invH - vec2(0.5);
    float rho, temp, pres;
    BILLOW_BILERP(readDensity, centres, rho)
    BILLOW_BILERP(readTemperature, centres, temp)
    BILLOW_BILERP(readPressure, centres, pres)

    int w = pc.payloadWord + probe * BILLOW_PROBE_WORDS;
    results[w + BILLOW_PROBE_VELOCITY + 0] = floatBitsToUint(velocity.x);
    results[w + BILLOW_PROBE_VELOCITY + 1] = floatBitsToUint(velocity.y);
    results[w + BILLOW_PROBE_VELOCITY + 2] = floatBitsToUint(0.0);
    results[w + BILLOW_PROBE_SCALARS + 0] = floatBitsToUint(rho);
    results[w + BILLOW_PROBE_SCALARS + 1] = floatBitsToUint(temp);
    results[w + BILLOW_PROBE_SCALARS + 2] = floatBitsToUint(0.0);
    results[w + BILLOW_PROBE_SCALARS + 3] = floatBitsToUint(pres);
    results[w + BILLOW_PROBE_FLAGS] = flags;
}
