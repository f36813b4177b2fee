// SmokeSolver's private state: the GPU buffers (ping-pong pairs with a host-side "current"
// index), the kernels, queued splats and the pass timer.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "billow/smoke_solver.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/gpu_timer.hpp"
#include "core/host_edit_queue.hpp"
#include "core/kernel_set.hpp"
#include "core/uniform_buffer.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/pressure_gate.hpp"
#include "common/grid_types.h"
#include "pressure/pressure_types.h"
#include "smoke/smoke_types.h"

namespace billow {

using detail::PingPong;  // the smoke fields' and the pressure levels' pairs

// A coarse multigrid level: its own grid uniform block, correction (ping-ponged by the blocked
// smoother), right-hand side and face weights.
struct MultigridLevel {
    uint32_t nx = 0, ny = 0;
    detail::GpuBuffer grid, rhs, openX, openY;
    PingPong pressure;
};

// The conjugate gradient's vectors (MultigridPCG), allocated on its first use: residual r,
// preconditioned residual z (ping-ponged by the multigrid smoother), search direction d
// (ping-ponged: its update reads neighbours), its image q = L d, and per-workgroup partial sums.
struct ConjugateGradientBuffers {
    detail::GpuBuffer r, q, partials;
    PingPong z, d;
};

struct SmokeSolver::Impl {
    std::shared_ptr<Context> context;
    detail::ContextState& cs;
    SmokeSettings settings;
    uint32_t nx, ny, dyeNx, dyeNy;

    detail::UniformBuffer<gpu::GridParams> gridUniform;
    PingPong u, v, density, temperature, dye, pressure;
    detail::GpuBuffer divergence, curl, solid, openX, openY;
    detail::HostEditQueue<gpu::GpuSplat> splats;  // applied by the next Inject pass
    std::unique_ptr<detail::KernelSet> kernels;
    std::vector<MultigridLevel> coarseLevels;  // [0] is half the solver's grid, and so on down to BILLOW_MG_COARSEST

    std::vector<float> solidHost;

    // Pressure residual reports: kResidualHistory slots of two uints (float bits), host-visible.
    detail::GpuBuffer residualReports;
    uint32_t residualRecords = 0;  // tracked solves recorded so far
    // GPU-side stopping at pressureTolerance, and the conjugate gradient's scalars.
    std::unique_ptr<detail::PressureGate> gate;
    bool gating = false;  // while true, solver dispatches go through the gate (dispatchSolverKernel)
    std::unique_ptr<ConjugateGradientBuffers> cg;
    // The finest multigrid level's unknown and right-hand side: the pressure and divergence, or
    // the conjugate gradient's z and r while it preconditions.
    PingPong* finestPressure = &pressure;
    VkBuffer finestRhs = VK_NULL_HANDLE;  // VK_NULL_HANDLE: the divergence

    // One interval per Pass; recorded() lists the passes timed since the last record().
    detail::GpuTimer timer;

    Impl(std::shared_ptr<Context> ctx, const SmokeSettings& s);

    gpu::GridParams gridParams() const;
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
    void recordPressureIterations(VkCommandBuffer cmd, float dt);
    void recordPressureReport(VkCommandBuffer cmd, float dt);
    bool stopsAtTolerance() const { return settings.pressureTolerance > 0.0f; }
    void recordGatedMultigrid(VkCommandBuffer cmd, float rhsScale);
    // Multigrid-preconditioned conjugate gradient (smoke_pcg.cpp).
    void recordMultigridPCG(VkCommandBuffer cmd, float rhsScale);
    void recordPreconditioner(VkCommandBuffer cmd);
    void createPressureGate();
    // A pressure-solve dispatch on the grid `grid`: direct, or indirect through the gate while gating.
    template <class Push>
    void dispatchSolverKernel(VkCommandBuffer cmd, VkBuffer grid, std::string_view kernel,
                              std::initializer_list<VkBuffer> storage, const Push& push, uint32_t width, uint32_t height) {
        if (gating) kernels->dispatchIndirect(cmd, grid, kernel, storage, push, gate->commands(), gate->commandOffset(width, height));
        else kernels->dispatchWithGrid(cmd, grid, kernel, storage, push, width, height);
    }
    // Threads of the blocked red-black SOR dispatch on an nx x ny level.
    static std::pair<uint32_t, uint32_t> sorTileDispatch(uint32_t levelNx, uint32_t levelNy);
    // Red-black Gauss-Seidel/SOR iterations on one level (the solver's grid or a coarse one).
    struct LevelView { VkBuffer grid, pressure, rhs, openX, openY; uint32_t nx, ny; float rhsScale; };
    LevelView levelView(size_t level, float rhsScale) const;
    // Views hold the level's current pressure buffer: take a new one after recordRedBlack.
    void recordRedBlack(VkCommandBuffer cmd, size_t level, float rhsScale, float omega, uint32_t iterations);
    PingPong& levelPressure(size_t level) { return level == 0 ? *finestPressure : coarseLevels[level - 1].pressure; }
    void recordVCycle(VkCommandBuffer cmd, float rhsScale);
    void recordCoarseSolve(VkCommandBuffer cmd, const LevelView& level);
    void createMultigridLevels();
    void recordCoarsenWeights(VkCommandBuffer cmd);
    void recordSubtractGradient(VkCommandBuffer cmd, float dt);
    void recordFaceFractions(VkCommandBuffer cmd);
    uint32_t faceWidth() const { return nx + 1; }
    uint32_t faceHeight() const { return ny + 1; }
};

} // namespace billow
