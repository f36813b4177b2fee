#version 450
// The 3D smoke solver's mass-correction sums (mass/mass_types.h): per workgroup, the advected
// field's total before and after advection, each cell weighted by its fluid fraction, and what the
// advecting velocity carried out through inflow and outflow sides in dt (mass/mass_sums.glsl).
// Strided over the cells by at most BILLOW_MASS_MAX_GROUPS workgroups.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "mass/mass_types.h"

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Before { flow_t before[]; };
layout(set = 0, binding = 2) readonly buffer After { flow_t after[]; };
layout(set = 0, binding = 3) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 5) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 6) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 10) writeonly buffer Partials { vec4 partials[]; };
layout(push_constant) uniform Push { MassSumsPush pc; };

#include "mass/mass_sums.glsl"

// The side's inflow value of the field (inflowField: 0 density, 1 temperature, 2 fuel).
float inflowValue(int side) { return grid.inflow[side][1 + pc.inflowField]; }

// The normal velocity and open fraction of the face on `axis` at f.
float normalVelocity(int axis, ivec3 f) {
    // Converted in each branch: a select of halves would need 16-bit arithmetic (shaderFloat16).
    return axis == 0 ? FLOW_LOAD(uIn[xFaceIndex3(f)]) : axis == 1 ? FLOW_LOAD(vIn[yFaceIndex3(f)]) : FLOW_LOAD(wIn[zFaceIndex3(f)]);
}
float openFraction(int axis, ivec3 f) {
    return axis == 0 ? openX[xFaceIndex3(f)] : axis == 1 ? openY[yFaceIndex3(f)] : openZ[zFaceIndex3(f)];
}

vec3 cellSums(int c) {
    const ivec3 n = gridCells();
    const ivec3 id = ivec3(c % n.x, (c / n.x) % n.y, c / (n.x * n.y));
    // Density or fuel: stored as themselves (common/flow_storage.glsl), never the temperature.
    const float old = FLOW_LOAD(before[c]);
    float outflow = 0.0;
    for (int axis = 0; axis < 3; ++axis) {
        if (id[axis] == 0) {
            const int side = 2 * axis;
            outflow += sideOutflow(sideType3(side), -normalVelocity(axis, id), openFraction(axis, id), old, inflowValue(side));
        }
        if (id[axis] == n[axis] - 1) {
            const int side = 2 * axis + 1;
            ivec3 f = id;
            f[axis] += 1;
            outflow += sideOutflow(sideType3(side), normalVelocity(axis, f), openFraction(axis, f), old, inflowValue(side));
        }
    }
    const float fluid = 1.0 - clamp(solid[c], 0.0, 1.0);
    return vec3(fluid * old, fluid * FLOW_LOAD(after[c]), outflow * pc.dt * grid.invH);
}

void main() { sumCellsIntoPartials(grid.nx * grid.ny * grid.nz, pc.field); }
