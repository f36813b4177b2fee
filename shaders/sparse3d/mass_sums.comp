#version 450
// The mass correction's sums on bricks (mass/mass_types.h; the dense kernel is
// smoke3d/mass_sums.comp): per workgroup, the advected field's total over the allocated bricks
// before and after advection, each cell weighted by its fluid fraction, and what the advecting
// velocity carried out of the allocated set in dt: through the domain's inflow and outflow sides
// (mass/mass_sums.glsl, sideOutflow, as on the dense grid) and through the border with missing
// bricks (refused by a full pool, or not wanted), where open air (density and fuel 0) lies
// beyond: an inflow of open air (its value 0). What crosses that border is lost: the factor's
// target leaves it out, so it never reappears elsewhere, and it goes into the partials' w too,
// which the solver reports (SparsePoolReport::lostDensity, lostFuel).
// Strided over every slot of the pool by at most BILLOW_MASS_MAX_GROUPS workgroups; free slots
// (brickCoords w BILLOW_SLOT_FREE) and cells beyond the domain add nothing.
#define BILLOW_OWN_WORKGROUP_SIZE  // BILLOW_MASS_GROUP threads, not a brick
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/bricks.glsl"
#include "mass/mass_types.h"
#define BILLOW_MASS_SUMS_REPORT

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 2) readonly buffer BrickCoords { ivec4 brickCoords[]; };
layout(set = 0, binding = 3) readonly buffer Before { float before[]; };
layout(set = 0, binding = 4) readonly buffer After { float after[]; };
layout(set = 0, binding = 5) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 6) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 7) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 8) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 9) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 10) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 11) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 12) writeonly buffer Partials { vec4 partials[]; };
layout(push_constant) uniform Push { SparseMassSumsPush pc; };

#include "mass/mass_sums.glsl"

// The side's inflow value of the field (inflowField: 0 density, 1 temperature, 2 fuel).
float inflowValue(int side) { return grid.inflow[side][1 + pc.inflowField]; }
float normalVelocity(int axis, int k) { return axis == 0 ? uIn[k] : axis == 1 ? vIn[k] : wIn[k]; }
float openFraction(int axis, int k) { return axis == 0 ? openX[k] : axis == 1 ? openY[k] : openZ[k]; }

// What leaves cell id (holding `old`) in dt, per unit of h dt, through its low or high face along
// `axis`: through a domain side by the side's rule (x), through the border of the allocated set as
// through an inflow side whose value is open air's, 0 (y); nothing between two allocated cells.
vec2 faceOutflow(ivec3 id, int axis, bool high, float old) {
    ivec3 f = id;
    if (high) f[axis] += 1;
    const int k = storedFace(axis, f);
    const float outward = high ? normalVelocity(axis, k) : -normalVelocity(axis, k);
    const int side = high ? 2 * axis + 1 : 2 * axis;
    const bool domainSide = high ? id[axis] == gridCells()[axis] - 1 : id[axis] == 0;
    if (domainSide) return vec2(sideOutflow(sideType3(side), outward, openFraction(axis, k), old, inflowValue(side)), 0.0);
    ivec3 beyond = id;
    beyond[axis] += high ? 1 : -1;
    if (storedCell(beyond) >= 0) return vec2(0.0);  // inside the allocated set
    return vec2(0.0, sideOutflow(BILLOW_INFLOW, outward, openFraction(axis, k), old, 0.0));
}

// Old, new, everything that left (the factor's F) and what of it went into missing bricks.
vec4 cellSums4(int c) {
    const int slot = c / BILLOW_BRICK_CELLS, l = c % BILLOW_BRICK_CELLS;
    const ivec4 brick = brickCoords[slot];
    if (brick.w == BILLOW_SLOT_FREE) return vec4(0.0);
    const ivec3 id = (brick.xyz << BILLOW_BRICK_SHIFT) + ivec3(l % BILLOW_BRICK, (l / BILLOW_BRICK) % BILLOW_BRICK, l / (BILLOW_BRICK * BILLOW_BRICK));
    if (!insideCells3(id)) return vec4(0.0);
    const float old = before[c];
    vec2 outflow = vec2(0.0);
    for (int axis = 0; axis < 3; ++axis) {
        outflow += faceOutflow(id, axis, false, old);
        outflow += faceOutflow(id, axis, true, old);
    }
    const float fluid = 1.0 - clamp(solid[c], 0.0, 1.0);
    const vec2 carried = outflow * pc.dt * grid.invH;
    return vec4(fluid * old, fluid * after[c], carried.x + carried.y, carried.y);
}

void main() { sumCellsIntoPartials(pc.cells, pc.field); }
