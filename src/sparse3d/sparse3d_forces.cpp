// Combustion, Buoyancy, Vorticity and Damping on the allocated bricks: the dense solver's rules
// (smoke3d/*_rule.glsl, smoke3d/*_force.glsl) run by brick kernels (shaders/sparse3d/), one
// workgroup per allocated brick, dispatched from the topology header.
//
// A step that fuses the velocity forces (SmokeSettings3D::fuseVelocityForces) records them in the
// Vorticity pass in the dense fused kernel's order (the confinement of the velocity before
// buoyancy, buoyancy, the confinement force, velocity damping), by the same kernels as the unfused
// passes: the dense solver's single fused kernel saves memory traffic, which the sparse solver does
// not (yet).
#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "grid/field_buffers.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SparseSmokeSolver3D::Impl::recordCombustion(VkCommandBuffer cmd, float dt) {
    const CombustionSettings& c = settings.combustion;
    if (!c.enabled) return;
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dCombustion::Bindings{.brickMap = topology.brickMap.handle(), .activeList = topology.activeList.handle(),
                                              .density = density.now(), .temperature = temperature.now(), .fuel = fuel.now(),
                                              .solid = solid.handle(), .expansionSource = expansionSource.handle()},
        gpu::CombustionPush3D{dt, c.ignitionTemperature, c.burnRate, c.heatRelease, c.smokeYield, c.expansion},
        topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::recordBuoyancy(VkCommandBuffer cmd, float dt) {
    if (!buoyancyApplies()) return;
    const auto& g = settings.gravity;
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dBuoyancy::Bindings{.brickMap = topology.brickMap.handle(), .activeList = topology.activeList.handle(),
                                            .u = u.now(), .v = v.now(), .w = w.now(), .density = density.now(),
                                            .temperature = temperature.now(), .openX = open[0].handle(),
                                            .openY = open[1].handle(), .openZ = open[2].handle()},
        gpu::BuoyancyPush3D{dt, g[0], g[1], g[2], settings.densityWeight, settings.thermalExpansion, settings.ambientTemperature},
        topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::recordConfinementCells(VkCommandBuffer cmd) {
    // Sized by the pool's capacity (growPool changes it while the queue is idle). Not zero-filled
    // (that would submit work while this command buffer is being recorded): the kernels write every
    // allocated cell's values before any is read.
    const VkDeviceSize bytes = VkDeviceSize(capacity) * BILLOW_BRICK_CELLS * 4 * sizeof(float);
    if (vorticityCells.size() != bytes) {
        // A new capacity (growPool, which waited for the queue): the old buffers are idle; the
        // kernels' descriptor sets that name them go with them.
        for (const GpuBuffer* old : {&vorticityCells, &confinementCells})
            if (old->handle() != VK_NULL_HANDLE) kernels->forgetBuffer(old->handle());
        vorticityCells = GpuBuffer(cs, bytes, detail::kFieldUsage, GpuBuffer::Kind::DeviceLocal);
        confinementCells = GpuBuffer(cs, bytes, detail::kFieldUsage, GpuBuffer::Kind::DeviceLocal);
    }
    const VkBuffer map = topology.brickMap.handle(), active = topology.activeList.handle();
    kernels->dispatchIndirect(cmd,
                              kernels::Sparse3dVorticityCells::Bindings{.brickMap = map, .activeList = active, .uIn = u.now(),
                                                                        .vIn = v.now(), .wIn = w.now(),
                                                                        .vorticityCells = vorticityCells.handle()},
                              topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
    kernels->dispatchIndirect(cmd,
                              kernels::Sparse3dConfinementCells::Bindings{.brickMap = map, .activeList = active,
                                                                          .vorticityCells = vorticityCells.handle(),
                                                                          .confinementCells = confinementCells.handle()},
                              topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::recordVorticity(VkCommandBuffer cmd, float dt) {
    // The sparse solver has no Vorticity diagnostic field: without confinement nothing is needed.
    if (!confinementApplies()) return;
    recordConfinementCells(cmd);
    recordConfinementForce(cmd, dt);
}

void SparseSmokeSolver3D::Impl::recordConfinementForce(VkCommandBuffer cmd, float dt) {
    const VkBuffer map = topology.brickMap.handle(), active = topology.activeList.handle();
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dVorticityForce::Bindings{.brickMap = map, .activeList = active, .u = u.now(), .v = v.now(),
                                                  .w = w.now(), .confinementCells = confinementCells.handle(),
                                                  .openX = open[0].handle(), .openY = open[1].handle(), .openZ = open[2].handle()},
        gpu::VorticityPush3D{dt, settings.vorticity}, topology.header.handle(), kBrickDispatchOffset);
    barrier(cmd);
}

void SparseSmokeSolver3D::Impl::recordDamping(VkCommandBuffer cmd, float dt, bool velocity) {
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
    if (velocity) recordVelocityDamping(cmd, dt);
}

void SparseSmokeSolver3D::Impl::recordVelocityDamping(VkCommandBuffer cmd, float dt) {
    if (velocityDampingApplies()) {
        kernels->dispatchIndirect(
            cmd,
            kernels::Sparse3dDampVelocity::Bindings{.brickMap = topology.brickMap.handle(), .activeList = topology.activeList.handle(),
                                                    .u = u.now(), .v = v.now(), .w = w.now(), .openX = open[0].handle(),
                                                    .openY = open[1].handle(), .openZ = open[2].handle()},
            gpu::DampVelocityPush3D{detail::decayFactor(settings.velocityDamping, dt), settings.maxSpeed},
            topology.header.handle(), kBrickDispatchOffset);
        barrier(cmd);
    }
}

void SparseSmokeSolver3D::Impl::recordVelocityForces(VkCommandBuffer cmd, float dt) {
    const bool confinement = confinementApplies();
    if (confinement) recordConfinementCells(cmd);  // of the velocity before buoyancy
    recordBuoyancy(cmd, dt);
    if (confinement) recordConfinementForce(cmd, dt);
    recordVelocityDamping(cmd, dt);
}

} // namespace billow
