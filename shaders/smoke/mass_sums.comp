#version 450
// The 2D smoke solver's mass-correction sums (mass/mass_types.h): per workgroup, the advected
// field's total before and after advection, each cell weighted by its fluid fraction, and what the
// advecting velocity carried out through inflow and outflow sides in dt (mass/mass_sums.glsl).
// Strided over the cells by at most BILLOW_MASS_MAX_GROUPS workgroups.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "mass/mass_types.h"

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Before { float before[]; };
layout(set = 0, binding = 2) readonly buffer After { float after[]; };
layout(set = 0, binding = 3) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 5) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 6) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 7) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 8) writeonly buffer Partials { vec4 partials[]; };
layout(push_constant) uniform Push { MassSumsPush pc; };

#include "mass/mass_sums.glsl"

// The 2D grid's inflow values: only the density has one (inflowField 0).
float inflowValue(int side) { return pc.inflowField == 0 ? grid.inflowDensity[side] : 0.0; }

vec3 cellSums(int c) {
    const int i = c % grid.nx, j = c / grid.nx;
    const float old = before[c];
    float outflow = 0.0;
    if (i == 0) {
        const int f = xFaceIndex(0, j);
        outflow += sideOutflow(grid.sideType[BILLOW_LEFT], -uIn[f], openX[f], old, inflowValue(BILLOW_LEFT));
    }
    if (i == grid.nx - 1) {
        const int f = xFaceIndex(grid.nx, j);
        outflow += sideOutflow(grid.sideType[BILLOW_RIGHT], uIn[f], openX[f], old, inflowValue(BILLOW_RIGHT));
    }
    if (j == 0) {
        const int f = yFaceIndex(i, 0);
        outflow += sideOutflow(grid.sideType[BILLOW_BOTTOM], -vIn[f], openY[f], old, inflowValue(BILLOW_BOTTOM));
    }
    if (j == grid.ny - 1) {
        const int f = yFaceIndex(i, grid.ny);
        outflow += sideOutflow(grid.sideType[BILLOW_TOP], vIn[f], openY[f], old, inflowValue(BILLOW_TOP));
    }
    const float fluid = 1.0 - clamp(solid[c], 0.0, 1.0);
    return vec3(fluid * old, fluid * after[c], outflow * pc.dt * grid.invH);
}

void main() { sumCellsIntoPartials(grid.nx * grid.ny, pc.field); }
