// The particle advection kernels' push constants and report words (billow::ParticleSettings,
// include/billow/particles.hpp; src/feedback/particle_set.cpp fills them), shared by the 2D, 3D and
// water kernels and the C++ host code (as in common/grid_types.h: only 4-byte scalars and 16-byte
// vectors).
#ifndef BILLOW_PARTICLE_TYPES_H
#define BILLOW_PARTICLE_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// The report's counters, words after the ring slot's payload start (one atomicAdd of each per
// workgroup, after a workgroup reduction: exact integer sums, in any order the same).
#define BILLOW_PARTICLE_BLOCKED 0    // stopped by a solid this step
#define BILLOW_PARTICLE_OUTSIDE 1    // clamped onto a non-periodic side
#define BILLOW_PARTICLE_IN_SOLID 2   // started the step inside a solid
#define BILLOW_PARTICLE_STRANDED 3   // water: on a dry cell, left where it was
#define BILLOW_PARTICLE_COUNTERS 4

// Threads per row of the particle dispatch: particle k is thread (k % rowLength, k / rowLength).
#define BILLOW_PARTICLE_ROW 8192

struct ParticlePush {
    vec4 gravity;          // xyz: gravityScale times the solver's gravity, m/s^2 (w unused)
    float dt;              // s
    float decay;           // exp(-drag dt): what is left of the slip velocity after the step
    float relaxTime;       // (1 - exp(-drag dt)) / drag, s: the gravity term's time (dt as drag -> 0)
    int heavy;             // 1: drag > 0 with a velocity buffer; 0: tracers
    uint count;            // particles
    uint positionsBase;    // the first particle's float4 element in the positions buffer
    uint velocitiesBase;   // likewise in the velocities buffer
    int writeVelocity;     // 1: a velocity buffer is bound (tracers get their mean velocity over the step)
    uint reportWord;       // the counters' first word in the report buffer (the result ring's slot)
    uint rowLength;        // BILLOW_PARTICLE_ROW
    int unused0, unused1;
};

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
