// The spectral cycle of the pressure solve (PressureSolverType::Spectral) on a 3D box without
// obstacles: there the 7-point operator is the sum of one second difference per axis, diagonal in
// the product of the axes' eigenbases (spectral_basis.hpp), so L e = r is solved exactly by three
// transforms, a division by the eigenvalues and three transforms back. A cycle is
//   p += L^-1 (rhsScale rhs - L p)
// in five dispatches of pressure3d/spectral_transform.comp (the residual fused into the first, the
// addition into the last, the z transforms and the division in one); the first cycle from any start
// leaves only rounding, which the next removes, so a tolerance of 1e-4 takes one or two. Each
// transform along an axis of n cells costs n multiply-adds a cell, so the solve costs O(n) a cell
// where a V-cycle costs O(1): it pays up to BILLOW_SPECTRAL_MAX_CELLS cells a side
// (docs/performance-log.md, "The spectral solve").
#pragma once

#include <array>
#include <vector>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "pressure/poisson_dispatch.hpp"
#include "pressure/poisson_stencil.hpp"
#include "pressure/poisson_system.hpp"

namespace billow::detail {

// Off: no axis folds (every transform the full product), so that tests compare the two and
// benches measure both. On by default; read when a solver's bases are built (its creation and
// setSides).
void setSpectralFoldingForTesting(bool on) noexcept;

class SpectralSolve {
public:
    // Whether a 3D system of `shape` is one the transforms hold: at most BILLOW_SPECTRAL_MAX_CELLS
    // cells along every axis. (The caller checks the rest: no obstacle, no diagonal shift.)
    static bool fits(const GridShape& shape);
    // The workgroup counts of a cycle's dispatches on `shape`, for the gate's commands.
    static std::vector<GroupCounts> dispatchGroups(const GridShape& shape);

    // Whether the transforms along an axis with these sides fold (every mode even or odd about
    // the axis's centre: alike sides, closed or outflow), at half the multiply-adds.
    static bool folds(PoissonBoundary low, PoissonBoundary high);

    // Builds the axes' bases for `shape` and `sides` and uploads them (blocking).
    SpectralSolve(ContextState& context, const GridShape& shape, const PoissonSides& sides);
    // New sides: the bases again (blocking).
    void setSides(const PoissonSides& sides);
    uint64_t allocatedBytes() const noexcept { return basis_.size(); }

    // One cycle on the finest level `level` (interior open) for `eq`, its dispatches through `d`,
    // each followed by a barrier. The unknown's other copy holds the transforms in between; its
    // current copy stays current (a gated cycle the GPU skips flips nothing either).
    void recordCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                     const LevelEquation& eq) const;

private:
    ContextState& context_;
    GridShape shape_;
    GpuBuffer basis_;
    std::array<bool, 3> folded_{};  // folds(), per axis
};

} // namespace billow::detail
