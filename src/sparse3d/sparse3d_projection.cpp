// The projection on the allocated bricks (Stam 1999, "Stable Fluids"): the dense divergence
// (smoke3d/divergence_rule.glsl) on every allocated cell, the pressure solved by the sparse
// multigrid (sparse3d_multigrid.hpp) with open air at p = 0, and the dense gradient subtraction
// (smoke3d/gradient.glsl) on every stored face.
//
// The pressure is always the whole pressure, warm-started from the previous step's (new bricks
// start at 0): SmokeSettings3D::pressureSolver and incrementalPressure are not read. The cycles
// stop at pressureTolerance (the relative residual max |r| / max |h^2/dt div|), or at 1e-4 when it
// is 0, after at most pressureIterations V-cycles, or when two cycles reduce the residual by less
// than kMultigridStallRatio (float32's floor on a warm-started pressure).
#include "core/barriers.hpp"
#include "pressure/projection_solve.hpp"
#include "sparse3d/sparse3d_impl.hpp"
#include "sparse3d/sparse3d_multigrid.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
// The relative residual the solve stops at when pressureTolerance is 0.
constexpr float kDefaultTolerance = 1e-4f;
} // namespace

void SparseSmokeSolver3D::Impl::recordDivergence(VkCommandBuffer cmd) {
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dDivergence::Bindings{
            .activeList = topology.activeList.handle(), .u = u.now(), .v = v.now(), .w = w.now(),
            .openX = open[0].handle(), .openY = open[1].handle(), .openZ = open[2].handle(),
            .solidVelocityX = solidVelocity[0].handle(), .solidVelocityY = solidVelocity[1].handle(),
            .solidVelocityZ = solidVelocity[2].handle(), .expansionSource = expansionSource.handle(),
            .divergence = divergence.handle()},
        gpu::DivergencePush3D{settings.combustion.enabled ? 1 : 0}, topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::allocatePressureLevels(uint32_t slots) {
    if (!multigrid) {
        multigrid = std::make_shared<detail::SparseMultigrid>(
            cs, *kernels, topology, std::array<uint32_t, 3>{settings.nx, settings.ny, settings.nz}, settings.cellSize,
            detail::poissonSidesOf(settings.boundaries));
        fixedBytes += multigrid->fixedBytes();
    }
    multigrid->allocateBrickLevels(slots);
    brickBytes += detail::SparseMultigrid::bytesPerBrick();
}

void SparseSmokeSolver3D::Impl::recordPressureSolve(VkCommandBuffer cmd, float dt) {
    multigrid->recordBoundaries(cmd, detail::poissonSidesOf(settings.boundaries), settings.cellSize);
    detail::SparsePressureSystem system;
    system.pressure = pressure.handle();
    system.divergence = divergence.handle();
    system.open = {open[0].handle(), open[1].handle(), open[2].handle()};
    system.rhsScale = settings.cellSize * settings.cellSize / dt;
    system.tolerance = settings.pressureTolerance > 0.0f ? settings.pressureTolerance : kDefaultTolerance;
    system.maxCycles = settings.pressureIterations;
    system.cycleHeadroom = settings.pressureIterationHeadroom;
    multigrid->recordSolve(cmd, system);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::recordSubtractGradient(VkCommandBuffer cmd, float dt) {
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dSubtractGradient::Bindings{
            .brickMap = topology.brickMap.handle(), .activeList = topology.activeList.handle(), .u = u.now(),
            .v = v.now(), .w = w.now(), .p = pressure.handle(), .openX = open[0].handle(), .openY = open[1].handle(),
            .openZ = open[2].handle(), .solidVelocityX = solidVelocity[0].handle(),
            .solidVelocityY = solidVelocity[1].handle(), .solidVelocityZ = solidVelocity[2].handle()},
        gpu::SubtractPush3D{dt}, topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

PressureResidual SparseSmokeSolver3D::Impl::pressureResidual(uint32_t recordsAgo) const {
    return multigrid->residual(recordsAgo);
}

} // namespace billow
