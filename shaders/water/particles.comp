#version 450
// Moves the engine's particles over the water by one frame (docs/particles.md): x and y through
// the cells' velocity (bilinear, water/cell_sampling.glsl; on the Triangle lattice linear over the
// lattice triangle holding the point, water/triangle_sampling.glsl), tracers by the midpoint (RK2)
// rule the dye's advection uses forward, heavy particles by the exact relaxation of their velocity
// (common/particle_motion.glsl); z becomes the surface height (terrain + depth, sampled the same
// way) at the new point: floating debris. A particle that would start or end on a dry cell (depth
// below dryDepth; the cell whose footprint holds the point, lattice.glsl's cellAt) stays where it
// was, its velocity zeroed, and is counted as stranded; the domain's sides (domainExtent) clamp.
#include "water/grid.glsl"
#include "water/cell_sampling.glsl"
#include "water/lattice.glsl"
#include "water/triangle_sampling.glsl"
#include "common/particle_types.h"

layout(set = 0, binding = 1) readonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 4) buffer Positions { vec4 positions[]; };
layout(set = 0, binding = 5) buffer Velocities { vec4 velocities[]; };
layout(set = 0, binding = 6) buffer Report { uint report[]; };
layout(push_constant) uniform Push { ParticlePush pc; };

#include "common/workgroup_reduce.glsl"
#include "common/particle_motion.glsl"

int clampedCell(int i, int j) { return cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1)); }
vec2 readVelocity(int i, int j) { return velocity[clampedCell(i, j)]; }
float readSurface(int i, int j) { int c = clampedCell(i, j); return terrain[c] + depth[c]; }

// Cell-index coordinate of a position in metres (cell (i, j) spans [i h, (i + 1) h] x [j h, (j + 1) h]).
vec2 cellCoordinate(vec2 p) { return p * water.invH - 0.5; }
vec2 velocityAt(vec2 p) {
    if (onTriangleLattice()) {
        TriangleSample s = triangleSampleAt(p);
        return s.weight.x * velocity[cellIndex(s.a.x, s.a.y)] + s.weight.y * velocity[cellIndex(s.b.x, s.b.y)] +
               s.weight.z * velocity[cellIndex(s.c.x, s.c.y)];
    }
    vec2 u;
    BILERP(readVelocity, cellCoordinate(p), u);
    return u;
}
float surfaceAt(vec2 p) {
    if (onTriangleLattice()) {
        TriangleSample s = triangleSampleAt(p);
        int a = cellIndex(s.a.x, s.a.y), b = cellIndex(s.b.x, s.b.y), c = cellIndex(s.c.x, s.c.y);
        return s.weight.x * (terrain[a] + depth[a]) + s.weight.y * (terrain[b] + depth[b]) +
               s.weight.z * (terrain[c] + depth[c]);
    }
    float s;
    BILERP(readSurface, cellCoordinate(p), s);
    return s;
}
bool dryAt(vec2 p) {
    ivec2 c = cellAt(p);
    return depth[cellIndex(c.x, c.y)] <= water.dryDepth;
}

uvec4 moveParticle(uint k) {
    uint at = pc.positionsBase + k;
    vec4 stored = positions[at];
    vec2 extent = domainExtent();
    vec2 x = clamp(stored.xy, vec2(0.0), extent);
    vec2 v = pc.heavy != 0 ? velocities[pc.velocitiesBase + k].xy : vec2(0.0);
    vec2 moved, vNew;
    if (pc.heavy != 0) {
        // The water's velocity at the particle's own midpoint.
        vec2 u = velocityAt(x + 0.5 * pc.dt * v);
        vNew = relaxedVelocity(vec3(v, 0.0), vec3(u, 0.0)).xy;
        moved = x + 0.5 * pc.dt * (v + vNew);
    } else {
        moved = x + pc.dt * velocityAt(x + 0.5 * pc.dt * velocityAt(x));
        vNew = (moved - x) / pc.dt;
    }
    bvec2 onSide = bvec2(moved.x <= 0.0 || moved.x >= extent.x, moved.y <= 0.0 || moved.y >= extent.y);
    vec2 next = clamp(moved, vec2(0.0), extent);
    if (onSide.x) vNew.x = 0.0;
    if (onSide.y) vNew.y = 0.0;
    uvec4 counters = uvec4(0u);
    if (dryAt(x) || dryAt(next)) {
        next = x;
        vNew = vec2(0.0);
        counters[BILLOW_PARTICLE_STRANDED] = 1u;
    } else {
        counters[BILLOW_PARTICLE_OUTSIDE] = any(onSide) ? 1u : 0u;
    }
    positions[at] = vec4(next, surfaceAt(next), stored.w);
    if (pc.writeVelocity != 0) {
        uint vAt = pc.velocitiesBase + k;
        velocities[vAt] = vec4(vNew, 0.0, velocities[vAt].w);
    }
    return counters;
}

void main() {
    uint k = particleIndex();
    uvec4 counters = k < pc.count ? moveParticle(k) : uvec4(0u);
    reportParticleCounters(counters);
}
