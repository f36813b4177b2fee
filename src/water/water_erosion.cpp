// Erosion on both lattices: the sediment carried by each substep's flows, and once a frame the
// evaporation, the dissolving and deposition of soil (hydraulic erosion) and the thermal slides.
#include "water/water_solver_impl.hpp"

namespace billow {

void WaterSolver::Impl::recordSedimentTransport(VkCommandBuffer, const gpu::WaterStepPush&) {
    if (!settings.erosion.hydraulic.enabled) return;
    throw Error("WaterSolver: hydraulic erosion is not built yet");
}

void WaterSolver::Impl::recordErosion(VkCommandBuffer, float) {
    if (!settings.erosion.hydraulic.enabled && !settings.erosion.thermal.enabled && settings.evaporation == 0.0f) return;
    throw Error("WaterSolver: erosion is not built yet");
}

} // namespace billow
