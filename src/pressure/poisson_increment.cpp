// The incremental projection's solve (Van Kan 1986's pressure-increment form, applied to the
// projection of Stam 1999): the velocity carries -grad p of the previous pressure before its
// divergence is taken, and the solve finds only this step's change d of the pressure, from d = 0.
#include <algorithm>

#include "core/barriers.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/pressure_types.h"

namespace billow::detail {

void PoissonSolver::recordIncrementSolve(VkCommandBuffer cmd, const PoissonSolveSettings& requested, float rhsScale,
                                         const Absorb& absorb) {
    const PoissonSolveSettings settings = recordedSettings(requested);
    const size_t cells = system_.shape.cells();
    // Allocated while recording, so not zero-filled by a blocking upload: both copies are filled
    // below the first time.
    const bool first = increment_.copies[0].handle() == VK_NULL_HANDLE;
    if (first)
        for (int c = 0; c < 2; ++c)
            increment_.copies[c] = GpuBuffer(context_, cells * sizeof(float), kFieldUsage, GpuBuffer::Kind::DeviceLocal);
    // d = 0: the start of every solve (the last step's increment is still in it). Earlier kernels
    // read it (the last step's gradient subtraction).
    auto zero = [&](bool both) {
        memoryBarrier(context_, cmd, kComputeReadWrite, kTransferWrite);
        context_.vk.vkCmdFillBuffer(cmd, increment_.now(), 0, VK_WHOLE_SIZE, 0u);
        if (both) context_.vk.vkCmdFillBuffer(cmd, increment_.other(), 0, VK_WHOLE_SIZE, 0u);
        memoryBarrier(context_, cmd, kTransferWrite, kComputeReadWrite);
    };
    zero(first);
    unknown_ = &increment_;
    const bool twoStages = absorb && settings.iterations > kIncrementRestart && solvesToTolerance(settings.method);
    if (twoStages) {
        // The second stage solves for what the first left, with a far smaller right-hand side:
        // a tracked residual stays relative to this step's whole right-hand side, measured here.
        if (settings.trackResidual) recordReportRhs(cmd, rhsScale);
        // Not gated: once the first stage reached the tolerance its increment is the solution,
        // still to be absorbed; the second stage's iterations are then skipped and leave 0.
        recordStage(cmd, settings, rhsScale, {kIncrementRestart, true, false});
        absorb(cmd, increment_.now());
        recordAddIncrement(cmd);
        zero(false);
        recordStage(cmd, settings, rhsScale, {settings.iterations - kIncrementRestart, false, true});
    } else {
        recordIterations(cmd, settings, rhsScale);
    }
    if (settings.trackResidual || settings.stopsAtTolerance())
        recordReport(cmd, settings, rhsScale, twoStages && settings.trackResidual);
    unknown_ = system_.unknown;
    recordAddIncrement(cmd);
}

void PoissonSolver::recordAddIncrement(VkCommandBuffer cmd) {
    // p += d, in rows of kRowGroups workgroups.
    constexpr uint32_t kRowGroups = 256;
    const uint32_t cells = static_cast<uint32_t>(system_.shape.cells());
    const uint32_t groups = KernelSet::groupsCovering(cells, BILLOW_INCREMENT_GROUP);
    const uint32_t groupsX = std::min(groups, kRowGroups);
    const uint32_t rows = KernelSet::groupsCovering(groups, groupsX);
    kernels_->dispatchGroups(cmd,
                             kernels::PressureAddIncrement::Bindings{.p = system_.unknown->now(),
                                                                     .increment = increment_.now()},
                             gpu::IncrementPush{cells, groupsX * BILLOW_INCREMENT_GROUP}, groupsX, rows);
    computeBarrier(context_, cmd);
}

} // namespace billow::detail
