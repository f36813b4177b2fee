// WaterSolver's private state: the GPU buffers, the kernels, queued brushes, the host-visible
// depth measurements and the frame timer.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "billow/water_solver.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/gpu_timer.hpp"
#include "core/health_ring.hpp"
#include "core/host_edit_queue.hpp"
#include "core/kernel_set.hpp"
#include "core/solver_core.hpp"
#include "core/readback_ring.hpp"
#include "core/result_ring.hpp"
#include "core/uniform_buffer.hpp"
#include "feedback/floating_body_set.hpp"
#include "feedback/probe_set.hpp"
#include "feedback/particle_set.hpp"
#include "grid/field_buffers.hpp"
#include "water/water_types.h"

namespace billow {

struct WaterSolver::Impl : detail::SolverCore {
    WaterSettings settings;
    uint32_t nx, ny;

    detail::UniformBuffer<gpu::WaterParams> params;
    detail::GpuBuffer boundaryTable;  // WaterBoundaryFace per boundary face
    detail::GpuBuffer terrain, depth, flowX, flowY, scale, velocity;
    // A substep's new flows before outflow scaling: written by water_flow while it reads flowX /
    // flowY, then read by water_depth while it writes the scaled flows back to flowX / flowY.
    detail::GpuBuffer flowXUnscaled, flowYUnscaled;
    // The Triangle lattice's third edge flow (one float, unused, on the Square lattice, so that
    // the kernels that run on both lattices bind the same buffers).
    detail::GpuBuffer flowZ, flowZUnscaled;
    // Erosion (water_erosion.cpp): the suspended sediment (m of soil; ping-pong: each cell gathers
    // what its edges carry) and the terrain's hardness in [0, 1].
    detail::PingPong sediment;
    detail::GpuBuffer hardness;
    detail::PingPong dye;  // for advection
    // Momentum model: face velocities, ping-pong (each face reads its neighbours'); the two
    // components swap together.
    detail::PingPong faceVelocityX, faceVelocityY;
    detail::HostEditQueue<gpu::WaterBrushGpu> brushes;  // applied at the start of the next frame
    WaterRain rain;  // every frame, with the brushes (setRain)
    // The probes sampled after every frame (setProbes); buffers allocated by the first set.
    detail::ProbeSet probes;
    // Floating bodies (water_bodies.cpp): the set, the water each pushes aside per cell (m, 0
    // without bodies; the flow kernels add it to the surface) and the per-frame reports.
    detail::FloatingBodySet floatingBodies;
    detail::GpuBuffer displacement;
    detail::ResultRing bodyReports;
    std::unique_ptr<detail::KernelSet> kernels;
    // The engine's particles (setParticles), moved at the end of every frame (water_particles.cpp).
    detail::ParticleSet particles;

    // Largest depth (and, Momentum, largest face speed) per frame (BILLOW_WATER_STAT_MAX_*),
    // measured by the last substep of frames recorded in DepthPipes or Momentum mode; frame n
    // writes slot n % BILLOW_WATER_STAT_SLOTS. Read without waiting.
    detail::ReadbackRing stats;
    uint64_t framesRecorded = 0;
    // A bound the host knows without the GPU: the largest uploaded depth plus the water brushes
    // added since; forgotten once every slot holds a measurement recorded after it.
    float hostDepthBound = 0.0f;
    uint64_t hostBoundFrame = 0;
    // The same for the face speed: the largest uploaded face velocity.
    float hostSpeedBound = 0.0f;
    uint64_t hostSpeedFrame = 0;

    double time = 0.0;
    uint32_t lastSubsteps = 0;


    Impl(std::shared_ptr<Context> ctx, const WaterSettings& s);

    // The host state a recorded frame changes (besides the timer's and the health ring's; the
    // timer has one interval, WaterPass::Frame).
    void keepOwnState(detail::RecordSnapshot& saved) override;
    NonFiniteCheck nonFiniteCheck() const noexcept override { return settings.nonFiniteCheck; }
    void recordWholeStep(VkCommandBuffer cmd, float dt) override { recordFrame(cmd, dt); }
    void recordHealthScan(VkCommandBuffer cmd);
    std::vector<float> download(VkBuffer buffer, size_t floats);  // blocking

    void uploadParams();  // WaterParams and the boundary table (blocking)
    float knownMaxDepth() const;
    float knownMaxSpeed() const;
    bool measuresMaxima() const { return settings.model != WaterModel::VirtualPipes; }
    double waveSpeed() const;
    double stableTimeStep() const;

    uint32_t recordFrame(VkCommandBuffer cmd, float dt);
    void recordBrushes(VkCommandBuffer cmd, float dt);  // and the rain
    void recordBodies(VkCommandBuffer cmd, float dt);
    // water_bodies.cpp: the body substeps of a frame of dt (InvalidArgument "dt" beyond
    // kMaxBodySubsteps with bodies), and what of the settings the bodies' checks depend on.
    uint32_t bodySubsteps(float dt) const;
    static detail::BodyWater bodyWater(const WaterSettings& s);
    void recordSubstep(VkCommandBuffer cmd, float dt, double time, bool last, int trackSlot);
    // The substep's passes on the Square lattice (water_frame.cpp) and the Triangle lattice
    // (water_triangle.cpp): the new flows with their outflow scale, then the depth update.
    void recordSquareFlows(VkCommandBuffer cmd, const gpu::WaterStepPush& push);
    void recordSquareDepth(VkCommandBuffer cmd, const gpu::WaterStepPush& push);
    void recordTriangleFlows(VkCommandBuffer cmd, const gpu::WaterStepPush& push);
    void recordTriangleDepth(VkCommandBuffer cmd, const gpu::WaterStepPush& push);
    // water_erosion.cpp: the sediment the substep's scaled flows carry (between the flow and the
    // depth passes, nothing without hydraulic erosion), and once a frame after the substeps the
    // evaporation, dissolving / deposition and thermal slides.
    void recordSedimentTransport(VkCommandBuffer cmd, const gpu::WaterStepPush& push);
    void recordErosion(VkCommandBuffer cmd, float dt);
    void recordDye(VkCommandBuffer cmd, float dt);
    // water_probes.cpp: the probes' samples after a frame.
    void recordProbes(VkCommandBuffer cmd);
    void recordParticles(VkCommandBuffer cmd, float dt);
};

} // namespace billow
