// The sparse 3D solver's pressure solve: geometric multigrid V-cycles on the allocated bricks,
// stopped at a tolerance on the GPU (the dense solver's gate, pressure/pressure_gate.hpp), without
// a host readback.
//
// The equation is the dense one on the allocated cells, sum_f w_f (p_nb - p) = h^2/dt div, with w_f
// the face's open fraction and p_nb = 0 in open air (a missing brick: Dirichlet) and beyond outflow
// sides; closed sides have weight 0. The levels:
//   - inside the bricks (shaders/sparse3d/mg_level.glsl), levels 0..3 with 8, 4, 2 and 1 cells a
//     brick edge: level 0 is the pressure, divergence and open-fraction pools themselves; the others
//     live in pools of the same slots (corrections, right-hand sides, face weights: 428 floats a
//     brick, bytesPerBrick()). The virtual grid of level L has ceil(n / 2^L) cells a side, so with
//     every brick allocated each is the dense multigrid's level of that size, with the same
//     coarsening rules (pressure/mg_coarse_weight.glsl); a brick face towards open air is coarsened
//     like an outflow side (the p = 0 point stays half a fine cell beyond it);
//   - across the brick grid: dense grids of ceil(n / 16) cells a side and coarser (each cell of the
//     first covers 2 x 2 x 2 bricks), down to at most 8 cells a side, solved in one workgroup: the
//     dense solver's own kernels and coarsening (pressure3d/, MacStencil<3>) on a shifted system,
//     since the faces of the one-cell-per-brick level towards open air become a diagonal shift of
//     their cell (sparse3d/mg_grid_coarsen.comp). Missing bricks have no equation there. Memory:
//     fixed, 6 floats per cell of these grids (correction, right-hand side, shift, three face
//     weights), the first of which has 1/4096 of the virtual cells: fixedBytes(), about 55 MiB at
//     2048^3, next to the brick map's 64 MiB.
// The brick kernels pack 8^L bricks into a workgroup on level L (one thread per cell).
// Every step (the bricks may have changed) the levels' weights are rebuilt on the GPU from the open
// fractions and the brick map before the cycles. Smoothing: red-black Gauss-Seidel, 2 sweeps before
// and after each coarse correction; restriction: half the cell sum of the residual (the dense
// rule); prolongation: trilinear inside the bricks (pressure3d/prolong_rule.glsl), constant from
// the first grid across the bricks to the bricks.
//
// Deterministic: every value is computed by one thread from reads in a fixed order; the only
// reductions are maxima (the residual's, by atomicMax on float bits), which do not depend on the
// order the bricks run in.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/poisson_stencil.hpp"
#include "pressure/pressure_gate.hpp"
#include "pressure/residual_report_ring.hpp"

namespace billow {
struct BrickTopology;
}

namespace billow::detail {

// What one solve reads and writes: the pools of level 0.
struct SparsePressureSystem {
    VkBuffer pressure = VK_NULL_HANDLE;    // the unknown, warm start and result (pool of cells)
    VkBuffer divergence = VK_NULL_HANDLE;  // the right-hand side before its scale (pool of cells)
    std::array<VkBuffer, 3> open{};        // the face weights (pools of faces)
    float rhsScale = 0.0f;                 // h^2 / dt
    float tolerance = 0.0f;                // relative residual (max norm) to stop at, > 0
    uint32_t maxCycles = 0;                // V-cycles at most
    // V-cycles recorded beyond the last finished solve's (ResidualReportRing::iterationsToRecord)
    uint32_t cycleHeadroom = UINT32_MAX;
};

class SparseMultigrid {
public:
    // Brick levels are mine to allocate (capacity slots; reallocated when the pool grows); the
    // grids across the bricks are sized by the virtual domain (cells n) and have its sides.
    SparseMultigrid(ContextState& context, KernelSet& brickKernels, const BrickTopology& topology,
                    std::array<uint32_t, 3> cells, float cellSize, const PoissonSides& sides);
    ~SparseMultigrid();

    // The levels inside the bricks for `capacity` slots (blocking: between frames).
    void allocateBrickLevels(uint32_t capacity);
    // Records one solve: the levels' weights, then V-cycles from the pressure's current values until
    // the residual reaches the tolerance, stalls (kMultigridStallRatio) or maxCycles ran, and a report.
    void recordSolve(VkCommandBuffer cmd, const SparsePressureSystem& system);
    // Records new sides or cell size into the grids' uniform blocks, when they changed.
    void recordBoundaries(VkCommandBuffer cmd, const PoissonSides& sides, float cellSize);
    // The report `recordsAgo` solves back; InvalidArgument for recordsAgo >= ResidualReportRing::kSlots.
    PressureResidual residual(uint32_t recordsAgo) const;
    uint32_t hostState() const noexcept { return reports_.hostState(); }
    void restoreHostState(uint32_t saved) noexcept { reports_.restoreHostState(saved); }

    uint64_t fixedBytes() const noexcept;
    static uint64_t bytesPerBrick() noexcept;

private:
    // A level inside the bricks (1..3; level 0 is the system's pools).
    struct BrickLevel {
        GpuBuffer p, rhs;
        std::array<GpuBuffer, 3> w;
    };
    // A grid across the bricks.
    struct GridLevel {
        GridShape shape;
        GpuBuffer grid, rhs, shift;
        std::array<GpuBuffer, 3> w;
        PingPong correction;
    };
    struct LevelBuffers {
        VkBuffer p, rhs;
        std::array<VkBuffer, 3> w;
    };

    LevelBuffers brickLevel(int level, const SparsePressureSystem& system) const;
    PoissonLevel gridLevel(size_t l) const;
    LevelEquation gridEquation(size_t l);
    // The grids' uniform blocks: uploaded (blocking), or recorded into `cmd` when it is not null.
    void writeGridBlocks(VkCommandBuffer cmd);
    void indirectBarrier(VkCommandBuffer cmd) const;

    void recordCoarsenWeights(VkCommandBuffer cmd, const SparsePressureSystem& system);
    void recordBrickGate(VkCommandBuffer cmd, bool afterCheck);
    void recordSmooth(VkCommandBuffer cmd, int level, const SparsePressureSystem& system);
    void recordMeasure(VkCommandBuffer cmd, const SparsePressureSystem& system);
    void recordVCycle(VkCommandBuffer cmd, const SparsePressureSystem& system);
    void recordReport(VkCommandBuffer cmd);

    ContextState& cs_;
    KernelSet& kernels_;
    const BrickTopology& topology_;
    std::array<uint32_t, 3> cells_;
    float cellSize_;
    PoissonSides sides_;
    uint32_t capacity_ = 0;
    std::array<BrickLevel, 3> brickLevels_;  // levels 1..3
    std::vector<GridLevel> grids_;
    std::unique_ptr<PoissonStencil> stencil_;
    std::unique_ptr<KernelSet> gridKernels_;
    std::unique_ptr<PressureGate> gate_;
    GpuBuffer brickCommands_;  // the brick kernels' VkDispatchIndirectCommand, one per level
    ResidualReportRing reports_;
};

} // namespace billow::detail
