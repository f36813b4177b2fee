// Recording of a water frame: brushes, substeps (new flows + outflow scale, then scaling + depth update),
// dye advection and the engine's particles (water_particles.cpp), with a compute->compute barrier after every dispatch.
#include <cmath>
#include <limits>
#include <string>

#include "core/barriers.hpp"
#include "core/validation.hpp"
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
// The typed kernels (billow_kernels.hpp). A qualified name `kernels::X` looks up namespaces only,
// so it is not confused with the member `kernels` (the kernel set).
namespace kernels = detail::kernels;
} // namespace

uint32_t WaterSolver::Impl::recordFrame(VkCommandBuffer cmd, float dt) {
    detail::requireTimeStep(dt);
    if (rain.rate > 0.0f) {
        // The rain may deepen the deepest cell: keep the stability bound ahead of it.
        hostDepthBound = knownMaxDepth() + static_cast<float>(double(rain.rate) * dt);
        hostBoundFrame = framesRecorded;
    }
    const double limit = stableTimeStep();
    const double needed = std::ceil(double(dt) / limit);
    if (needed > settings.maxSubsteps)
        throw InvalidArgument("dt", "a frame of " + std::to_string(dt) + " s needs " + std::to_string(needed) +
                                        " substeps of at most " + std::to_string(limit) +
                                        " s (the stability limit), more than WaterSettings::maxSubsteps = " +
                                        std::to_string(settings.maxSubsteps));
    (void)bodySubsteps(dt);  // refuses a frame too long for the bodies before anything is recorded
    const uint32_t substeps = std::max(1u, static_cast<uint32_t>(needed));
    const float subDt = static_cast<float>(double(dt) / substeps);

    timer.begin(cmd, 0);
    recordBrushes(cmd, dt);
    recordBodies(cmd, dt);

    // DepthPipes and Momentum: the last substep measures the largest depth (and face speed) into
    // this frame's slot.
    int trackSlot = 0;
    if (measuresMaxima()) {
        const uint32_t slot = stats.slotFor(framesRecorded);
        // Clear the maxima this frame measures (depth, and speed with Momentum: the next word).
        detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite, detail::kTransferWrite);
        static_assert(BILLOW_WATER_STAT_MAX_SPEED == BILLOW_WATER_STAT_MAX_DEPTH + 1);
        stats.recordFill(cs, cmd, slot, BILLOW_WATER_STAT_MAX_DEPTH, settings.model == WaterModel::Momentum ? 2 : 1, 0);
        detail::memoryBarrier(cs, cmd, detail::kTransferWrite, detail::kComputeReadWrite);
        trackSlot = static_cast<int>(slot) + 1;
    }
    for (uint32_t s = 0; s < substeps; ++s)
        recordSubstep(cmd, subDt, time + double(s) * subDt, s + 1 == substeps, s + 1 == substeps ? trackSlot : 0);
    recordErosion(cmd, dt);
    recordDye(cmd, dt);
    recordParticles(cmd, dt);
    // The depth measurement is read by the host once the frame has completed.
    if (trackSlot) detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite, detail::kHostRead);

    recordHealthScan(cmd);
    recordProbes(cmd);
    timer.end(cmd, 0);
    time += dt;
    lastSubsteps = substeps;
    ++framesRecorded;
    return substeps;
}

void WaterSolver::Impl::recordBrushes(VkCommandBuffer cmd, float dt) {
    const bool raining = rain.rate > 0.0f || rain.dye > 0.0f;
    if (brushes.empty() && !raining) return;
    brushes.recordUpload(cs, cmd);
    gpu::WaterBrushPush push{};
    push.count = static_cast<int>(brushes.size());
    push.rainDepth = static_cast<float>(double(rain.rate) * dt);
    push.rainDye = static_cast<float>(double(rain.dye) * dt);
    push.rainMinX = rain.minX;
    push.rainMinY = rain.minY;
    push.rainMaxX = rain.maxX;
    push.rainMaxY = rain.maxY;
    kernels->dispatch(cmd,
                      kernels::WaterBrush::Bindings{.brushes = brushes.buffer(), .depth = depth.handle(),
                                                    .terrain = terrain.handle(), .dye = dye.now()},
                      push, nx, ny);
    detail::computeBarrier(cs, cmd);
    brushes.clear();
}

void WaterSolver::Impl::recordSubstep(VkCommandBuffer cmd, float dt, double startTime, bool last, int trackSlot) {
    gpu::WaterStepPush push{};
    push.dt = dt;
    push.time = static_cast<float>(startTime);
    push.frictionFactor = static_cast<float>(std::pow(1.0 - double(settings.friction), double(dt)));
    push.trackMaxDepth = trackSlot;
    push.lastSubstep = last ? 1 : 0;
    const bool triangle = settings.lattice == WaterLattice::Triangle;
    if (triangle)
        recordTriangleFlows(cmd, push);
    else
        recordSquareFlows(cmd, push);
    detail::computeBarrier(cs, cmd);
    recordSedimentTransport(cmd, push);
    if (triangle)
        recordTriangleDepth(cmd, push);
    else
        recordSquareDepth(cmd, push);
    detail::computeBarrier(cs, cmd);
}

void WaterSolver::Impl::recordSquareFlows(VkCommandBuffer cmd, const gpu::WaterStepPush& push) {
    // The pipe models take two passes, the momentum model three (shaders/water/flow.comp,
    // water_momentum*.comp and water/depth.comp say why the flows go through the unscaled buffers
    // and back).
    if (settings.model == WaterModel::Momentum) {
        kernels->dispatch(cmd,
                          kernels::WaterMomentum::Bindings{.terrain = terrain.handle(), .depth = depth.handle(),
                                                           .velocityXIn = faceVelocityX.now(),
                                                           .velocityYIn = faceVelocityY.now(),
                                                           .velocityXOut = faceVelocityX.other(),
                                                           .velocityYOut = faceVelocityY.other(),
                                                           .flowX = flowX.handle(), .flowY = flowY.handle(),
                                                           .boundary = boundaryTable.handle(),
                                                           .stats = stats.buffer(),
                                                           .displacement = displacement.handle()},
                          push, nx + 1, ny + 1);
        detail::computeBarrier(cs, cmd);
        kernels->dispatch(cmd,
                          kernels::WaterMomentumFlow::Bindings{.depth = depth.handle(),
                                                               .velocityX = faceVelocityX.other(),
                                                               .velocityY = faceVelocityY.other(),
                                                               .boundary = boundaryTable.handle(),
                                                               .flowXOut = flowXUnscaled.handle(),
                                                               .flowYOut = flowYUnscaled.handle(),
                                                               .scale = scale.handle()},
                          push, nx, ny);
        faceVelocityX.swap();
        faceVelocityY.swap();
        return;
    }
    kernels->dispatch(cmd,
                      kernels::WaterFlow::Bindings{.terrain = terrain.handle(), .depth = depth.handle(),
                                                   .flowXIn = flowX.handle(), .flowYIn = flowY.handle(),
                                                   .boundary = boundaryTable.handle(),
                                                   .flowXOut = flowXUnscaled.handle(),
                                                   .flowYOut = flowYUnscaled.handle(), .scale = scale.handle(),
                                                   .displacement = displacement.handle()},
                      push, nx, ny);
}

void WaterSolver::Impl::recordSquareDepth(VkCommandBuffer cmd, const gpu::WaterStepPush& push) {
    kernels->dispatch(cmd,
                      kernels::WaterDepth::Bindings{.depth = depth.handle(), .flowXIn = flowXUnscaled.handle(),
                                                    .flowYIn = flowYUnscaled.handle(), .scale = scale.handle(),
                                                    .flowXOut = flowX.handle(), .flowYOut = flowY.handle(),
                                                    .velocity = velocity.handle(), .stats = stats.buffer()},
                      push, nx, ny);
}

void WaterSolver::Impl::recordDye(VkCommandBuffer cmd, float dt) {
    gpu::WaterDyePush push{dt, static_cast<float>(std::exp(-double(settings.dyeDecay) * dt))};
    kernels->dispatch(cmd,
                      kernels::WaterDye::Bindings{.velocity = velocity.handle(), .depth = depth.handle(),
                                                  .dyeIn = dye.now(), .dyeOut = dye.other()},
                      push, nx, ny);
    detail::computeBarrier(cs, cmd);
    dye.swap();
}

} // namespace billow
