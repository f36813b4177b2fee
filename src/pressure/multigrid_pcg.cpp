// Multigrid-preconditioned conjugate gradient, entirely on the GPU: dot products are workgroup
// sums into a small buffer that one workgroup adds up (cg_scalars.comp), which also computes alpha
// and beta into the gate's state buffer, where the next kernels read them: nothing is read back
// by the host.
//
// The preconditioner is one multigrid V-cycle on L z = r from z = 0. That V-cycle is not a
// symmetric operator (cell-sum restriction is not the transpose of bilinear prolongation, the
// red-black smoother runs red then black both before and after, and the coarsest level gets a
// fixed number of SOR iterations), so beta is Polak-Ribiere's z_new . (r_new - r_old) / rho_old
// (flexible CG), which keeps CG converging with a varying or non-symmetric preconditioner at the
// price of one more dot product (z . q), summed in the same pass as r . z.
//
// With no outflow side the system is singular (pressure is defined up to a constant) and only
// consistent up to round-off; the mean of r over open cells is then removed before each
// preconditioning (cg_remove_mean.comp).
#include <algorithm>

#include "common/grid_types.h"
#include "pressure/pressure_types.h"
#include "pressure/poisson_solver.hpp"

namespace billow::detail {

namespace {
enum ScalarsMode { kAlpha = 0, kBeta = 1, kMean = 2 };
}

void PoissonSolver::recordMultigridPCG(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                                       const Stage& stage) {
    const uint32_t groups = stencil_->reductionGroups(system_.shape);
    if (!cg_) {
        cg_ = std::make_unique<CgVectors>();
        const size_t cells = system_.shape.cells();
        const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        auto field = [&] { return GpuBuffer(context_, cells * sizeof(float), usage, GpuBuffer::Kind::DeviceLocal); };
        cg_->r = field();
        cg_->q = field();
        cg_->partials = GpuBuffer(context_, size_t(groups) * 2 * sizeof(float), usage, GpuBuffer::Kind::DeviceLocal);
        for (int c = 0; c < 2; ++c) {
            cg_->z.copies[c] = field();
            cg_->d.copies[c] = field();
        }
    }
    const bool stop = settings.stopsAtTolerance();
    const auto sides = system_.sides.begin(), sidesEnd = sides + 2 * stencil_->dimensions();
    const bool singular = std::none_of(sides, sidesEnd, [](PoissonBoundary b) { return b == PoissonBoundary::Outflow; });
    // Every dispatch below runs through the gate when stopping at a tolerance, and is followed by
    // a barrier.
    const PoissonDispatch d = stop ? gated() : direct();
    const PoissonLevel fine = level(0);
    const LevelEquation eq = systemEquation(rhsScale);
    // The V-cycle works on its finest level's unknown and right-hand side: z and r here.
    const LevelEquation preconditioned{cg_->z, cg_->r.handle(), 1.0f};
    const VkBuffer state = gate_->state();
    auto scalars = [&](ScalarsMode mode, bool first = false) {
        // One workgroup adds up every partial sum.
        d.dispatchGroups(cmd,
                         kernels::PressureCgScalars::Bindings{.uniform = fine.grid, .state = state,
                                                      .partials = cg_->partials.handle()},
                         gpu::CgPush{rhsScale, mode, first ? 1 : 0, int(groups)}, 1, 1);
        d.barrier(cmd);
    };
    const CgStep step{rhsScale, false, groups};

    if (stop && stage.opens) gate_->recordBegin(cmd);
    stencil_->cgResidual(cmd, d, fine, eq, *cg_, state, step);
    for (uint32_t k = 0;; ++k) {
        // A stage that does not close ends after its last update (whose max |r| the next stage's
        // opening residual measures again).
        if (k == stage.count && !stage.closes) break;
        const bool last = k == stage.count;
        if (stop) gate_->recordCheck(cmd, settings.tolerance, last);  // never gated itself
        if (last) break;
        const bool first = k == 0;
        const CgStep opening{rhsScale, first, groups};  // the first iteration has no direction yet
        if (singular) {
            scalars(kMean);  // the partials of cg_residual / cg_update: (sum r, open cells)
            stencil_->cgRemoveMean(cmd, d, fine, *cg_, state);
        }
        recordVCycle(cmd, d, preconditioned);
        stencil_->cgDots(cmd, d, fine, *cg_, state, opening);
        scalars(kBeta, first);
        stencil_->cgDirection(cmd, d, fine, *cg_, state, opening);
        scalars(kAlpha);
        stencil_->cgUpdate(cmd, d, fine, eq, *cg_, state, step);
    }
}

} // namespace billow::detail
