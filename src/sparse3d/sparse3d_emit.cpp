// The Emit pass on the allocated bricks: the dense solver's emitter maths (smoke3d/emit_rule.glsl)
// run by sparse3d/emit_velocity.comp (the pull toward the target velocity on open faces) and
// sparse3d/emit_cells.comp (density, temperature, fuel, colour at cell centres), over every active
// brick; bricks outside the box of samples the emitters reach (the dense solver's box,
// emitterSamples) leave at once. An emitter over missing bricks adds nothing there: the Topology
// pass allocates the bricks emitters overlap before this pass.
#include "core/barriers.hpp"
#include "smoke3d/emitter3d.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

void SparseSmokeSolver3D::Impl::recordEmit(VkCommandBuffer cmd, float dt) {
    if (emitters.empty()) return;
    // As the dense solver: the set is uploaded inside every Emit pass (at most 5 KiB).
    emitters.recordUpload(cs, cmd);
    const EmitterReach3D reach = emitterReach(emitters.pending());
    const int count = static_cast<int>(emitters.size());
    auto push = [&](const EmitterSamples3D& box) {
        return gpu::SparseEmitPush3D{count, dt, box.first[0], box.first[1], box.first[2], box.last[0], box.last[1], box.last[2]};
    };
    if (reach.coupling) {
        if (const std::optional<EmitterSamples3D> faces = emitterSamples(reach, settings, true)) {
            kernels->dispatchIndirect(cmd,
                                      kernels::Sparse3dEmitVelocity::Bindings{.brickMap = topology.brickMap.handle(),
                                                                              .activeList = topology.activeList.handle(),
                                                                              .emitters = emitters.buffer(),
                                                                              .u = u.now(),
                                                                              .v = v.now(),
                                                                              .w = w.now(),
                                                                              .openX = open[0].handle(),
                                                                              .openY = open[1].handle(),
                                                                              .openZ = open[2].handle()},
                                      push(*faces), topology.header.handle(), kBrickDispatchOffset);
            barrier(cmd);
        }
    }
    if (const std::optional<EmitterSamples3D> cells = emitterSamples(reach, settings, false)) {
        kernels->dispatchIndirect(cmd,
                                  kernels::Sparse3dEmitCells::Bindings{.brickMap = topology.brickMap.handle(),
                                                                       .activeList = topology.activeList.handle(),
                                                                       .emitters = emitters.buffer(),
                                                                       .density = density.now(),
                                                                       .temperature = temperature.now(),
                                                                       .fuel = fuel.now(),
                                                                       .colour = colour.now()},
                                  push(*cells), topology.header.handle(), kBrickDispatchOffset);
        barrier(cmd);
    }
}

} // namespace billow
