// The 7-point Poisson stencil of the 3D MAC grid (shaders/pressure3d/, maths in stencil3d.glsl):
// one damped Jacobi sweep per dispatch, red-black SOR one colour per dispatch (extra colours on
// odd periodic axes), cell-sum restriction (halved: see mg_restrict_residual_3d.comp), trilinear
// prolongation, face weights averaged over the four fine faces a coarse face covers, a
// one-workgroup SOR solve of the coarsest level (at most BILLOW_MG_COARSEST_3D cells a side), and
// the conjugate gradient's kernels. Each level's uniform block is a Grid3DParams
// (common/grid3d_types.h), of which these kernels read the sizes and the side types; the solver
// writes them all (PoissonSolver::setBoundaries), the finest included.
//
//   PoissonSolver solver(context, system, std::make_unique<Stencil3D>());
//
// with system.shape.nz > 0, six sides (left, right, bottom, top, back, front) and
// system.weights = {x-faces, y-faces, z-faces} in grid3d.glsl's layout.
#pragma once

#include "pressure/poisson_stencil.hpp"

namespace billow::detail {

class Stencil3D final : public PoissonStencil {
public:
    int dimensions() const override { return 3; }
    std::unique_ptr<KernelSet> createKernels(ContextState& context, VkBuffer grid) const override;
    VkDeviceSize gridBlockSize() const override;
    std::vector<std::byte> gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides) const override;
    std::optional<GridShape> coarser(const GridShape& shape) const override;
    uint32_t reductionGroups(const GridShape& shape) const override;
    std::vector<GroupCounts> gatedDispatchGroups(const std::vector<GridShape>& levels) const override;

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
    // Workgroups of a dispatch over a level's cells (every gated kernel but the one-workgroup ones).
    static GroupCounts cellGroups(const GridShape& shape);
};

} // namespace billow::detail
