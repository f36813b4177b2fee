#version 450
// Moves the engine's particles through the velocity field by one step (docs/particles.md):
// tracers by the midpoint (RK2) trace of the advection kernels run forward, heavy particles by
// the exact relaxation of their velocity towards the fluid's (common/particle_motion.glsl) and the
// trapezoidal rule for their position. A particle whose new point is solid (the cell's solid
// fraction, colliders included, >= 1/2) stays where it was with its velocity zeroed; one that
// starts in a solid may only move to a point that is less solid. Sides: wrapped when periodic,
// else clamped onto the side. The counts go to the report (a result ring slot).
// No variants: every velocity sample goes through the taps (the advection's read by index inside
// the grid gives the same values, and a particle reads 16 samples, not a grid's worth).
#define BILLOW_VELOCITY_THROUGH_TAPS
#include "common/grid.glsl"
#include "common/particle_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) buffer Positions { vec4 positions[]; };
layout(set = 0, binding = 5) buffer Velocities { vec4 velocities[]; };
layout(set = 0, binding = 6) buffer Report { uint report[]; };
layout(push_constant) uniform Push { ParticlePush pc; };

#include "smoke/velocity_sampling.glsl"
#include "common/workgroup_reduce.glsl"
#include "common/particle_motion.glsl"

// The solid fraction of the cell holding p (cells beyond a side: the nearest, or the wrapped one).
float solidAt(vec2 p) {
    ivec2 c = ivec2(floor(p * grid.invH));
    c.x = periodicX() ? wrapIndex(c.x, grid.nx) : clamp(c.x, 0, grid.nx - 1);
    c.y = periodicY() ? wrapIndex(c.y, grid.ny) : clamp(c.y, 0, grid.ny - 1);
    return solid[c.x + c.y * grid.nx];
}

// p in the domain: wrapped on periodic axes, clamped on the others (`onSide`: the axes where it
// ended at or beyond a side).
vec2 intoDomain(vec2 p, out bvec2 onSide) {
    vec2 extent = vec2(grid.nx, grid.ny) * grid.h;
    bvec2 periodic = bvec2(periodicX(), periodicY());
    for (int a = 0; a < 2; ++a) {
        onSide[a] = !periodic[a] && (p[a] <= 0.0 || p[a] >= extent[a]);
        p[a] = periodic[a] ? p[a] - extent[a] * floor(p[a] / extent[a]) : clamp(p[a], 0.0, extent[a]);
    }
    return p;
}

uvec4 moveParticle(uint k) {
    uint at = pc.positionsBase + k;
    vec4 stored = positions[at];
    vec2 x = stored.xy;
    vec2 v = pc.heavy != 0 ? velocities[pc.velocitiesBase + k].xy : vec2(0.0);
    vec2 moved, vNew;
    if (pc.heavy != 0) {
        // The fluid velocity at the particle's own midpoint.
        vec2 u = sampleVelocity(clampToDomain(x + 0.5 * pc.dt * v));
        vNew = relaxedVelocity(vec3(v, 0.0), vec3(u, 0.0)).xy;
        moved = x + 0.5 * pc.dt * (v + vNew);
    } else {
        // The back-trace with -dt: x + dt u(x + dt/2 u(x)).
        moved = traceBack(x, -pc.dt);
        vNew = (moved - x) / pc.dt;
    }
    bvec2 onSide;
    vec2 next = intoDomain(moved, onSide);
    if (onSide.x) vNew.x = 0.0;
    if (onSide.y) vNew.y = 0.0;
    float solidHere = solidAt(x), solidThere = solidAt(next);
    uvec4 counters = uvec4(0u);
    counters[BILLOW_PARTICLE_IN_SOLID] = solidHere >= 0.5 ? 1u : 0u;
    bool blocked = solidHere >= 0.5 ? solidThere > solidHere : solidThere >= 0.5;
    if (blocked) {
        next = x;
        vNew = vec2(0.0);
        counters[BILLOW_PARTICLE_BLOCKED] = 1u;
    } else {
        counters[BILLOW_PARTICLE_OUTSIDE] = any(onSide) ? 1u : 0u;
    }
    positions[at] = vec4(next, stored.zw);
    if (pc.writeVelocity != 0) {
        uint vAt = pc.velocitiesBase + k;
        velocities[vAt] = vec4(vNew, velocities[vAt].zw);
    }
    return counters;
}

void main() {
    uint k = particleIndex();
    uvec4 counters = k < pc.count ? moveParticle(k) : uvec4(0u);
    reportParticleCounters(counters);
}
