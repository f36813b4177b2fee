// Combustion, Buoyancy, Vorticity and Damping on the allocated bricks: the dense solver's rules
// (smoke3d/*_rule.glsl, smoke3d/*_force.glsl) run by brick kernels (shaders/sparse3d/).
#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SparseSmokeSolver3D::Impl::recordCombustion(VkCommandBuffer, float) {}  // TODO(forces helper)
void SparseSmokeSolver3D::Impl::recordBuoyancy(VkCommandBuffer, float) {}    // TODO(forces helper)
void SparseSmokeSolver3D::Impl::recordVorticity(VkCommandBuffer, float) {}   // TODO(forces helper)

void SparseSmokeSolver3D::Impl::recordDamping(VkCommandBuffer cmd, float dt) {
    const bool colourDamped = hasColour() && settings.colourDamping > 0.0f;
    if (settings.densityDamping > 0.0f || settings.temperatureRelaxation > 0.0f || settings.fuelDamping > 0.0f ||
        colourDamped) {
        kernels->dispatchIndirect(
            cmd,
            kernels::Sparse3dDampCells::Bindings{.brickMap = topology.brickMap.handle(), .activeList = topology.activeList.handle(),
                                                 .density = density.now(), .temperature = temperature.now(),
                                                 .fuel = fuel.now(), .colour = colour.now()},
            gpu::DampCellsPush3D{detail::decayFactor(settings.densityDamping, dt), detail::decayFactor(settings.temperatureRelaxation, dt),
                                 detail::decayFactor(settings.fuelDamping, dt), detail::decayFactor(settings.colourDamping, dt),
                                 settings.ambientTemperature, colourDamped ? 1 : 0},
            topology.header.handle(), kBrickDispatchOffset);
        barrier(cmd);
    }
    // TODO(forces helper): velocity damping and the speed limit.
}

} // namespace billow
