// "particles": the sparks, embers or tracers a scene releases into the flow
// (billow::ParticleBuffers, docs/particles.md). The runner owns their buffer as an engine would
// (common/particle_system.hpp), keeps releasing them from a box at a steady rate so that `count`
// are alive at once, each for `lifetime` seconds, and draws them as dots.
#pragma once

#include <array>
#include <cstdint>

#include "common/json_reader.hpp"

namespace billow::scene {

// The most particles a scene may keep alive (pictures, not a benchmark).
inline constexpr uint32_t kMaxSceneParticles = 200000;

struct ParticlePlan {
    bool enabled = false;
    std::array<float, 3> min{}, max{};  // the box they are released in, m (2D and water: z unused)
    std::array<float, 3> velocity{};    // their velocity when released, m/s (heavy particles only)
    float spread = 0.0f;                // each velocity component randomised by up to +-spread, m/s
    uint32_t count = 1000;              // alive at once, 1..kMaxSceneParticles
    float drag = 0.0f;                  // 1/s (billow::ParticleSettings::drag; 0: tracers)
    float gravityScale = 0.0f;          // billow::ParticleSettings::gravityScale
    float lifetime = 2.0f;              // s, > 0
    std::array<float, 3> colour{1.0f, 0.55f, 0.15f};  // of a newly released particle, fading with age
    uint32_t dotSize = 2;               // dot radius in pixels of the 3D render (1..16); 2D: one cell
};

// Reads the scene's "particles" object (absent: disabled). `dims` is 2 or 3; `extent` the domain's
// size in m (the box must lie inside it); `water`: no gravityScale.
ParticlePlan readParticlePlan(ObjectReader& top, int dims, std::array<float, 3> extent, bool water);

} // namespace billow::scene
