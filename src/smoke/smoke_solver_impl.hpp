// SmokeSolver's private state: the GPU buffers (ping-pong pairs with a host-side "current"
// index), the kernels, the pressure solver and the queued splats (the step layer, SolverCore,
// has the timer, the health ring and the call guard). The passes are recorded by one file per
// family, which a step visits in this order (smoke_solver.cpp records them in SmokePass order):
//   smoke_colliders.cpp   Colliders (and the faces' open fractions)
//   smoke_reflection.cpp  Reflect (advection-reflection's first half)
//   smoke_transport.cpp   Advect (and the mass correction)
//   smoke_emit.cpp        Inject (the splats)
//   smoke_forces.cpp      Buoyancy, Vorticity (and the fused velocity forces)
//   smoke_diffusion.cpp   Diffuse, Damping
//   smoke_projection.cpp  Divergence, PressureSolve, SubtractGradient
// and after the whole step smoke_collider_forces.cpp (the forces on the colliders) and
// smoke_probes.cpp (the probes' samples).
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "billow/smoke_solver.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/gpu_timer.hpp"
#include "core/health_ring.hpp"
#include "core/host_edit_queue.hpp"
#include "core/kernel_set.hpp"
#include "grid/smoke_core.hpp"
#include "core/uniform_buffer.hpp"
#include "grid/colliders.hpp"
#include "grid/field_buffers.hpp"
#include "grid/mass_correction.hpp"
#include "pressure/implicit_diffusion.hpp"
#include "pressure/poisson_solver.hpp"
#include "common/grid_types.h"
#include "smoke/smoke_types.h"

namespace billow {

using detail::PingPong;  // the smoke fields' pairs

struct SmokeSolver::Impl : detail::SmokeCore<SmokeSettings, SmokePass> {
    uint32_t nx, ny, dyeNx, dyeNy;

    detail::UniformBuffer<gpu::GridParams> gridUniform;
    PingPong u, v, density, temperature, dye, pressure;
    detail::GpuBuffer divergence, curl, solid, openX, openY;
    detail::HostEditQueue<gpu::GpuSplat> splats;  // applied by the next Inject pass
    // The current set, uploaded by every Inject pass; its buffer allocated by the first non-empty set.
    detail::HostEditQueue<gpu::GpuEmitter2D> emitters;

    std::vector<float> solidHost;

    // Moving colliders (smoke_colliders.cpp; the set is SmokeCore's). While some are rasterised,
    // `solid` holds the mask combined with them and `staticSolid` the mask alone; the solid
    // velocities are the normal velocities of the faces' closed parts. Allocated by the first
    // non-empty set.
    detail::GpuBuffer staticSolid, solidVelocityX, solidVelocityY;

    // Advection-reflection (smoke_reflection.cpp), allocated when first enabled: the midpoint
    // projection's pressure (its own warm-start history: its solution is unlike the final
    // projection's) and the projected midpoint velocity.
    PingPong midpointPressure;
    detail::GpuBuffer midpointU, midpointV;

    Impl(std::shared_ptr<Context> ctx, const SmokeSettings& s);

    // The host state a recorded step changes (besides the timer's and the health ring's).
    void keepOwnState(detail::RecordSnapshot& saved) override;
    void recordHealthScan(VkCommandBuffer cmd) override;
    // smoke_probes.cpp: the probes' samples after a whole step.
    void recordProbes(VkCommandBuffer cmd) override;
    // smoke_particles.cpp: the particles through the step's final velocity.
    void recordParticles(VkCommandBuffer cmd, float dt) override;

    gpu::GridParams gridParams() const;
    // Recomputes the face open fractions and re-applies the prescribed boundary velocities
    // (blocking). Called after obstacles or boundaries change.
    void refreshGeometry();

    // One pass, on its own (recordPass) or inside a full step that fuses the velocity forces
    // (`fusedForces`): Vorticity then records the curl and velocity_forces.comp (buoyancy,
    // confinement, velocity damping and speed limit), Buoyancy nothing, Damping only the scalars.
    void recordPass(VkCommandBuffer cmd, SmokePass pass, float dt, bool fusedForces = false) override;

    // smoke_colliders.cpp. Uploads and rasterises the colliders when their set changed since the
    // last rasterisation.
    void recordColliders(VkCommandBuffer cmd);
    void allocateColliderBuffers();
    // smoke_collider_forces.cpp. The forces on the colliders after a whole step (a report with
    // no collider once the set emptied), once the ring exists.
    void recordColliderForces(VkCommandBuffer cmd) override;
    void recordFaceFractions(VkCommandBuffer cmd);
    // Whether the geometry on the GPU holds colliders: the projection then uses the solid
    // velocities (divergence_colliders.comp, subtract_gradient_colliders.comp).
    bool collidersActive() const { return colliders.rasterisedCount() > 0; }

    // smoke_reflection.cpp: the Reflect pass and its buffers.
    void recordReflect(VkCommandBuffer cmd, float dt);
    void allocateReflectionBuffers();

    // smoke_transport.cpp.
    void recordAdvect(VkCommandBuffer cmd, float dt);
    // One advection by the velocity (velocityX, velocityY): the velocity itself for velocityDt and
    // density, temperature and dye for cellsDt, each with its scheme; a dt of 0 leaves that family
    // alone.
    struct Advection {
        VkBuffer velocityX, velocityY;
        float velocityDt, cellsDt;
    };
    void recordAdvection(VkCommandBuffer cmd, const Advection& a);
    // Before the advected cell fields flip: scales the advected density (in its other copy) so its
    // total is what it was less what `a`'s velocity carried out (SmokeSettings::massCorrection).
    void recordMassCorrection(VkCommandBuffer cmd, const Advection& a);

    // smoke_emit.cpp: the splats, then the emitters.
    void recordInject(VkCommandBuffer cmd, float dt);
    void recordEmitters(VkCommandBuffer cmd, float dt);
    // Dispatches `kernel` with `push(target, x0, y0)` over the samples of each target grid (0 the
    // faces, 1 the cells, 2 the dye cells; `faces` false skips the faces) within [minX, maxX] x
    // [minY, maxY] m, one barrier after.
    template <class Dispatch>
    void dispatchOverBox(VkCommandBuffer cmd, float minX, float minY, float maxX, float maxY, bool faces,
                         const Dispatch& dispatch);

    // smoke_forces.cpp.
    void recordBuoyancy(VkCommandBuffer cmd, float dt);
    void recordVorticity(VkCommandBuffer cmd, float dt);
    void recordCurl(VkCommandBuffer cmd);
    // The curl, then velocity_forces.comp (the fused Vorticity pass of a full step).
    void recordVelocityForces(VkCommandBuffer cmd, float dt);

    // smoke_diffusion.cpp.
    void recordDiffuse(VkCommandBuffer cmd, float dt);
    // The viscosity step solved to diffusionTolerance by multigrid.
    void recordMultigridViscosity(VkCommandBuffer cmd, float dt);
    // Builds `diffusion` for settings `s` when they need it (constructor, updateSettings).
    void prepareDiffusion(const SmokeSettings& s);
    // Velocity (unless `velocity` is false: the fused step damped it already) and scalar damping.
    void recordDamping(VkCommandBuffer cmd, float dt, bool velocity = true);

    // smoke_projection.cpp.
    void recordDivergence(VkCommandBuffer cmd);
    void recordPressureSolve(VkCommandBuffer cmd, float dt);
    // The pressure equation as the Poisson solver sees it.
    detail::PoissonSystem pressureSystem();
    // The SubtractGradient pass: the gradient of the pending increment, or of the pressure.
    void recordSubtractGradient(VkCommandBuffer cmd, float dt);
    // u -= dt grad p for the pressure field `p` (closed faces get their prescribed velocity).
    void recordSubtractGradientOf(VkCommandBuffer cmd, float dt, VkBuffer p);

    uint32_t faceWidth() const { return nx + 1; }
    uint32_t faceHeight() const { return ny + 1; }
};

} // namespace billow
