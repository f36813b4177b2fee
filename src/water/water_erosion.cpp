// Erosion on both lattices: the sediment carried by each substep's flows, and once a frame the
// evaporation, the dissolving and deposition of soil (hydraulic erosion) and the thermal slides.
// The maths is in shaders/water/sediment.comp and erosion.comp; docs/shallow-water.md, "Erosion".
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/barriers.hpp"
#include "water/water_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void WaterSolver::Impl::recordSedimentTransport(VkCommandBuffer cmd, const gpu::WaterStepPush& push) {
    if (!settings.erosion.hydraulic.enabled) return;
    // Reads the depth before the update and the flows before scaling, both of which the depth
    // pass then writes: the barrier after it orders those writes after these reads.
    kernels->dispatch(cmd,
                      kernels::WaterSediment::Bindings{.depth = depth.handle(), .flowXIn = flowXUnscaled.handle(),
                                                       .flowYIn = flowYUnscaled.handle(),
                                                       .flowZIn = flowZUnscaled.handle(), .scale = scale.handle(),
                                                       .sedimentIn = sediment.now(), .sedimentOut = sediment.other()},
                      push, nx, ny);
    detail::computeBarrier(cs, cmd);
    sediment.swap();
}

void WaterSolver::Impl::recordErosion(VkCommandBuffer cmd, float dt) {
    const HydraulicErosionSettings& hydraulic = settings.erosion.hydraulic;
    const ThermalErosionSettings& thermal = settings.erosion.thermal;
    if (!hydraulic.enabled && !thermal.enabled && settings.evaporation == 0.0f) return;
    const double edges = settings.lattice == WaterLattice::Triangle ? 6.0 : 4.0;
    gpu::WaterErosionPush push{};
    push.dt = dt;
    push.evaporationFactor = static_cast<float>(std::exp(-double(settings.evaporation) * dt));
    push.capacity = hydraulic.capacity;
    push.minimumTilt = hydraulic.minimumTilt;
    push.dissolveRate = hydraulic.dissolveRate;
    push.depositFraction = static_cast<float>(-std::expm1(-double(hydraulic.depositRate) * dt));
    push.deepWaterLimit = hydraulic.deepWaterLimit;
    push.slideFraction = static_cast<float>(std::min(double(thermal.rate) * dt, 1.0) / (2.0 * edges));
    push.talusDrop = static_cast<float>(settings.cellSize * std::tan(double(thermal.talusAngle) * std::numbers::pi / 180.0));
    push.hydraulic = hydraulic.enabled ? 1 : 0;
    push.thermal = thermal.enabled ? 1 : 0;
    push.erodingDepth = std::max(settings.dryDepth, hydraulic.sheetFlowDepth);
    // `scale` is free once the substeps are done (the next substep's flow pass rewrites it): it
    // holds each cell's terrain change between the two passes.
    kernels->dispatch(cmd,
                      kernels::WaterErosion::Bindings{.terrain = terrain.handle(), .depth = depth.handle(),
                                                      .velocity = velocity.handle(), .sediment = sediment.now(),
                                                      .hardness = hardness.handle(), .delta = scale.handle()},
                      push, nx, ny);
    detail::computeBarrier(cs, cmd);
    if (!hydraulic.enabled && !thermal.enabled) return;
    kernels->dispatch(cmd, kernels::WaterErosionApply::Bindings{.terrain = terrain.handle(), .delta = scale.handle()},
                      nx, ny);
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
