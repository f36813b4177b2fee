// SmokeSolver3D's private state: the GPU buffers (ping-pong pairs with a host-side "current"
// index), the geometry the Colliders pass writes, the kernels, the pressure solver, the emitters
// and the pass timer. The passes are recorded by one file per family, which a step visits in this
// order (smoke3d_solver.cpp records them in SmokePass3D order):
//   smoke3d_colliders.cpp   Colliders (the faces' open fractions and solid velocities)
//   smoke3d_reflection.cpp  Reflect (advection-reflection's first half)
//   smoke3d_transport.cpp   Advect (and the mass correction)
//   smoke3d_emit.cpp        Emit (and the emitters' conversion and validation)
//   smoke3d_forces.cpp      Combustion, Buoyancy, Vorticity (and the fused velocity forces)
//   smoke3d_diffusion.cpp   Diffuse, Damping
//   smoke3d_projection.cpp  Divergence, PressureSolve, SubtractGradient
// and after the whole step smoke3d_collider_forces.cpp (the forces on the colliders) and
// smoke3d_probes.cpp (the probes' samples).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "billow/smoke3d_solver.hpp"
#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/gpu_timer.hpp"
#include "core/health_ring.hpp"
#include "core/host_edit_queue.hpp"
#include "core/kernel_set.hpp"
#include "grid/smoke_core.hpp"
#include "core/uniform_buffer.hpp"
#include "grid/field_buffers.hpp"
#include "grid/mass_correction.hpp"
#include "grid/mac_grid.hpp"
#include "pressure/implicit_diffusion.hpp"
#include "pressure/poisson_solver.hpp"
#include "common/grid3d_types.h"
#include "grid/colliders.hpp"
#include "smoke3d/smoke3d_types.h"
#include "smoke3d/emitter3d.hpp"

namespace billow {

using detail::GpuBuffer;
using detail::PingPong;

// What the Colliders pass writes and every later pass reads: the cells' solid fraction and, per
// face axis, the open fraction and the solid velocity (the prescribed normal velocity of the
// face's closed part). The solid fraction is the static mask combined with the moving colliders
// the same pass rasterises (smoke3d_colliders.cpp).
struct Geometry3D {
    GpuBuffer solid;
    GpuBuffer open[3];
    GpuBuffer solidVelocity[3];
};

struct SmokeSolver3D::Impl : detail::SmokeCore<SmokeSettings3D, SmokePass3D> {
    detail::MacGrid3D mac;

    detail::UniformBuffer<gpu::Grid3DParams> gridUniform;
    // Three copies each (the scratch copy serves Jacobi diffusion and the corrected advections),
    // pressure two. Without a colour field `colour` is three one-texel placeholders, so the
    // kernels that take it always have a buffer to bind.
    PingPong u, v, w, density, temperature, fuel, colour, pressure;
    GpuBuffer divergence, expansionSource, vorticity;
    GpuBuffer curl[3];  // omega on the x-, y- and z-edges (smoke3d/edges.glsl)
    GpuBuffer confinement;  // the confinement force per unit epsilon h, a vec4 per cell
    Geometry3D geometry;
    detail::HostEditQueue<gpu::GpuEmitter3D> emitters;  // the current set, uploaded by every Emit pass
    // The static mask alone (smoke3d_colliders.cpp), which the rasterisation combines with the
    // moving colliders (SmokeCore's set) into geometry.solid. Allocated by the first non-empty set.
    GpuBuffer staticSolid;

    std::vector<float> solidHost;  // the static mask, nx * ny * nz
    uint64_t fieldBytes = 0;       // what the buffers above allocated (allocatedBytes adds the pressure solver's)

    // Advection-reflection (smoke3d_reflection.cpp), allocated when first enabled: the midpoint
    // projection's pressure (its own warm-start history) and the projected midpoint velocity.
    PingPong midpointPressure;
    GpuBuffer midpoint[3];

    Impl(std::shared_ptr<Context> ctx, const SmokeSettings3D& s);

    // The host state a recorded step changes (besides the timer's and the health ring's).
    void keepOwnState(detail::RecordSnapshot& saved) override;
    void recordHealthScan(VkCommandBuffer cmd) override;
    // smoke3d_probes.cpp: the probes' samples after a whole step.
    void recordProbes(VkCommandBuffer cmd) override;
    // smoke3d_particles.cpp: the particles through the step's final velocity.
    void recordParticles(VkCommandBuffer cmd, float dt) override;

    gpu::Grid3DParams gridParams() const;
    bool hasColour() const { return settings.colour; }
    bool float16Flow() const { return settings.flowStorage == FlowStorage::Float16; }
    // What a stored temperature is the difference from: the ambient temperature at creation with
    // 16-bit storage (common/flow_storage.glsl), 0 with float32.
    float temperatureOrigin = 0.0f;
    // With 16-bit storage: InvalidArgument naming the first value a half cannot hold.
    void requireHalfRange(SmokeField3D field, std::span<const float> values, const std::string& what) const;
    // Uploads a field's values (blocking) into `target`, as halves for a 16-bit flow field, whose
    // values the caller checked with requireHalfRange.
    void uploadField(VkBuffer target, SmokeField3D field, std::span<const float> values);
    VkBuffer openX() const { return geometry.open[0].handle(); }
    VkBuffer openY() const { return geometry.open[1].handle(); }
    VkBuffer openZ() const { return geometry.open[2].handle(); }
    // Threads of a kernel over the union of the three face grids, and over the cells.
    uint32_t faceWidth() const { return mac.nx + 1; }
    uint32_t faceHeight() const { return mac.ny + 1; }
    uint32_t faceDepth() const { return mac.nz + 1; }

    // One pass, on its own (recordPass) or inside a full step that fuses the velocity forces
    // (`fusedForces`): Vorticity then records the curl, |omega| and smoke3d/velocity_forces.comp
    // (buoyancy, confinement, velocity damping and speed limit), Buoyancy nothing, Damping only
    // the cell fields.
    void recordPass(VkCommandBuffer cmd, SmokePass3D pass, float dt, bool fusedForces = false) override;

    // smoke3d_colliders.cpp. Uploads the static mask and recomputes the geometry, the coarse
    // pressure weights and the closed faces' velocity (blocking).
    void refreshGeometry();
    void recordColliders(VkCommandBuffer cmd);
    void allocateColliderBuffers();
    // smoke3d_collider_forces.cpp. The forces on the colliders after a whole step (a report with
    // no collider once the set emptied), once the ring exists.
    void recordColliderForces(VkCommandBuffer cmd) override;
    void recordFaceGeometry(VkCommandBuffer cmd);

    // smoke3d_emit.cpp.
    void recordEmit(VkCommandBuffer cmd, float dt);

    // smoke3d_forces.cpp.
    void recordCombustion(VkCommandBuffer cmd, float dt);
    void recordBuoyancy(VkCommandBuffer cmd, float dt);
    void recordVorticity(VkCommandBuffer cmd, float dt);
    // The confinement force per cell (smoke3d/confinement_cells.comp) from the curl and |omega|.
    void recordConfinementCells(VkCommandBuffer cmd);
    // The edge curl and |omega| (also the Vorticity diagnostic field).
    void recordCurl(VkCommandBuffer cmd);
    // The curl and |omega|, then smoke3d/velocity_forces.comp (the fused Vorticity pass of a step).
    void recordVelocityForces(VkCommandBuffer cmd, float dt);

    // smoke3d_transport.cpp.
    void recordAdvect(VkCommandBuffer cmd, float dt);
    // One advection by `velocity` (x, y, z faces): the velocity itself for velocityDt, density,
    // temperature, fuel and colour for cellsDt, each with its scheme; a dt of 0 leaves that
    // family alone.
    struct Advection {
        VkBuffer velocity[3];
        float velocityDt, cellsDt;
    };
    void recordAdvection(VkCommandBuffer cmd, const Advection& a);
    // Before the advected cell fields flip: scales the advected density and fuel (in their other
    // copies) so their totals are what they were less what `a`'s velocity carried out
    // (SmokeSettings3D::massCorrection).
    void recordMassCorrection(VkCommandBuffer cmd, const Advection& a);
    // smoke3d_reflection.cpp: the Reflect pass and its buffers.
    void recordReflect(VkCommandBuffer cmd, float dt);
    void allocateReflectionBuffers();

    // smoke3d_diffusion.cpp.
    void recordDiffuse(VkCommandBuffer cmd, float dt);
    void recordJacobiViscosity(VkCommandBuffer cmd, float dt);
    void recordJacobiScalars(VkCommandBuffer cmd, float dt);  // into the other copies (the caller swaps)
    // Velocity (unless `velocity` is false: the fused step damped it already) and cell damping.
    void recordDamping(VkCommandBuffer cmd, float dt, bool velocity = true);
    // Viscosity (swaps u, v, w) and density, temperature, fuel (into their
    // other copies; the caller swaps) solved to diffusionTolerance by multigrid.
    void recordMultigridViscosity(VkCommandBuffer cmd, float dt);
    void recordMultigridScalars(VkCommandBuffer cmd, float dt);
    // `diffusion`, prepared for the current settings.
    detail::ImplicitDiffusion& diffusionSystems();
    // Builds `diffusion` for settings `s` when they need it (constructor, updateSettings).
    void prepareDiffusion(const SmokeSettings3D& s);

    // smoke3d_projection.cpp.
    void recordDivergence(VkCommandBuffer cmd);
    void recordPressureSolve(VkCommandBuffer cmd, float dt);
    // The SubtractGradient pass: the gradient of the pending increment, or of the pressure.
    void recordSubtractGradient(VkCommandBuffer cmd, float dt);
    // u -= dt grad p for the pressure field `p` (closed faces get their solid velocity).
    void recordSubtractGradientOf(VkCommandBuffer cmd, float dt, VkBuffer p);
    // The pressure equation as the Poisson solver sees it.
    detail::PoissonSystem pressureSystem();
    // The pressure solver of the 7-point stencil (created by the constructor and recreated by
    // nothing else: the boundaries and cell size are updated in place).
    std::unique_ptr<detail::PoissonSolver> createPoissonSolver();
};


} // namespace billow
