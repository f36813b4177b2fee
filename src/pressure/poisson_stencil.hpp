// What the pressure solvers need from a grid: the kernel-recording primitives of its Poisson
// stencil (relax a level, restrict the residual, prolong the correction, solve the coarsest
// level, measure the residual, coarsen the face weights, the conjugate gradient's vector steps)
// and the shapes and sizes those kernels use. The solver logic (iteration loops, the V-cycle
// recursion, the conjugate gradient iteration, gating and reports: poisson_solver.hpp) is written
// against this interface only, so a grid with another stencil (a 3D grid's 7-point stencil)
// supplies its own kernels and reuses all of it. MacStencil (mac_stencil.hpp) implements it for the
// MAC grids: the 5-point stencil in 2D, the 7-point stencil in 3D.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "pressure/poisson_dispatch.hpp"
#include "pressure/poisson_system.hpp"

namespace billow::detail {

// One level of the multigrid hierarchy as its kernels see it (level 0: the system's own grid).
struct PoissonLevel {
    GridShape shape;
    VkBuffer grid = VK_NULL_HANDLE;     // its uniform block: sizes and sides
    std::array<VkBuffer, 3> weights{};  // face weights per axis
    PoissonSides sides{};
    // Its diagonal shift per cell (PoissonSystem::shift); for a system without one, a placeholder
    // that the kernels never read or write (the uniform block says so).
    VkBuffer shift = VK_NULL_HANDLE;
    // Every face between two cells of the level has weight 1 (no obstacle inside the grid): a
    // kernel may take those weights as 1 and read the weight buffers only on the grid's sides.
    bool interiorOpen = false;
};

// The equation a primitive works on at one level: L p = rhsScale * rhs for the unknown p. The
// finest level's is the system's (or, in the conjugate gradient's preconditioner, z and r); the
// coarse levels' are their corrections and restricted residuals, with rhsScale 1.
struct LevelEquation {
    PingPong& unknown;
    VkBuffer rhs;
    float rhsScale;
};

// The conjugate gradient's vectors on the finest level: residual r, preconditioned residual z
// (ping-ponged by the multigrid smoother), search direction d (ping-ponged: its update reads
// neighbours), its image q = L d, and per-workgroup partial sums of the reductions.
struct CgVectors {
    GpuBuffer r, q, partials;
    PingPong z, d;
};

// Push values the conjugate gradient's steps share: the right-hand side's scale, whether this is
// the first iteration (no previous direction), and how many partial sums the reductions write.
struct CgStep {
    float rhsScale;
    bool first;
    uint32_t groups;
};

class PoissonStencil {
public:
    virtual ~PoissonStencil() = default;

    // --- Layout.
    virtual int dimensions() const = 0;
    // The pipelines of the stencil's kernels and of the solver's grid-independent ones
    // (pressure_gate, cg_scalars), with `grid` as the default uniform block.
    virtual std::unique_ptr<KernelSet> createKernels(ContextState& context, VkBuffer grid) const = 0;
    // A level's uniform block (sizes, cell size, sides, whether the system has a shift) as the
    // kernels read it.
    virtual VkDeviceSize gridBlockSize() const = 0;
    virtual std::vector<std::byte> gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides,
                                             bool shifted) const = 0;
    // The next coarser multigrid level, or nothing once `shape` is small enough to be solved
    // directly (solveCoarsest).
    virtual std::optional<GridShape> coarser(const GridShape& shape) const = 0;
    // Partial sums the conjugate gradient's reductions write on a level of `shape`.
    virtual uint32_t reductionGroups(const GridShape& shape) const = 0;
    // The group counts of every dispatch a gated solve on `levels` (finest first) records, for the
    // gate's indirect commands.
    virtual std::vector<GroupCounts> gatedDispatchGroups(const std::vector<GridShape>& levels) const = 0;

    // --- Primitives. Each records its dispatches through `d` (direct or gated), each followed by
    // a compute barrier, and flips the ping-pong pairs whose other copy it wrote.

    // `sweeps` damped Jacobi sweeps (relaxation 0.8).
    virtual void relaxJacobi(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                             const LevelEquation& eq, uint32_t sweeps) const = 0;
    // How the multigrid smooths `level` before and after its coarse correction: this many damped
    // Jacobi sweeps, or, for 0, two red-black Gauss-Seidel iterations (relaxRedBlack). A system
    // with a diagonal shift is always smoothed red-black (only that kernel takes the shift).
    virtual uint32_t multigridJacobiSweeps(const PoissonLevel& level) const = 0;
    // `iterations` red-black Gauss-Seidel iterations over-relaxed by `omega` (1: plain
    // Gauss-Seidel, the multigrid smoother).
    virtual void relaxRedBlack(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                               const LevelEquation& eq, float omega, uint32_t iterations) const = 0;
    // max |residual| and max |rhsScale * rhs| over cells with an open face, as float bits by
    // atomicMax into the first two report words of `slot` in `out` (BILLOW_REPORT_WORDS a slot;
    // slot 0 of the gate's state is its accumulators). No barrier after it: the caller knows who
    // reads the result (the gate, or the host).
    virtual void measureResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                                 const LevelEquation& eq, VkBuffer out, int slot) const = 0;
    // The coarse equation's right-hand side from the fine residual; the coarse unknown zeroed.
    virtual void restrictResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                                  const LevelEquation& fineEq, const PoissonLevel& coarse,
                                  const LevelEquation& coarseEq) const = 0;
    // The coarse correction interpolated and added to the fine unknown.
    virtual void prolong(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine, VkBuffer fineUnknown,
                         const PoissonLevel& coarse, VkBuffer coarseUnknown) const = 0;
    // The coarsest level solved (nearly) exactly.
    virtual void solveCoarsest(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                               const LevelEquation& eq) const = 0;
    // The coarse level's face weights (and diagonal shifts, for a shifted system) from the fine level's.
    virtual void coarsenWeights(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                                const PoissonLevel& coarse) const = 0;

    // The conjugate gradient's steps on the finest level (multigrid_pcg.cpp has the iteration);
    // `state` is the gate's state buffer, which holds its scalars.
    // r = rhsScale rhs - L p, z = 0; max |r| and max |rhs| to the gate; partials of (sum r, open cells).
    virtual void cgResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                            const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const = 0;
    // r -= its mean over open cells (from the state), where the system is singular.
    virtual void cgRemoveMean(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                              VkBuffer state) const = 0;
    // Partials of r . z and, after the first iteration, z . q (q is still the last direction's image).
    virtual void cgDots(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                        VkBuffer state, const CgStep& step) const = 0;
    // d = z + beta d, q = L d, partials of d . q.
    virtual void cgDirection(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                             VkBuffer state, const CgStep& step) const = 0;
    // p += alpha d, r -= alpha q, z = 0; max |r| to the gate; partials of (sum r, open cells).
    virtual void cgUpdate(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                          const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const = 0;
};

} // namespace billow::detail
