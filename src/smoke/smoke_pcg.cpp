// Multigrid-preconditioned conjugate gradient for the pressure equation, entirely on the GPU:
// dot products are workgroup sums into a small buffer that one workgroup adds up (cg_scalars.comp),
// which also computes alpha and beta into the gate's state buffer, where the next kernels read
// them: nothing is read back by the host.
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

#include "core/barriers.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
enum ScalarsMode { kAlpha = 0, kBeta = 1, kMean = 2 };
}

void SmokeSolver::Impl::recordPreconditioner(VkCommandBuffer cmd) {
    // The V-cycle works on its finest level's unknown and right-hand side: z and r here.
    finestPressure = &cg->z;
    finestRhs = cg->r.handle();
    recordVCycle(cmd, 1.0f);
    finestPressure = &pressure;
    finestRhs = VK_NULL_HANDLE;
}

void SmokeSolver::Impl::recordMultigridPCG(VkCommandBuffer cmd, float rhsScale) {
    const size_t cells = size_t(nx) * ny;
    const uint32_t groups = detail::KernelSet::groupCountX(nx) * detail::KernelSet::groupCountY(ny);
    if (!cg) {
        cg = std::make_unique<ConjugateGradientBuffers>();
        const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        auto field = [&] { return detail::GpuBuffer(cs, cells * sizeof(float), usage, detail::GpuBuffer::Kind::DeviceLocal); };
        cg->r = field();
        cg->q = field();
        cg->partials = detail::GpuBuffer(cs, size_t(groups) * 2 * sizeof(float), usage, detail::GpuBuffer::Kind::DeviceLocal);
        for (int c = 0; c < 2; ++c) {
            cg->z.copies[c] = field();
            cg->d.copies[c] = field();
        }
    }
    const bool stop = stopsAtTolerance();
    const bool singular = std::none_of(settings.boundaries.begin(), settings.boundaries.end(),
                                       [](const BoundarySide& b) { return b.type == BoundaryType::Outflow; });
    const VkBuffer state = gate->state(), partials = cg->partials.handle(), r = cg->r.handle(), q = cg->q.handle();
    const VkBuffer ox = openX.handle(), oy = openY.handle();
    // Every dispatch below runs through the gate when stopping at a tolerance, and is followed by
    // a barrier; whole-grid kernels cover the cells, cg_scalars is one workgroup.
    auto wholeGrid = [&](std::string_view kernel, std::initializer_list<VkBuffer> buffers, bool first = false) {
        dispatchSolverKernel(cmd, gridUniform.handle(), kernel, buffers, gpu::CgPush{rhsScale, 0, first ? 1 : 0, int(groups)},
                             nx, ny);
        detail::computeBarrier(cs, cmd);
    };
    auto scalars = [&](ScalarsMode mode, bool first = false) {
        dispatchSolverKernel(cmd, gridUniform.handle(), "cg_scalars", {state, partials},
                             gpu::CgPush{rhsScale, mode, first ? 1 : 0, int(groups)}, 1, 1);
        detail::computeBarrier(cs, cmd);
    };

    if (stop) gate->recordBegin(cmd);
    gating = stop;
    wholeGrid("cg_residual", {pressure.now(), divergence.handle(), ox, oy, r, cg->z.now(), state, partials});
    for (uint32_t k = 0;; ++k) {
        const bool last = k == settings.pressureIterations;
        if (stop) gate->recordCheck(cmd, settings.pressureTolerance, last);  // never gated itself
        if (last) break;
        const bool first = k == 0;
        if (singular) {
            scalars(kMean);  // the partials of cg_residual / cg_update: (sum r, open cells)
            wholeGrid("cg_remove_mean", {r, ox, oy, state});
        }
        recordPreconditioner(cmd);
        wholeGrid("cg_dots", {r, cg->z.now(), q, partials, state}, first);
        scalars(kBeta, first);
        wholeGrid("cg_direction", {cg->z.now(), cg->d.now(), ox, oy, cg->d.other(), q, state, partials}, first);
        cg->d.swap();
        scalars(kAlpha);
        wholeGrid("cg_update", {pressure.now(), cg->d.now(), r, q, cg->z.now(), ox, oy, state, partials});
    }
    gating = false;
}

} // namespace billow
