// The pressure solvers as one component: records damped Jacobi, red-black SOR, geometric multigrid
// V-cycles or multigrid-preconditioned conjugate gradient on a PoissonSystem into a command
// buffer, optionally stopping at a tolerance on the GPU (pressure_gate.hpp), and reports the
// residual and iterations of each solve (PressureResidual). It owns what the methods need
// beyond the system: the multigrid levels, the gate, the conjugate gradient's vectors and the
// report ring, plus the kernels' pipelines; the grid-specific kernel recording is the stencil's
// (poisson_stencil.hpp). Nothing here knows about smoke: a test can build a system from its own
// buffers and solve it.
//
// The methods' recording is split by file: poisson_solver.cpp (levels, Jacobi, SOR, reports),
// multigrid.cpp (V-cycle, gated cycles), multigrid_pcg.cpp (conjugate gradient).
#pragma once

#include <memory>
#include <vector>

#include "billow/pressure.hpp"
#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "pressure/poisson_dispatch.hpp"
#include "pressure/poisson_stencil.hpp"
#include "pressure/poisson_system.hpp"
#include "pressure/pressure_gate.hpp"
#include "pressure/residual_report_ring.hpp"

namespace billow::detail {

// How one solve runs; the meanings are SmokeSettings' (pressureSolver, pressureIterations,
// pressureTolerance, sorRelaxation, trackPressureResidual).
struct PoissonSolveSettings {
    PressureSolverType method = PressureSolverType::Jacobi;
    uint32_t iterations = 40;    // sweeps, SOR iterations, V-cycles or CG iterations (the maximum with a tolerance)
    float tolerance = 0.0f;      // > 0: stop at this relative residual (Multigrid and MultigridPCG only)
    float sorRelaxation = 1.7f;  // RedBlackSOR's omega
    bool trackResidual = false;  // measure the final pressure's residual into the report
    bool stopsAtTolerance() const { return tolerance > 0.0f; }
};

class PoissonSolver {
public:
    static constexpr uint32_t kReportHistory = ResidualReportRing::kSlots;

    // Allocates the multigrid levels below the system's grid and the gate (blocking uploads).
    // `stencil` null: the 2D grid's (Stencil2D). The coarse face weights are computed by
    // recordCoarsenWeights, which must run before the first multigrid solve.
    PoissonSolver(ContextState& context, const PoissonSystem& system, std::unique_ptr<PoissonStencil> stencil = nullptr);
    ~PoissonSolver();
    PoissonSolver(const PoissonSolver&) = delete;
    PoissonSolver& operator=(const PoissonSolver&) = delete;

    const PoissonSystem& system() const noexcept { return system_; }
    // Bytes of the device buffers the solver allocated beyond the system's own: the multigrid
    // levels (uniform blocks, corrections, right-hand sides, face weights) and the conjugate
    // gradient's vectors once allocated.
    uint64_t allocatedBytes() const noexcept;
    // New boundary conditions or cell size: rewrites every level's uniform block (blocking).
    // The face weights follow through recordCoarsenWeights once the caller has updated the finest.
    void setBoundaries(const PoissonSides& sides, float cellSize);

    // Recomputes the coarse levels' face weights from the system's (after the geometry changed).
    void recordCoarsenWeights(VkCommandBuffer cmd);
    // Records one solve of L p = rhsScale * rhs from the unknown's current copy (a warm start),
    // with a tolerance or trackResidual followed by a report for residual(); later compute work
    // may read the unknown, the host the report once the submission completed. The unknown's
    // current copy may change (ping-pong sweeps). `unknown` (same shape) replaces the system's
    // unknown for this solve: a second pressure history, warm-starting a second solve per step
    // (advection-reflection's midpoint projection) from its own previous result. `reports`
    // replaces the solver's report ring for this solve: one system solved for several fields
    // (the diffusion of each velocity component or scalar) reports each field apart.
    void recordSolve(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                     PingPong* unknown = nullptr, ResidualReportRing* reports = nullptr);
    // The report of the solve `recordsAgo` reported solves back (< kReportHistory), read from
    // host-visible memory without waiting (valid once that submission completed).
    PressureResidual residual(uint32_t recordsAgo = 0) const { return reports_.read(recordsAgo); }
    // The report count, saved and put back around a step that may fail (RecordSnapshot). The
    // levels' corrections and the conjugate gradient's vectors are scratch of each solve.
    bool shifted() const noexcept { return system_.shift != VK_NULL_HANDLE; }
    uint32_t hostState() const noexcept { return reports_.hostState(); }
    void restoreHostState(uint32_t saved) noexcept { reports_.restoreHostState(saved); }

private:
    // A coarse multigrid level's buffers: its uniform block, correction (ping-ponged by the
    // blocked smoother), right-hand side (the restricted residual) and face weights.
    struct CoarseLevel {
        GridShape shape;
        GpuBuffer grid, rhs;
        GpuBuffer shift;  // a shifted system's coarse diagonal shift (recordCoarsenWeights)
        std::array<GpuBuffer, 3> weights;
        PingPong correction;
    };

    PoissonDispatch direct() { return {context_, *kernels_, nullptr}; }
    PoissonDispatch gated() { return {context_, *kernels_, gate_.get()}; }
    // Level `l` (0: the system's grid) as the kernels see it.
    PoissonLevel level(size_t l) const;
    // Level `l`'s equation, given the finest level's.
    LevelEquation equation(size_t l, const LevelEquation& finest);
    LevelEquation systemEquation(float rhsScale) { return {*unknown_, system_.rhs, rhsScale}; }
    void uploadGridBlocks();
    void recordIterations(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale);
    void recordReport(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale);

    // multigrid.cpp. One V-cycle on `finest` (the system's equation, or the conjugate gradient's
    // L z = r), its dispatches through `d`.
    void recordVCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const LevelEquation& finest);
    // V-cycles until the residual reaches the tolerance, stalls, or settings.iterations cycles ran.
    void recordGatedMultigrid(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale);
    // multigrid_pcg.cpp.
    void recordMultigridPCG(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale);

    ContextState& context_;
    PoissonSystem system_;
    PingPong* unknown_ = nullptr;  // the unknown of the solve being recorded (recordSolve)
    ResidualReportRing* activeReports_ = nullptr;  // where that solve reports
    GpuBuffer noShift_;  // bound as every level's shift when the system has none (never accessed)
    std::unique_ptr<PoissonStencil> stencil_;
    GpuBuffer finestGrid_;             // the system's uniform block
    std::vector<CoarseLevel> coarse_;  // [0] is the level below the system's, and so on down
    std::unique_ptr<KernelSet> kernels_;
    std::unique_ptr<PressureGate> gate_;
    std::unique_ptr<CgVectors> cg_;  // allocated on the first MultigridPCG solve
    ResidualReportRing reports_;
};

} // namespace billow::detail
