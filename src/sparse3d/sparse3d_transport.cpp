// The Advect pass on the allocated bricks: the velocity and the cell fields carried by the
// pre-advection velocity, semi-Lagrangian (the dense solver's rules, smoke3d/advect_*_rule.glsl,
// run by sparse3d/advect_*.comp), into the other copy of each ping-pong pair, which then becomes
// current. A back-trace that leaves the allocated bricks reads open air (sparse3d/bricks.glsl).
//
// Not carried over from the dense solver:
//   - the corrected schemes (MacCormack, BFECC): they need a third copy of every pool (the dense
//     solver's scratch); detail::requireSparseSupports refuses them by name;
//   - massCorrection: ignored. The dense correction restores the totals of density and fuel that
//     the interpolation's smoothing loses, from sums over the whole grid plus the flux through the
//     sides; on bricks the sums would run over the active bricks and the flux through their
//     open-air border too (content leaving the allocated set is lost by design when the topology
//     refuses bricks). Not built yet; docs/sparse-smoke3d-transport.md.
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
                              gpu::AdvectPush3D{dt, ambient, BILLOW_ADVECT_SCALARS}, header, kBrickDispatchOffset);
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
                                  gpu::AdvectPush3D{dt, ambient, BILLOW_ADVECT_COLOUR}, header, kBrickDispatchOffset);
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
                              gpu::AdvectPush3D{dt, ambient, 0}, header, kBrickDispatchOffset);
    barrier(cmd);
    for (PingPong* p : {&u, &v, &w, &density, &temperature, &fuel, &colour}) p->swap();
}

} // namespace billow
