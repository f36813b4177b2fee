// The Poisson stencil of the MAC grids, one implementation of the PoissonStencil interface for
// both dimensions: MacStencil<2> is the 5-point stencil of the 2D grid,
// MacStencil<3> the 7-point stencil of the 3D grid. They differ in their neighbour
// count, and so in their kernels (shaders/pressure and shaders/pressure3d) and uniform blocks;
// each dimension's members are defined in stencil_2d.cpp and stencil_3d.cpp.
//
// 2D: blocked Jacobi and red-black SOR tiles in shared memory, colour-by-colour SOR on odd
// periodic axes, cell-sum restriction, bilinear prolongation, a one-workgroup SOR solve of the
// coarsest level (at most BILLOW_MG_COARSEST cells a side), and the conjugate gradient's kernels.
// Each level's uniform block is a GridParams (common/grid_types.h), of which these kernels read the
// sizes and the side types.
//
// 3D (maths in stencil3d.glsl): one damped Jacobi sweep per dispatch, red-black SOR one colour per
// dispatch (extra colours on odd periodic axes), cell-sum restriction (halved: see
// pressure3d/mg_restrict_residual.comp), trilinear prolongation, face weights averaged over the four fine
// faces a coarse face covers, a one-workgroup SOR solve of the coarsest level (at most
// BILLOW_MG_COARSEST_3D cells a side), and the conjugate gradient's kernels. Each level's uniform
// block is a Grid3DParams (common/grid3d_types.h), of which these kernels read the sizes and the
// side types; the solver writes them all (PoissonSolver::setBoundaries), the finest included.
//
//   PoissonSolver solver(context, system, makeMacStencil(3, context.workgroups));
//
// with, in 3D, system.shape.nz > 0, six sides (left, right, bottom, top, back, front) and
// system.weights = {x-faces, y-faces, z-faces} in grid3d.glsl's layout.
#pragma once

#include <memory>

#include "pressure/poisson_stencil.hpp"

namespace billow::detail {

// The cells (or, in the sweep of quads, the quads) along z each thread of a 3D Jacobi sweep
// relaxes. 0, the default, picks them by the grid's size (stencil_3d.cpp); tests set a count so
// that their small grids run columns longer than one cell, and one that leaves a shorter last column.
void setJacobiColumnForTesting(uint32_t column) noexcept;
// The V-cycle smooths every level with this many damped Jacobi sweeps before and after its coarse
// correction (0: red-black Gauss-Seidel on every level), instead of each stencil's choice per level
// (multigridJacobiSweeps; kStencilSmoothing, the default), so that benches can measure both.
inline constexpr uint32_t kStencilSmoothing = UINT32_MAX;
void setMultigridJacobiSmoothingForTesting(uint32_t sweeps) noexcept;
// Whether the 3D prolongation between two levels without obstacles reads only the coarse sides'
// weights (pressure3d/mg_prolong.comp's kInteriorOpen variant; true, the default) or tests every
// cell's faces, so that benches can run both.
void setOpenProlongationForTesting(bool open) noexcept;
// Whether the 3D restriction from a level of whole quads without obstacles takes four fine cells
// a thread (pressure3d/mg_restrict_quads.comp; true, the default) or eight a coarse cell
// (pressure3d/mg_restrict_residual.comp), so that tests and benches can run both.
void setRestrictionInQuadsForTesting(bool quads) noexcept;
// Whether the 3D residual of a level of whole quads without obstacles is measured four cells a
// thread (pressure3d/residual_quads.comp; true, the default) or one (pressure3d/residual.comp).
void setResidualInQuadsForTesting(bool quads) noexcept;

template <int Dimensions>
class MacStencil final : public PoissonStencil {
public:
    static_assert(Dimensions == 2 || Dimensions == 3);
    // `profile`: the context's workgroup profile, by which the group counts of its kernels (the
    // gate's commands, the conjugate gradient's partial sums, the tiles) are counted.
    explicit MacStencil(WorkgroupProfile profile) : profile_(profile) {}
    int dimensions() const override { return Dimensions; }
    std::unique_ptr<KernelSet> createKernels(ContextState& context, VkBuffer grid) const override;
    VkDeviceSize gridBlockSize() const override;
    std::vector<std::byte> gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides,
                                     bool shifted) const override;
    std::optional<GridShape> coarser(const GridShape& shape) const override;
    uint32_t reductionGroups(const GridShape& shape) const override;
    std::vector<GroupCounts> gatedDispatchGroups(const std::vector<GridShape>& levels) const override;

    uint32_t multigridJacobiSweeps(const PoissonLevel& level) const override;
    void relaxJacobi(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, const LevelEquation& eq,
                     uint32_t sweeps) const override;
    void relaxRedBlack(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, const LevelEquation& eq,
                       float omega, uint32_t iterations) const override;
    void measureResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, const LevelEquation& eq,
                         VkBuffer out, int slot) const override;
    void restrictResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                          const LevelEquation& fineEq, const PoissonLevel& coarse,
                          const LevelEquation& coarseEq) const override;
    void prolong(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine, VkBuffer fineUnknown,
                 const PoissonLevel& coarse, VkBuffer coarseUnknown) const override;
    void solveCoarsest(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                       const LevelEquation& eq) const override;
    void coarsenWeights(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                        const PoissonLevel& coarse) const override;

    void cgResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, const LevelEquation& eq,
                    CgVectors& cg, VkBuffer state, const CgStep& step) const override;
    void cgRemoveMean(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                      VkBuffer state) const override;
    void cgDots(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg, VkBuffer state,
                const CgStep& step) const override;
    void cgDirection(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                     VkBuffer state, const CgStep& step) const override;
    void cgUpdate(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, const LevelEquation& eq,
                  CgVectors& cg, VkBuffer state, const CgStep& step) const override;

private:
    WorkgroupProfile profile_;
};

// The stencil of a grid of `dimensions` (2 or 3). Each dimension's members are explicit
// specializations defined in its own file, which alone creates that dimension's stencil
// (makeStencil2D, makeStencil3D): create them through makeMacStencil.
std::unique_ptr<PoissonStencil> makeMacStencil(int dimensions, WorkgroupProfile profile);
std::unique_ptr<PoissonStencil> makeStencil2D(WorkgroupProfile profile);
std::unique_ptr<PoissonStencil> makeStencil3D(WorkgroupProfile profile);

// What both dimensions' kernels share: the side type a pressure kernel tells apart (outflow,
// periodic, or neither) and a level's face weights by axis.
int32_t stencilSideType(PoissonBoundary boundary);
inline VkBuffer openX(const PoissonLevel& level) { return level.weights[0]; }
inline VkBuffer openY(const PoissonLevel& level) { return level.weights[1]; }
inline VkBuffer openZ(const PoissonLevel& level) { return level.weights[2]; }

} // namespace billow::detail
