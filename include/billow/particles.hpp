// Particles carried by the flow: the engine owns a particle buffer (positions, optionally
// velocities) and hands it to a solver (SmokeSolver, SmokeSolver3D, WaterSolver ::setParticles);
// every whole step the solver records (record() or step()) then moves the particles through its
// velocity field on the GPU, after its last pass, and reports how many were blocked or left the
// domain through a result ring read a frame or more later without waiting (particleReport()).
// Maths, boundaries and the engine's barriers: docs/particles.md.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <vulkan/vulkan_core.h>

namespace billow {

// The engine's particle buffers. Each particle is a 16-byte element of 4 floats (x, y, z, w),
// tightly packed from the offset on; the buffers need VK_BUFFER_USAGE_STORAGE_BUFFER_BIT and stay
// alive (and unchanged in handle) until clearParticles() or another setParticles() and the
// submission of the last step that used them have completed.
//   positions: x, y, z in metres in the domain's frame (origin at the domain's lower-left(-back)
//     corner). The 2D solver moves x and y and leaves z alone; the water solver moves x and y and
//     writes z, the water surface's height there; w is the engine's (a lifetime, a colour index)
//     and never touched.
//   velocities: optional (VK_NULL_HANDLE: none). x, y, z in m/s, w the engine's and never touched.
//     Needed for heavy particles (drag > 0), whose velocity is their state; tracers given one get
//     their mean velocity over the last step written there.
struct ParticleBuffers {
    VkBuffer positions = VK_NULL_HANDLE;
    VkDeviceSize positionsOffset = 0;  // bytes, a multiple of 16. Default 0
    VkBuffer velocities = VK_NULL_HANDLE;
    VkDeviceSize velocitiesOffset = 0;  // bytes, a multiple of 16. Default 0
    uint32_t count = 0;                 // particles, at most kMaxParticles; 0 moves none. Default 0
};

// How the particles move.
struct ParticleSettings {
    // 1/s, >= 0: how fast a particle's velocity relaxes to the fluid's (dv/dt = drag (u - v) +
    // gravityScale g). 0 (default) is the tracer: it moves with the flow exactly (midpoint RK2
    // through the velocity field) and needs no velocity buffer. Large values approach a tracer;
    // small ones make heavy sparks that keep their momentum and fall. Needs `velocities`.
    float drag = 0.0f;
    // The fraction of the solver's gravity (SmokeSettings::gravity, SmokeSettings3D::gravity) that
    // pulls on a heavy particle (drag > 0), in [-1e6, 1e6]: 1 falls like a stone in still air
    // (terminal speed |g| / drag), negative values rise. Default 0. Must be 0 for tracers; the
    // water solver, whose particles ride the surface, requires 0.
    float gravityScale = 0.0f;
    // true: every whole step also copies the particles it moved (positions, and velocities when
    // there is a buffer) into host-visible memory, which the solver's particles() returns without
    // waiting: the way a host that cannot read the engine's buffers itself (a step() caller has
    // no command buffer for the barrier and the copy) reads them back. The buffers then also need
    // VK_BUFFER_USAGE_TRANSFER_SRC_BIT (the copy is a transfer). The room for 4 copies is
    // allocated by setParticles (64 bytes a particle, 128 with velocities; a larger count than
    // before waits, bounded, for the queue first). Default false.
    bool download = false;
};

// The most particles a solver moves.
inline constexpr uint32_t kMaxParticles = 4u << 20;  // 4 194 304

// What the particle pass of one whole step found.
struct ParticleReport {
    uint64_t step = 0;       // the step (Solver::stepsRecorded() after it was recorded)
    uint32_t count = 0;      // particles moved (ParticleBuffers::count of that step)
    uint32_t blocked = 0;    // smoke: their new point was solid (solid fraction >= 1/2): they stayed
    uint32_t outside = 0;    // ended on a non-periodic side of the domain (clamped onto it)
    uint32_t inSolid = 0;    // smoke: started the step in a solid
    uint32_t stranded = 0;   // water: started or would have ended on a dry cell: they stayed
};

// A copy of the engine's particles as one whole step's particle pass left them
// (ParticleSettings::download): the solver's particles() returns the newest copy whose submission
// has completed, without waiting (after step(dt, count), the copy of its last step).
// docs/particles.md, "Reading the particles back".
struct ParticleDownload {
    uint64_t step = 0;  // the step whose particle pass the copy follows (Solver::stepsRecorded() after it)
    std::vector<std::array<float, 4>> positions;   // ParticleBuffers::count elements, as in the engine's buffer
    std::vector<std::array<float, 4>> velocities;  // likewise; empty without a velocities buffer
};

} // namespace billow
