#version 450
// Moves the engine's particles through the 3D velocity field by one step (docs/particles.md): the
// 2D kernel's rules (smoke/particles.comp) on the trilinear velocity: tracers by the forward
// midpoint trace, heavy particles by the exact relaxation of their velocity
// (common/particle_motion.glsl); solids (fraction >= 1/2) block, periodic sides wrap, other
// sides clamp. The counts go to the report (a result ring slot).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "common/particle_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 5) buffer Positions { vec4 positions[]; };
layout(set = 0, binding = 6) buffer Velocities { vec4 velocities[]; };
layout(set = 0, binding = 7) buffer Report { uint report[]; };
layout(push_constant) uniform Push { ParticlePush pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "common/workgroup_reduce_3d.glsl"
#include "common/particle_motion.glsl"

// The solid fraction of the cell holding p (cells beyond a side: the nearest, or the wrapped one).
float solidAt(vec3 p) {
    ivec3 c = ivec3(floor(p * grid.invH));
    ivec3 n = gridCells();
    for (int a = 0; a < 3; ++a) c[a] = periodic3(a) ? wrapIndex(c[a], n[a]) : clamp(c[a], 0, n[a] - 1);
    return solid[cellIndex3(c)];
}

// p in the domain: wrapped on periodic axes, clamped on the others (`onSide`: the axes where it
// ended at or beyond a side).
vec3 intoDomain(vec3 p, out bvec3 onSide) {
    vec3 extent = vec3(gridCells()) * grid.h;
    for (int a = 0; a < 3; ++a) {
        bool periodic = periodic3(a);
        onSide[a] = !periodic && (p[a] <= 0.0 || p[a] >= extent[a]);
        p[a] = periodic ? p[a] - extent[a] * floor(p[a] / extent[a]) : clamp(p[a], 0.0, extent[a]);
    }
    return p;
}

uvec4 moveParticle(uint k) {
    uint at = pc.positionsBase + k;
    vec4 stored = positions[at];
    vec3 x = stored.xyz;
    vec3 v = pc.heavy != 0 ? velocities[pc.velocitiesBase + k].xyz : vec3(0.0);
    vec3 moved, vNew;
    if (pc.heavy != 0) {
        // The fluid velocity at the particle's own midpoint.
        vec3 u = sampleVelocity3(clampToDomain3(x + 0.5 * pc.dt * v));
        vNew = relaxedVelocity(v, u);
        moved = x + 0.5 * pc.dt * (v + vNew);
    } else {
        // The back-trace with -dt: x + dt u(x + dt/2 u(x)).
        moved = traceBack3(x, -pc.dt);
        vNew = (moved - x) / pc.dt;
    }
    bvec3 onSide;
    vec3 next = intoDomain(moved, onSide);
    for (int a = 0; a < 3; ++a)
        if (onSide[a]) vNew[a] = 0.0;
    float solidHere = solidAt(x), solidThere = solidAt(next);
    uvec4 counters = uvec4(0u);
    counters[BILLOW_PARTICLE_IN_SOLID] = solidHere >= 0.5 ? 1u : 0u;
    bool blocked = solidHere >= 0.5 ? solidThere > solidHere : solidThere >= 0.5;
    if (blocked) {
        next = x;
        vNew = vec3(0.0);
        counters[BILLOW_PARTICLE_BLOCKED] = 1u;
    } else {
        counters[BILLOW_PARTICLE_OUTSIDE] = any(onSide) ? 1u : 0u;
    }
    positions[at] = vec4(next, stored.w);
    if (pc.writeVelocity != 0) {
        uint vAt = pc.velocitiesBase + k;
        velocities[vAt] = vec4(vNew, velocities[vAt].w);
    }
    return counters;
}

void main() {
    uint k = particleIndex();
    uvec4 counters = k < pc.count ? moveParticle(k) : uvec4(0u);
    reportParticleCounters(counters);
}
