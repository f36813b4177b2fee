// The Advect pass on the allocated bricks: the velocity and the cell fields carried by the
// pre-advection velocity, semi-Lagrangian (the dense solver's rules, smoke3d/advect_*_rule.glsl,
// run by sparse3d/advect_*.comp), into the other copy of each ping-pong pair, which then becomes
// current. A back-trace that leaves the allocated bricks reads open air (sparse3d/bricks.glsl).
//
// With massCorrection the totals of density and fuel are then kept as on the dense grid (one
// factor per field: grid/mass_correction.hpp), over the allocated bricks, counting what the
// velocity carried out through the domain's open sides and what the advection carried into
// missing bricks (sparse3d/mass_sums.comp): smoke flowing into bricks a full pool refused is lost
// there, never spread over the rest, and the pool report says how much (lostDensity, lostFuel).
//
// Not carried over from the dense solver: the corrected schemes (MacCormack, BFECC). They need a
// third copy of every pool (the dense solver's scratch); detail::requireSparseSupports refuses
// them by name.
#include "core/barriers.hpp"
#include "grid/interpolation_variant.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SparseSmokeSolver3D::Impl::recordAdvect(VkCommandBuffer cmd, float dt) {
    const detail::KernelVariant interpolation = detail::interpolationVariant(settings.advectionInterpolation);
    const float ambient = settings.ambientTemperature;
    const VkBuffer header = topology.header.handle();
    // Every kernel reads the current copies and writes the other ones: no barrier between them.
    kernels->dispatchIndirect(cmd,
                              kernels::Sparse3dAdvectCells::Bindings{.variant = interpolation,
                                                                     .brickMap = topology.brickMap.handle(),
                                                                     .activeList = topology.activeList.handle(),
                                                                     .uIn = u.now(),
                                                                     .vIn = v.now(),
                                                                     .wIn = w.now(),
                                                                     .densityIn = density.now(),
                                                                     .temperatureIn = temperature.now(),
                                                                     .fuelIn = fuel.now(),
                                                                     .densityOut = density.other(),
                                                                     .temperatureOut = temperature.other(),
                                                                     .fuelOut = fuel.other(),
                                                                     .solid = solid.handle()},
                              gpu::AdvectPush3D{dt, ambient, BILLOW_ADVECT_SCALARS, 0}, header, kBrickDispatchOffset);
    if (hasColour())
        kernels->dispatchIndirect(cmd,
                                  kernels::Sparse3dAdvectColour::Bindings{.variant = interpolation,
                                                                          .brickMap = topology.brickMap.handle(),
                                                                          .activeList = topology.activeList.handle(),
                                                                          .uIn = u.now(),
                                                                          .vIn = v.now(),
                                                                          .wIn = w.now(),
                                                                          .colourIn = colour.now(),
                                                                          .colourOut = colour.other(),
                                                                          .solid = solid.handle()},
                                  gpu::AdvectPush3D{dt, ambient, BILLOW_ADVECT_COLOUR, 0}, header, kBrickDispatchOffset);
    kernels->dispatchIndirect(cmd,
                              kernels::Sparse3dAdvectVelocity::Bindings{.variant = interpolation,
                                                                        .brickMap = topology.brickMap.handle(),
                                                                        .activeList = topology.activeList.handle(),
                                                                        .uIn = u.now(),
                                                                        .vIn = v.now(),
                                                                        .wIn = w.now(),
                                                                        .uOut = u.other(),
                                                                        .vOut = v.other(),
                                                                        .wOut = w.other(),
                                                                        .openX = open[0].handle(),
                                                                        .openY = open[1].handle(),
                                                                        .openZ = open[2].handle()},
                              gpu::AdvectPush3D{dt, ambient, 0, 0}, header, kBrickDispatchOffset);
    if (settings.massCorrection) recordMassCorrection(cmd, dt);
    barrier(cmd);
    for (PingPong* p : {&u, &v, &w, &density, &temperature, &fuel, &colour}) p->swap();
}

void SparseSmokeSolver3D::Impl::recordMassCorrection(VkCommandBuffer cmd, float dt) {
    // Slot 0 density, slot 1 fuel; inflowField: the inflow value each takes (0 density, 2 fuel).
    // The sums read the advected copies (other()) and the pre-advection velocity (now()).
    barrier(cmd);
    const PingPong* fields[] = {&density, &fuel};
    const int inflowFields[] = {0, 2};
    const int cells = static_cast<int>(capacity * BILLOW_BRICK_CELLS);
    for (int f = 0; f < 2; ++f)
        kernels->dispatchGroups(cmd,
                                kernels::Sparse3dMassSums::Bindings{.brickMap = topology.brickMap.handle(),
                                                                    .brickCoords = topology.brickCoords.handle(),
                                                                    .before = fields[f]->now(),
                                                                    .after = fields[f]->other(),
                                                                    .solid = solid.handle(),
                                                                    .uIn = u.now(),
                                                                    .vIn = v.now(),
                                                                    .wIn = w.now(),
                                                                    .openX = open[0].handle(),
                                                                    .openY = open[1].handle(),
                                                                    .openZ = open[2].handle(),
                                                                    .partials = massCorrection.partials()},
                                gpu::SparseMassSumsPush{dt, f, inflowFields[f], cells}, massCorrection.groups(), 1);
    massCorrection.recordFactors(cmd, *kernels, 2);
    // What went into missing bricks (the partials' w): both fields' partials into the report ring.
    const detail::ResultRing::Slot slot = lostRing.begin(cmd);
    detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite, detail::kTransferRead);
    const VkDeviceSize groupBytes = VkDeviceSize(massCorrection.groups()) * 4 * sizeof(float);
    const VkBufferCopy regions[2] = {
        {0, lostRing.payloadOffset(slot.index), groupBytes},
        {VkDeviceSize(BILLOW_MASS_MAX_GROUPS) * 4 * sizeof(float), lostRing.payloadOffset(slot.index) + groupBytes, groupBytes}};
    cs.vk.vkCmdCopyBuffer(cmd, massCorrection.partials(), lostRing.buffer(), 2, regions);
    lostRing.end(cmd, slot, stepsRecorded + 1, 0);
    for (int f = 0; f < 2; ++f)
        kernels->dispatchIndirect(cmd,
                                  kernels::Sparse3dMassScale::Bindings{.brickMap = topology.brickMap.handle(),
                                                                       .activeList = topology.activeList.handle(),
                                                                       .field = fields[f]->other(),
                                                                       .factors = massCorrection.factors()},
                                  gpu::MassScalePush{0, f, 0, 0}, topology.header.handle(), kBrickDispatchOffset);
}

} // namespace billow
