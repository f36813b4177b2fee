// The 3D smoke and fire solver on a staggered (MAC) grid.
//
// Layout (y up; cell (i, j, k) spans [i h, (i+1) h] x [j h, (j+1) h] x [k h, (k+1) h]; x fastest):
//   velocity x  u: x-faces, (nx+1) * ny * nz, index i + (nx+1) * (j + ny * k), at (i h, (j+.5) h, (k+.5) h)
//   velocity y  v: y-faces, nx * (ny+1) * nz, index i + nx * (j + (ny+1) * k)
//   velocity z  w: z-faces, nx * ny * (nz+1), index i + nx * (j + ny * k)
//   density, temperature, fuel, pressure, divergence, solid: cell centres, nx * ny * nz,
//     index i + nx * (j + ny * k)
//   colour: RGBA, 4 floats per cell (SmokeSettings3D::colour)
//   (with SmokeSettings3D::flowStorage Float16 the velocity, density, temperature and fuel buffers
//   hold IEEE halves in the same order, the temperature from storedTemperatureOrigin(); host
//   access converts)
//   openX / openY / openZ: open fraction of each face (0 closed, 1 open), laid out as u / v / w
//   solidVelocityX / Y / Z: the normal velocity prescribed on each face's closed part, m/s, laid
//     out as u / v / w (0 on static obstacles and walls; the inflow speed on inflow faces)
// On a periodic axis the last face layer (i = nx for u) is the same face as layer 0: the solver
// keeps both equal (upload() copies layer 0 over it).
//
// Recording and synchronisation are the 2D solver's (docs/integration.md): record() appends a
// whole step to the engine's command buffer with Billow's barriers between its own passes;
// buffers ping-pong at record time, so query buffer() after recording and submit every recorded
// step exactly once, in order.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/collider.hpp"
#include "billow/collider_forces.hpp"
#include "billow/context.hpp"
#include "billow/health.hpp"
#include "billow/probes.hpp"
#include "billow/pressure.hpp"
#include "billow/smoke3d_settings.hpp"
#include "billow/particles.hpp"
#include "billow/solver.hpp"

namespace billow {

// A source that acts every step until the engine changes the set (SmokeSolver3D::setEmitters;
// move an emitter along a path by handing it a new centre each frame). With w the falloff weight
// at a point (1 inside the core, falling to 0 at the edge): density, temperature, fuel and colour
// are added at their rates times w dt (summed over emitters, at cell centres); the velocity of
// each open face is pulled toward `velocity` by w (1 - exp(-velocityCoupling dt)), at the face's
// position, emitter after emitter in the set's order. A one-step impulse (an explosion) is an
// emitter handed over for one step with rate = amount / dt. Emitters do not wrap around periodic
// sides.
struct Emitter3D {
    EmitterShape shape = EmitterShape::Sphere;
    std::array<float, 3> centre{0.5f, 0.1f, 0.5f};          // m. Default (0.5, 0.1, 0.5)
    float radius = 0.05f;                                   // Sphere, m, > 0. Default 0.05
    std::array<float, 3> halfExtents{0.05f, 0.05f, 0.05f};  // Box, m, > 0. Default 0.05 each
    // Linear: w = max(0, 1 - d / size); Gaussian: w = exp(-d^2 / size^2), 0 beyond 4 sizes (d the
    // distance from the centre, or from the box's surface outside it and 0 inside; size the
    // radius, or the smallest half extent).
    Falloff falloff = Falloff::Gaussian;
    std::array<float, 3> velocity{0.0f, 0.0f, 0.0f};  // target velocity, m/s. Default 0
    float velocityCoupling = 0.0f;                     // 1/s, >= 0; 0 leaves the velocity alone. Default 0
    float density = 0.0f;                              // per second, finite. Default 0
    float temperature = 0.0f;                          // K per second, finite. Default 0
    float fuel = 0.0f;                                 // per second, finite. Default 0
    std::array<float, 4> colour{0.0f, 0.0f, 0.0f, 0.0f};  // RGBA per second, finite. Default 0
};

enum class SmokeField3D : uint32_t {
    VelocityX, VelocityY, VelocityZ, Density, Temperature, Fuel, Colour, Pressure,
    // What the projection removes, 1/s: the net outward flux / h (through each face
    // open u + (1 - open) solidVelocity) minus the combustion's expansion source.
    Divergence,
    Vorticity,  // |curl u| at cell centres (the mean of the edge curl around the cell), 1/s; derived
    Solid, OpenX, OpenY, OpenZ,  // derived (setSolidMask)
    SolidVelocityX, SolidVelocityY, SolidVelocityZ,  // derived, m/s
    ExpansionSource,  // the last Combustion pass's expansion * burnt / dt per cell, 1/s; derived
    // With advectionReflection (no buffer, empty downloads, until it is first enabled): the
    // midpoint projection's pressure (the next step's warm start; uploadable) and the projected
    // midpoint velocity that carries the second half and the cell fields (derived).
    MidpointPressure, MidpointVelocityX, MidpointVelocityY, MidpointVelocityZ,
};
const char* fieldName(SmokeField3D field) noexcept;

// The separately recordable passes (also the rows of the GPU timing report), in step order.
// Transport comes first, so the velocity that carries the cell fields and itself is the one the
// last step projected (divergence-free: a scalar's mass is kept and a fluid at rest stays at
// rest); emitters, combustion and forces come after it, and the projection that ends the step
// balances them (buoyancy in a stratified fluid against its hydrostatic pressure, next to solids
// too). With advectionReflection a full step records Emit, Combustion, Buoyancy and Vorticity
// before Reflect instead (the forces act in the first half, as Zehnder et al. 2018 have them).
// docs/smoke3d.md gives each one's maths; in short:
//   Colliders         the faces' open fractions and solid velocities (recomputed, with the
//                     closed faces set to their solid velocity, whenever the solid mask or the
//                     boundaries change; nothing more to do each step without moving colliders)
//   Reflect           advectionReflection only: the velocity advected by itself for dt/2, its
//                     divergence, the midpoint pressure solve, the midpoint velocity and the
//                     reflection u = 2 u_projected - u (nothing otherwise)
//   Advect            velocity, density/temperature/fuel and colour by the pre-advection velocity
//                     (advectionReflection: the reflected velocity for dt/2 and the cell fields
//                     for dt by the midpoint velocity; record Reflect before it in each step)
//   Emit              the emitters (Emitter3D); nothing without emitters
//   Combustion        fuel burns (CombustionSettings); writes ExpansionSource; nothing when disabled
//   Buoyancy          u += dt gravity (densityWeight rho - thermalExpansion (T - ambient)) on open faces
//   Vorticity         the edge curl and Vorticity field, then (vorticity > 0) the confinement force
//   Diffuse           implicit viscosity and scalar diffusion (Jacobi sweeps); nothing at 0
//   Damping           exponential decays, temperature relaxation, the speed clamp
//   Divergence        the Divergence field
//   PressureSolve     sum_f open_f (p_nb - p) = h^2 / dt * Divergence, warm-started; with
//                     incrementalPressure and a multigrid solver: u -= dt grad p first, the
//                     Divergence of that, the change d of p solved from 0 and added to p (a whole
//                     step's Divergence pass then records no work, only its timestamps)
//   SubtractGradient  u -= dt grad p on open faces (grad d after an incremental PressureSolve);
//                     closed faces get their solid velocity
// A full step with fuseVelocityForces (default) records, and times, the fused velocity forces as
// its Vorticity pass (recordVelocityForces); its Buoyancy and Damping passes then hold no velocity
// work. No pass was added to the enum: engines that loop over every SmokePass3D keep their step.
enum class SmokePass3D : uint32_t {
    Colliders, Reflect, Advect, Emit, Combustion, Buoyancy, Vorticity, Diffuse, Damping, Divergence,
    PressureSolve, SubtractGradient, Count
};
const char* passName(SmokePass3D pass) noexcept;

struct SmokePassTiming3D {
    SmokePass3D pass;
    double milliseconds;  // GPU time between the pass's first and last dispatch
    // Compute dispatches the pass recorded (each followed by its barrier, or sharing one with
    // independent dispatches): at about 2.5 us each on a large GPU, what bounds a small grid's step.
    uint32_t dispatches;
};

extern template class SmokeSolverCalls<SmokePass3D, SmokePassTiming3D>;

// The calls every solver shares are Solver's, and those of both smoke solvers (record,
// recordPass, step, stepPass, recordVelocityForces, passTimings, pressureResidual)
// SmokeSolverCalls' (billow/solver.hpp). A full step records every SmokePass3D in order, then the
// non-finite scan; with fuseVelocityForces (default) the Vorticity pass records the fused velocity
// forces, Buoyancy only its timestamps and Damping only the cell fields: passTimings() reports the
// fused work under Vorticity.
class SmokeSolver3D : public SmokeSolverCalls<SmokePass3D, SmokePassTiming3D> {
public:
    // Validates `settings` (InvalidArgument naming the field), checks the device limits
    // (UnsupportedDevice naming the buffer and the limit: maxStorageBufferRange, device memory)
    // and allocates every buffer; on any failure nothing is left allocated.
    SmokeSolver3D(std::shared_ptr<Context> context, const SmokeSettings3D& settings);

    const SmokeSettings3D& settings() const;
    // Changes any setting except the grid sizes and `colour`, which need a new solver.
    void updateSettings(const SmokeSettings3D& settings);
    // Bytes of GPU memory the solver allocated (docs/smoke3d.md lists 128^3 and 256^3).
    uint64_t allocatedBytes() const noexcept;

    // The emitters acting from the next recorded step on (at most kMaxEmitters); replaces the set.
    // Throws InvalidArgument naming the emitter and field (non-finite values, sizes <= 0, a
    // negative coupling, unknown shape or falloff); the set is unchanged then.
    static constexpr uint32_t kMaxEmitters = 64;
    void setEmitters(std::span<const Emitter3D> emitters);
    // The moving colliders from the next recorded step on (at most kMaxColliders); replaces the
    // set. Uploaded inside the step's command buffer: call it every frame as they move.
    void setColliders(std::span<const Collider> colliders);

    // The forces and torques the fluid exerted on the colliders (billow/collider_forces.hpp;
    // docs/collider-forces.md), in N, N m and m^3 for SmokeSettings3D::fluidDensity: the newest
    // report the GPU has completed, tagged with the step it describes, read without waiting
    // (usually the step recorded a frame or two ago). Each whole step records one after its
    // projection once a non-empty collider set was first handed over (a step without colliders:
    // an empty report). nullopt before the first completes.
    std::optional<ColliderForceReport> colliderForces() const;
    // Probes (billow/probes.hpp; docs/probes.md): the points every whole step samples after its
    // last pass, from the next recorded step on, replacing the previous set (at most kMaxProbes;
    // an empty span removes them: nothing is sampled, nothing costs). Checked whole first
    // (InvalidArgument naming the point and axis: "setProbes: points[3][1]"; a bad set leaves the
    // previous one in place). Uploaded inside the next recorded step's command buffer, only when
    // the set changed. The first non-empty set allocates the buffers, and a set larger than any
    // before reallocates them at the next power of two (blocking, once per growth: it waits for
    // the queue, and the results recorded before are gone).
    void setProbes(std::span<const ProbePoint> points);
    // The samples of the newest whole step the GPU has finished, tagged with that step
    // (stepsRecorded() right after it was recorded); never waits. nullopt before any.
    std::optional<ProbeResults> probeResults() const;
    // Particles carried by the flow (billow/particles.hpp, docs/particles.md): from the next
    // recorded whole step on, every whole step (record(), step(); not single passes) moves the
    // engine's particles after its last pass. Checked whole first
    // (InvalidArgument naming the field; a bad call leaves the previous set in place); the first
    // call allocates the report's ring (blocking, once). Call it again when the count or the
    // buffers change; clearParticles() stops the moves (call it before destroying the buffers, once
    // the last step that used them has completed).
    void setParticles(const ParticleBuffers& buffers, const ParticleSettings& settings = {});
    void clearParticles();
    // What the particle pass of the newest whole step whose submission has completed found (its
    // step, counts), read without waiting; nullopt before the first.
    std::optional<ParticleReport> particleReport() const;
    // The newest copy of the particles a whole step made with ParticleSettings::download whose
    // submission has completed (billow/particles.hpp, ParticleDownload), read without waiting:
    // after step(), the copy of its last step. nullopt before any.
    std::optional<ParticleDownload> particles() const;

    // Static obstacles: a solid fraction per cell (0 fluid .. 1 solid), uploaded (blocking), with
    // the faces' open fractions and solid velocities recomputed and the closed faces' velocity set.
    void setSolidMask(std::span<const float> solidFraction);  // nx * ny * nz values in [0, 1]
    void clearObstacles();
    const std::vector<float>& solidMask() const;

    // The residual of the multigrid diffusion solve of `field` (diffusionSolver Multigrid; any
    // DiffusedField) `recordsAgo` recordings of it back (see SmokeSolver::diffusionResidual).
    PressureResidual diffusionResidual(DiffusedField field, uint32_t recordsAgo = 0) const;

    // Host access (blocking). Sizes in floats (Colour: 4 per cell; 0 without SmokeSettings3D::colour).
    size_t fieldSize(SmokeField3D field) const noexcept;
    std::vector<float> download(SmokeField3D field);
    // Non-blocking host access: recordDownload / collectDownload (billow/solver.hpp, "Downloads").
    uint64_t recordDownload(VkCommandBuffer cmd, SmokeField3D field);
    std::optional<std::vector<float>> collectDownload(uint64_t ticket);
    // Not the derived fields (InvalidArgument), nor Colour without a colour field; values.size()
    // must be fieldSize(field) and every value finite and within +-1e6 (InvalidArgument naming
    // the first bad index). An unknown field is InvalidArgument (fieldSize/buffer give 0/null).
    void upload(SmokeField3D field, std::span<const float> values);
    // The GPU buffer currently holding `field` (changes after each recorded step) and its size.
    VkBuffer buffer(SmokeField3D field) const noexcept;
    // Its size in bytes: 4 a value, or with SmokeSettings3D::flowStorage Float16 2 a value of the
    // velocity (and its midpoint copy), density, temperature and fuel, rounded up to whole 4-byte
    // words (IEEE halves, value k in bytes 2k and 2k + 1, little-endian).
    VkDeviceSize bufferSize(SmokeField3D field) const noexcept;
    // What the Temperature buffer's values are the difference from, K: with flowStorage Float16
    // the ambient temperature the solver was made with (a stored value t means origin + t, so the
    // ambient is exact), 0 with Float32. download(), upload() and the image passes add it for you.
    float storedTemperatureOrigin() const noexcept;

private:
    struct Impl;
    // The solver's state for `call`, entered for as long as the result lives (Solver::core: Error
    // on a moved-from solver, while another thread's call runs, or on an unusable one unless
    // `check` says otherwise), or null (moved from) for the noexcept queries.
    detail::Entered<Impl> use(const char* call, detail::EntryCheck check = detail::EntryCheck::Usable) const;
    const Impl* state() const noexcept;
};

} // namespace billow
