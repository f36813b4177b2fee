#version 450
// The mass correction's sums on bricks (mass/mass_types.h; the dense kernel is
// smoke3d/mass_sums.comp): per workgroup, the advected field's total over the allocated bricks
// before and after advection, each cell weighted by its fluid fraction, and what the advecting
// velocity carried out of the allocated set in dt: through the domain's inflow and outflow sides
// (mass/mass_sums.glsl, sideOutflow, as on the dense grid) and into missing bricks (refused, or
// not wanted), which hold no storage: what the semi-Lagrangian step would have put there.
// Strided over every slot of the pool by at most BILLOW_MASS_MAX_GROUPS workgroups; free slots
// (brickCoords w BILLOW_SLOT_FREE) and cells beyond the domain add nothing.
//
// Into missing bricks: each cell's content carried forward over dt by the same trace the
// advection runs backward (smoke3d/velocity_sampling.glsl, traceBack3 with -dt), the share of
// its trilinear footprint there that falls on cells of missing bricks. This is the advection's
// own transfer (its pull written as a push), not an upwind flux through the border faces: their
// difference, the largest where the flow speeds up into the open air beyond a refused border,
// would otherwise reach the correction's factor and move smoke into regions never refused. It
// goes into the partials' w too: the solver reports it as what the missing bricks received.
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

#include "smoke3d/velocity_sampling.glsl"

// What leaves cell id (holding `old`) in dt, per unit of h dt, through its low or high face along
// `axis` on a domain side, by the side's rule; nothing through faces inside the domain.
float sideFaceOutflow(ivec3 id, int axis, bool high, float old) {
    const bool domainSide = high ? id[axis] == gridCells()[axis] - 1 : id[axis] == 0;
    if (!domainSide) return 0.0;
    ivec3 f = id;
    if (high) f[axis] += 1;
    const int k = storedFace(axis, f);
    const float outward = high ? normalVelocity(axis, k) : -normalVelocity(axis, k);
    const int side = high ? 2 * axis + 1 : 2 * axis;
    return sideOutflow(sideType3(side), outward, openFraction(axis, k), old, inflowValue(side));
}

// The share of cell id's content the advection carries into cells of missing bricks: its centre
// traced forward over dt, the trilinear weights of the arrival point on the cells around it that
// lie inside the domain but in no allocated brick.
float intoMissingBricks(ivec3 id) {
    const vec3 arrival = traceBack3(cellCentre3(id), -pc.dt) * grid.invH - 0.5;
    const ivec3 base = ivec3(floor(arrival));
    const vec3 t = arrival - vec3(base);
    float share = 0.0;
    for (int corner = 0; corner < 8; ++corner) {
        const ivec3 o = ivec3(corner & 1, (corner >> 1) & 1, corner >> 2);
        const ivec3 cell = base + o;
        if (!insideCells3(cell) || storedCell(cell) >= 0) continue;
        const vec3 w = mix(vec3(1.0) - t, t, vec3(o));
        share += w.x * w.y * w.z;
    }
    return share;
}

vec4 cellSums4(int c) {
    const int slot = c / BILLOW_BRICK_CELLS, l = c % BILLOW_BRICK_CELLS;
    const ivec4 brick = brickCoords[slot];
    if (brick.w == BILLOW_SLOT_FREE) return vec4(0.0);
    const ivec3 id = (brick.xyz << BILLOW_BRICK_SHIFT) + ivec3(l % BILLOW_BRICK, (l / BILLOW_BRICK) % BILLOW_BRICK, l / (BILLOW_BRICK * BILLOW_BRICK));
    if (!insideCells3(id)) return vec4(0.0);
    const float old = before[c];
    float outflow = 0.0;
    for (int axis = 0; axis < 3; ++axis) {
        outflow += sideFaceOutflow(id, axis, false, old);
        outflow += sideFaceOutflow(id, axis, true, old);
    }
    const float fluid = 1.0 - clamp(solid[c], 0.0, 1.0);
    const float missing = old == 0.0 ? 0.0 : fluid * old * intoMissingBricks(id);
    return vec4(fluid * old, fluid * after[c], outflow * pc.dt * grid.invH + missing, missing);
}

void main() { sumCellsIntoPartials(pc.cells, pc.field); }
