// What the particle kernels of every solver share (docs/particles.md): which particle a thread
// moves, the heavy particles' velocity update, and the report's counters. The including kernel
// declares `pc` (ParticlePush) and the storage buffer `report` (uint[]) first, and includes the
// workgroup reductions (common/workgroup_reduce.glsl, or _3d for 3D workgroups).
#ifndef BILLOW_PARTICLE_MOTION_GLSL
#define BILLOW_PARTICLE_MOTION_GLSL

#include "common/particle_types.h"

// The particle of this thread: rows of pc.rowLength threads, whatever the workgroup's shape.
// Threads beyond pc.count have none, but still join the workgroup's reduction.
uint particleIndex() {
    uvec3 extent = gl_NumWorkGroups * gl_WorkGroupSize;
    uvec3 id = gl_GlobalInvocationID;
    return id.x + extent.x * (id.y + extent.y * id.z);
}

// The velocity after the step of a particle that relaxes towards the fluid velocity `u` at rate
// drag k and falls with gravity g_s: dv/dt = k (u - v) + g_s with u held over the step has the
// exact solution v(dt) = u + (v - u) e^{-k dt} + g_s (1 - e^{-k dt}) / k, whose factors the host
// computes in double (pc.decay, pc.relaxTime), so the update is stable for any k dt: the slip
// v - u only shrinks.
vec3 relaxedVelocity(vec3 v, vec3 u) { return u + (v - u) * pc.decay + pc.gravity.xyz * pc.relaxTime; }

// The report: each counter summed over the workgroup (a tree in shared memory, deterministic),
// then one integer atomicAdd per workgroup and counter, exact in any order. Every invocation of
// the workgroup must reach it.
shared uvec4 particleCounterValues[BILLOW_WORKGROUP_INVOCATIONS];
uvec4 sumOfCounters(uvec4 a, uvec4 b) { return a + b; }
void reportParticleCounters(uvec4 counters) {
    BILLOW_REDUCE_WORKGROUP(particleCounterValues, counters, sumOfCounters)
    if (gl_LocalInvocationIndex == 0) {
        uvec4 total = particleCounterValues[0];
        for (int k = 0; k < BILLOW_PARTICLE_COUNTERS; ++k)
            if (total[k] != 0u) atomicAdd(report[pc.reportWord + uint(k)], total[k]);
    }
}

#endif
