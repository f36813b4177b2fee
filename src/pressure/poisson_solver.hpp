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
// multigrid.cpp (V-cycle, gated cycles), multigrid_pcg.cpp (conjugate gradient),
// poisson_increment.cpp (the incremental projection's solve for the pressure's change).
#pragma once

#include <cstdint>
#include <functional>
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
#include "pressure/spectral_solve.hpp"

namespace billow::detail {

// How one solve runs; the meanings are SmokeSettings' (pressureSolver, pressureIterations,
// pressureTolerance, sorRelaxation, trackPressureResidual).
struct PoissonSolveSettings {
    PressureSolverType method = PressureSolverType::Jacobi;
    uint32_t iterations = 40;    // sweeps, SOR iterations, V-cycles or CG iterations (the maximum with a tolerance)
    float tolerance = 0.0f;      // > 0: stop at this relative residual (Multigrid, MultigridPCG and Spectral only)
    float sorRelaxation = 1.7f;  // RedBlackSOR's omega
    bool trackResidual = false;  // measure the final pressure's residual into the report
    // With a tolerance: record the last finished solve's iterations plus this many, at most
    // `iterations` (ResidualReportRing::iterationsToRecord); the default records all of them.
    uint32_t iterationHeadroom = UINT32_MAX;
    bool stopsAtTolerance() const { return tolerance > 0.0f; }
};

class PoissonSolver {
public:
    static constexpr uint32_t kReportHistory = ResidualReportRing::kSlots;

    // Allocates the multigrid levels below the system's grid and the gate (blocking uploads).
    // `stencil` is the grid's (makeMacStencil(dimensions) for the MAC grids). The coarse face
    // weights are computed by recordCoarsenWeights, which must run before the first multigrid solve.
    PoissonSolver(ContextState& context, const PoissonSystem& system, std::unique_ptr<PoissonStencil> stencil);
    ~PoissonSolver();
    PoissonSolver(const PoissonSolver&) = delete;
    PoissonSolver& operator=(const PoissonSolver&) = delete;

    const PoissonSystem& system() const noexcept { return system_; }
    // Bytes of the device buffers the solver allocated beyond the system's own: the multigrid
    // levels (uniform blocks, corrections, right-hand sides, face weights), and the conjugate
    // gradient's vectors and the increment once allocated.
    uint64_t allocatedBytes() const noexcept;
    // New boundary conditions or cell size: rewrites every level's uniform block (blocking).
    // The face weights follow through recordCoarsenWeights once the caller has updated the finest.
    void setBoundaries(const PoissonSides& sides, float cellSize);

    // The caller's promise for the solves it records next: every interior face weight of the
    // system is 1 (no obstacle), so the 3D kernels that read the weights (the Jacobi sweeps, the
    // red-black smoother, the residual and its restriction) read only the sides' weights, on the
    // finest level and on every coarse level below a chain of even sizes (coarseInteriorOpen).
    void setInteriorOpen(bool open) noexcept { interiorOpen_ = open; }
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
    // The incremental projection's solve (poisson_increment.cpp): L d = rhsScale * rhs for the
    // increment d from d = 0, into the solver's own increment (allocated on the first call), then
    // the system's unknown += d. The caller's right-hand side must be the divergence of a velocity
    // that already carries -grad of the unknown, and the caller subtracts grad increment() from
    // it afterwards. In exact arithmetic this is recordSolve warm-started from the unknown (every
    // method is an affine iteration in its start); in float32 it converges where recordSolve
    // stalls: d and its right-hand side are this step's change, resolved to float32's precision,
    // whereas the whole pressure p of a running simulation is many times this step's right-hand
    // side and its residual cannot fall below ~1e-7 |p| (docs/performance-log.md). Reported like
    // recordSolve (the residual is d's, which is also the new unknown's in exact arithmetic).
    //
    // `absorb` (may be empty) makes the solve a two-stage one when it has at least
    // kIncrementRestart + 1 iterations: after kIncrementRestart of them, absorb(cmd, increment())
    // must subtract the increment's gradient from the velocity and rewrite the system's
    // right-hand side with the velocity's new divergence; the increment so far is added to the
    // unknown, and the remaining iterations solve for a second increment from 0 (the one
    // increment() then holds). A change that is itself large and smooth next to its right-hand
    // side (the first steps of a plume) has the same float32 floor as a whole pressure, ~1e-7 of
    // itself; the second increment is what is left after kIncrementRestart iterations, far
    // smaller. For Multigrid (an affine iteration) the stages are the same iteration in exact
    // arithmetic; MultigridPCG restarts its Krylov space. One gate and report span both stages.
    using Absorb = std::function<void(VkCommandBuffer, VkBuffer increment)>;
    static constexpr uint32_t kIncrementRestart = 2;
    void recordIncrementSolve(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                              const Absorb& absorb = {});
    // The increment of the last recordIncrementSolve (its current copy).
    VkBuffer increment() const { return increment_.now(); }
    // The report of the solve `recordsAgo` reported solves back (< kReportHistory), read from
    // host-visible memory without waiting (valid once that submission completed).
    PressureResidual residual(uint32_t recordsAgo = 0) const { return reports_.read(recordsAgo); }
    // The solvers' pressureResidual(): residual(), InvalidArgument for recordsAgo >= kReportHistory.
    PressureResidual residualReport(uint32_t recordsAgo) const {
        if (recordsAgo >= kReportHistory) throw InvalidArgument("pressureResidual: recordsAgo", "must be < kResidualHistory");
        return residual(recordsAgo);
    }
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
    // Whether coarse level l (>= 1) has every face between its cells open: the finest has
    // (setInteriorOpen) and every finer level has even sizes.
    bool coarseInteriorOpen(size_t l) const;
    // Level `l`'s equation, given the finest level's.
    LevelEquation equation(size_t l, const LevelEquation& finest);
    LevelEquation systemEquation(float rhsScale) { return {*unknown_, system_.rhs, rhsScale}; }
    void uploadGridBlocks();
    // A run of iterations of one solve: `count` of them; `opens`: the gate (when stopping at a
    // tolerance) is begun; `closes`: the last measurement gets the final check. A whole solve
    // opens and closes; the increment solve's two stages open and close one each.
    struct Stage {
        uint32_t count;
        bool opens = true, closes = true;
    };
    // `settings` with the iterations this solve records (iterationHeadroom), from the reports of
    // the ring it reports to.
    PoissonSolveSettings recordedSettings(const PoissonSolveSettings& settings) const;
    void recordIterations(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale);
    void recordStage(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale, const Stage& stage);
    // p += d for the increment (pressure/add_increment.comp).
    void recordAddIncrement(VkCommandBuffer cmd);
    // `rhsMeasured`: the report's right-hand-side word already holds the solve's right-hand side
    // (recordReportRhs), which the residual is then relative to.
    void recordReport(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                      bool rhsMeasured = false);
    // Clears the next report and measures the current equation into it: its right-hand side, the
    // denominator of the relative residual the report ends with.
    void recordReportRhs(VkCommandBuffer cmd, float rhsScale);

    // multigrid.cpp. One V-cycle on `finest` (the system's equation, or the conjugate gradient's
    // L z = r), its dispatches through `d`.
    void recordVCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const LevelEquation& finest);
    // One spectral cycle (`spectral`: spectralApplies) or V-cycle on `finest`.
    void recordCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const LevelEquation& finest, bool spectral);
    // Cycles (V-cycles, or spectral cycles where spectralApplies) until the residual reaches the
    // tolerance, stalls, or settings.iterations cycles ran.
    void recordGatedCycles(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                           const Stage& stage, bool spectral);
    // Whether a Spectral solve of the system runs spectral cycles now: a 3D system without a
    // diagonal shift whose interior is open (setInteriorOpen) and whose sides fit the transforms;
    // otherwise it runs V-cycles.
    bool spectralApplies() const noexcept { return spectral_ && interiorOpen_; }
    // multigrid_pcg.cpp.
    void recordMultigridPCG(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                            const Stage& stage);

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
    // Built with the solver where the shape allows one (3D, no shift, every side fits): its bases
    // upload, which must not happen while a solve is recorded. 3 (2n^2 + n) floats for n^3 cells.
    std::unique_ptr<SpectralSolve> spectral_;
    PingPong increment_;             // allocated on the first recordIncrementSolve
    ResidualReportRing reports_;
    bool interiorOpen_ = false;  // setInteriorOpen
};

} // namespace billow::detail
