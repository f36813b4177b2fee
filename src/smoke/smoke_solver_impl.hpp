// SmokeSolver's private state: the GPU buffers (ping-pong pairs with a host-side "current"
// index), the kernels, the pressure solver, queued splats and the timestamp pool.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "billow/smoke_solver.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "grid/ping_pong.hpp"
#include "pressure/poisson_solver.hpp"
#include "common/shared_types.h"

namespace billow {

struct SmokeSolver::Impl {
    std::shared_ptr<Context> context;
    detail::ContextState& cs;
    SmokeSettings settings;
    uint32_t nx, ny, dyeNx, dyeNy;

    detail::GpuBuffer gridUniform;
    PingPong u, v, density, temperature, dye, pressure;
    detail::GpuBuffer divergence, curl, solid, openX, openY, splats;
    std::unique_ptr<detail::KernelSet> kernels;
    // Solves for `pressure` with the divergence as right-hand side (the PressureSolve pass).
    std::unique_ptr<detail::PoissonSolver> poisson;

    std::vector<gpu::GpuSplat> pendingSplats;
    std::vector<float> solidHost;

    VkQueryPool queryPool = VK_NULL_HANDLE;
    bool profiling = false;
    std::vector<Pass> timedPasses;  // passes written to the query pool by the last record

    Impl(std::shared_ptr<Context> ctx, const SmokeSettings& s);
    ~Impl();

    gpu::GridParams gridParams() const;
    void uploadGridParams();
    // Recomputes the face open fractions and re-applies the prescribed boundary velocities
    // (blocking). Called after obstacles or boundaries change.
    void refreshGeometry();

    void recordPass(VkCommandBuffer cmd, Pass pass, float dt);
    void recordInject(VkCommandBuffer cmd);
    void recordBuoyancy(VkCommandBuffer cmd, float dt);
    void recordVorticity(VkCommandBuffer cmd, float dt);
    void recordAdvect(VkCommandBuffer cmd, float dt);
    void recordDiffuse(VkCommandBuffer cmd, float dt);
    void recordDamping(VkCommandBuffer cmd, float dt);
    void recordDivergence(VkCommandBuffer cmd);
    void recordPressureSolve(VkCommandBuffer cmd, float dt);
    // The pressure equation as the Poisson solver sees it, and how SmokeSettings asks to solve it.
    detail::PoissonSystem pressureSystem();
    detail::PoissonSides poissonSides() const;
    detail::PoissonSolveSettings poissonSolveSettings() const;
    void recordSubtractGradient(VkCommandBuffer cmd, float dt);
    void recordFaceFractions(VkCommandBuffer cmd);
    uint32_t faceWidth() const { return nx + 1; }
    uint32_t faceHeight() const { return ny + 1; }
};

} // namespace billow
