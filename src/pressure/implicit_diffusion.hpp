// Implicit diffusion (Stam 1999) solved to a tolerance by the pressure's multigrid. A step of
// (I - a L) x = b, a = D dt / h^2, L the field's unit 5- or 7-point Laplacian with its boundary
// ghosts, is solved for its change delta = x - b from delta = 0:
//
//   sum over unknown neighbours (delta_nb - delta) - s delta = -(L b)
//
// a PoissonSystem with unit face weights between unknown nodes and a diagonal shift
// s = 1 / a + (Dirichlet couplings), which the V-cycle's kernels take as they are (coarse shifts
// restricted like residuals: poisson_system.hpp). Nodes whose value is prescribed (closed faces)
// are isolated (no weight, no shift: delta stays 0); a ghost that is a fixed value (inflow) or
// the node's own value negated (no-slip) folds into s. The caller's setup kernel writes the
// finest level's weights, shift and right-hand side from its field and its boundary taps (the
// rules of its own grid: smoke/, smoke3d/), and an apply kernel adds delta to the field.
//
// One system per node grid (the u, v [, w] face grids, the cell grid), on one set of finest-level
// buffers sized for the largest: each solve rewrites them. Each diffused field reports its solves
// into a ring of its own (PressureResidual of the delta equation: its relative residual is the
// fraction of the step's initial residual left).
#pragma once

#include <memory>
#include <vector>

#include "core/gpu_buffer.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/residual_report_ring.hpp"

namespace billow::detail {

class ImplicitDiffusion {
public:
    // `shapes`: the node grids; `sides`: Closed or Periodic per side (every other boundary is a
    // ghost folded into the shift by the setup kernel); `fields`: how many report rings.
    ImplicitDiffusion(ContextState& context, const std::vector<GridShape>& shapes, float cellSize,
                      const PoissonSides& sides, int dimensions, uint32_t fields);

    // What a setup kernel writes on the finest level: face weights per axis, the shift, the
    // right-hand side, and delta's current copy (zeroed: the start of each solve).
    VkBuffer weights(int axis) const { return weights_[axis].handle(); }
    VkBuffer shift() const { return shift_.handle(); }
    VkBuffer rhs() const { return rhs_.handle(); }
    // Delta's current copy: zeroed by the setup, the solved change after recordSolve.
    VkBuffer delta() const { return delta_.now(); }

    // After a setup kernel wrote the weights and shift of system `system`: the coarse levels'.
    void recordCoarsen(VkCommandBuffer cmd, size_t system);
    // After it wrote the right-hand side and zeroed delta: V-cycles until the relative residual
    // is at most `tolerance` (at most `maxCycles`), reported into field `field`'s ring.
    void recordSolve(VkCommandBuffer cmd, size_t system, uint32_t maxCycles, float tolerance, uint32_t field);
    PressureResidual residual(uint32_t field, uint32_t recordsAgo) const { return reports_.at(field)->read(recordsAgo); }

    // Whether this object was built for these grids (else the caller builds a new one).
    bool matches(const std::vector<GridShape>& shapes, float cellSize, const PoissonSides& sides) const {
        return shapes == shapes_ && cellSize == cellSize_ && sides == sides_;
    }
    uint64_t allocatedBytes() const noexcept;
    // The report counters and delta's index, saved and put back around a step that may fail.
    std::vector<uint32_t> hostState() const;
    void restoreHostState(const std::vector<uint32_t>& saved) noexcept;

private:
    std::vector<GridShape> shapes_;
    float cellSize_;
    PoissonSides sides_;
    std::array<GpuBuffer, 3> weights_;
    GpuBuffer shift_, rhs_;
    PingPong delta_;
    std::vector<std::unique_ptr<PoissonSolver>> systems_;
    std::vector<std::unique_ptr<ResidualReportRing>> reports_;
};

} // namespace billow::detail
