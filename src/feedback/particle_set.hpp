// The engine's particles as a solver holds them (billow/particles.hpp): the buffers and settings
// checked by setParticles, the push constants of a step's particle kernel, the report's result
// ring, and the downloads (ParticleSettings::download, particles()) through a second result ring
// whose payload is a copy of the engine's buffers. Each solver's particle file (smoke/smoke_particles.cpp,
// smoke3d/smoke3d_particles.cpp, water/water_particles.cpp) binds its fields and dispatches its
// kernel inside record().
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "billow/particles.hpp"
#include "common/particle_types.h"
#include "core/kernel_set.hpp"
#include "core/result_ring.hpp"

namespace billow::detail {

class ParticleSet {
public:
    // Checks `buffers` and `settings` whole (InvalidArgument naming the field; `gravityAllowed`
    // false: the water solver, whose particles ride the surface, refuses a gravityScale) and only
    // then takes them; the first call allocates the report ring (blocking, once), and `download`
    // the download ring (kSlots copies of `count` particles; a larger count than it was made for
    // makes a new one, after a bounded wait for the queue: the GPU may still write the old one). Buffers the
    // set no longer uses are forgotten by `kernels`' descriptor cache (an engine may destroy them
    // and Vulkan may hand the handle to a new buffer).
    void assign(ContextState& cs, KernelSet& kernels, const ParticleBuffers& buffers, const ParticleSettings& settings,
                bool gravityAllowed);
    void clear(KernelSet& kernels);
    bool active() const noexcept { return buffers_.count > 0; }

    VkBuffer positions() const noexcept { return buffers_.positions; }
    // The velocity binding: the engine's, or (tracers without one) the positions buffer, never
    // accessed then (ParticlePush::writeVelocity 0).
    VkBuffer velocities() const noexcept {
        return buffers_.velocities != VK_NULL_HANDLE ? buffers_.velocities : buffers_.positions;
    }
    VkBuffer reportBuffer() const noexcept { return ring_.buffer(); }
    // Threads of the particle dispatch: rows of BILLOW_PARTICLE_ROW.
    uint32_t dispatchWidth() const noexcept;
    uint32_t dispatchHeight() const noexcept;

    // Records the step's particle pass after the solver's last pass: the report slot (its
    // counters zeroed), then `dispatch(push)` (the solver's kernel over dispatchWidth() x
    // dispatchHeight() threads), then the slot's stamp for `step`. `gravity` is the solver's, m/s^2.
    // Then, with ParticleSettings::download, the copy of the particles into the download ring.
    template <class Dispatch>
    void record(VkCommandBuffer cmd, float dt, std::array<float, 3> gravity, uint64_t step, Dispatch&& dispatch) {
        const ResultRing::Slot slot = beginReport(cmd);
        dispatch(push(dt, gravity, slot.payloadWord));
        ring_.end(cmd, slot, step, buffers_.count);
        if (settings_.download) recordDownload(cmd, step);
    }

    // The newest completed report; nullopt before one has completed.
    std::optional<ParticleReport> report() const;

    // The newest completed copy (ParticleSettings::download); nullopt before one has completed.
    std::optional<ParticleDownload> download() const;

    // The host state a recorded step changes (the rings' record counts).
    struct HostState {
        uint64_t reports;
        uint64_t downloads;
    };
    HostState hostState() const noexcept { return {ring_.hostState(), downloads_.hostState()}; }
    void restoreHostState(HostState saved) noexcept {
        ring_.restoreHostState(saved.reports);
        downloads_.restoreHostState(saved.downloads);
    }

private:
    ResultRing::Slot beginReport(VkCommandBuffer cmd);
    void recordDownload(VkCommandBuffer cmd, uint64_t step);

    gpu::ParticlePush push(float dt, std::array<float, 3> gravity, uint32_t reportWord) const;
    void forget(KernelSet& kernels, const ParticleBuffers& next);

    ContextState* cs_ = nullptr;
    ParticleBuffers buffers_;
    ParticleSettings settings_;
    ResultRing ring_;
    ResultRing downloads_;
};

} // namespace billow::detail
