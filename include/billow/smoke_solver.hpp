// The 2D smoke/dye solver on a staggered (MAC) grid.
//
// Layout (y up, x right, cell (i, j) spans [i*h, (i+1)*h] x [j*h, (j+1)*h]):
//   velocity x  u: on x-faces, (nx+1) * ny floats, index i + j*(nx+1), at (i*h, (j+0.5)*h)
//   velocity y  v: on y-faces, nx * (ny+1) floats, index i + j*nx,     at ((i+0.5)*h, j*h)
//   density, temperature, pressure, divergence, solid: cell centres, nx * ny, index i + j*nx
//   curl: grid nodes, (nx+1) * (ny+1), index i + j*(nx+1)
//   openX / openY: open fraction of each x-/y-face (0 closed, 1 open), same layout as u / v
//   solidVelocityX / Y: normal velocity (m/s) of the part of each x-/y-face a moving collider
//        closes, same layout as u / v (0 where none does)
//   dye: RGBA, 4 floats per cell of the dye grid (dyeNx * dyeNy cells), covering the same domain;
//        on the GPU with dyeStorage = Float16, 2 uints of packed halves per cell (see buffer())
//
// Recording: record() appends a whole step to the caller's command buffer; every pass can also be
// recorded on its own. Billow places the barriers between its own passes. What the caller owes
// before and after is in docs/integration.md. Buffers are ping-ponged on the host side at record
// time: query buffer() after recording, and submit every recorded step exactly once, in order.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/collider.hpp"
#include "billow/collider_forces.hpp"
#include "billow/context.hpp"
#include "billow/health.hpp"
#include "billow/probes.hpp"
#include "billow/pressure.hpp"
#include "billow/smoke_settings.hpp"
#include "billow/particles.hpp"
#include "billow/solver.hpp"

namespace billow {

// One injection. Added (weighted by the falloff) at the next recorded step.
struct Splat {
    float x = 0.0f, y = 0.0f;            // centre, m (domain origin at the lower-left corner)
    float radius = 0.05f;                // m, > 0
    Falloff falloff = Falloff::Gaussian;
    std::array<float, 2> velocity{0.0f, 0.0f};  // added velocity, m/s
    float density = 0.0f;                // added density
    float temperature = 0.0f;            // added temperature, K
    std::array<float, 4> dye{0.0f, 0.0f, 0.0f, 0.0f};  // added RGBA
};

// A source that acts every step until the engine changes the set (SmokeSolver::setEmitters), as
// the 3D solver's Emitter3D: its amounts are rates per second, added over each step's dt with its
// falloff weight w (Falloff: linear max(0, 1 - d / size), Gaussian exp(-d^2 / size^2) cut off
// beyond 4 sizes; d the distance from the centre, or from the box's edge and 0 inside it; size the
// radius, or the smaller half extent), and it pulls the velocity toward its own:
// u += w (1 - exp(-velocityCoupling dt)) (velocity - u).
struct Emitter2D {
    EmitterShape shape = EmitterShape::Sphere;               // Sphere: a disc
    std::array<float, 2> centre{0.5f, 0.1f};                 // m. Default (0.5, 0.1)
    float radius = 0.05f;                                    // Sphere, m, > 0. Default 0.05
    std::array<float, 2> halfExtents{0.05f, 0.05f};          // Box, m, > 0. Default 0.05 each
    Falloff falloff = Falloff::Gaussian;
    std::array<float, 2> velocity{0.0f, 0.0f};               // target velocity, m/s. Default 0
    float velocityCoupling = 0.0f;                           // 1/s, >= 0; 0 leaves the velocity alone. Default 0
    float density = 0.0f;                                    // per second, finite. Default 0
    float temperature = 0.0f;                                // K per second, finite. Default 0
    std::array<float, 4> dye{0.0f, 0.0f, 0.0f, 0.0f};        // RGBA per second, finite. Default 0
};

enum class SmokeField : uint32_t {
    VelocityX, VelocityY, Density, Temperature, Dye, Pressure, Divergence, Curl, Solid, OpenX, OpenY,
    SolidVelocityX, SolidVelocityY,  // derived from the moving colliders (setColliders)
    // With advectionReflection (VK_NULL_HANDLE buffers, downloads of zeros, until it is first
    // enabled): the midpoint projection's pressure (the warm start of the next step's, uploadable),
    // and the projected midpoint velocity that carries the second half and the scalars (derived).
    MidpointPressure, MidpointVelocityX, MidpointVelocityY,
};
const char* fieldName(SmokeField field) noexcept;

// The separately recordable passes (also the rows of the GPU timing report), in step order.
// Transport comes first, so the velocity that carries the scalars, the dye and itself is the one
// the last step projected (divergence-free: a scalar's mass is kept and a fluid at rest stays at
// rest); splats and forces come after it, and the projection that ends the step balances them
// (buoyancy in a stratified fluid against its hydrostatic pressure, next to solids too). With
// advectionReflection a full step records Inject, Buoyancy and Vorticity before Reflect instead
// (the forces act in the first half, as Zehnder et al. 2018 have them).
// Colliders rasterises the moving colliders when their set changed (nothing otherwise). Reflect
// is the first half of advection-reflection (SmokeSettings::advectionReflection; nothing
// otherwise): the velocity advected by itself for dt/2, its divergence, the midpoint pressure
// solve, and the reflection; Advect then carries the reflected velocity for dt/2 and the scalars
// and dye for dt by the projected midpoint velocity (record Reflect before Advect in each step).
// A full step with SmokeSettings::fuseVelocityForces (default) records, and times, the fused
// velocity forces as its Vorticity pass (recordVelocityForces); its Buoyancy and Damping passes
// then hold no velocity work. No pass was added to the enum: engines that loop over every SmokePass
// keep their step.
enum class SmokePass : uint32_t {
    Colliders, Reflect, Advect, Inject, Buoyancy, Vorticity, Diffuse, Damping, Divergence, PressureSolve,
    SubtractGradient, Count
};
const char* passName(SmokePass pass) noexcept;

struct SmokePassTiming {
    SmokePass pass;
    double milliseconds;  // GPU time between the pass's first and last dispatch
    // Compute dispatches the pass recorded (each followed by its barrier, or sharing one with
    // independent dispatches): at about 2.5 us each on a large GPU, what bounds a small grid's step.
    uint32_t dispatches;
};

class SmokeSolver;
extern template class SmokeSolverCalls<SmokePass, SmokePassTiming>;

// The calls every solver shares (recordReleaseBarrier, health, setProfiling; threading and
// moved-from rules) are Solver's, and those of both smoke solvers (record, recordPass, step,
// stepPass, recordVelocityForces, passTimings, pressureResidual) SmokeSolverCalls'
// (billow/solver.hpp). A full step records every SmokePass in order, then the non-finite scan; with
// incrementalPressure and a multigrid solver the Divergence pass records no work, only its
// timestamps (PressureSolve takes the divergence). With fuseVelocityForces (default) the
// Vorticity pass records the fused velocity forces, Buoyancy only its timestamps and Damping only
// the scalars and dye; passTimings() then reports the fused work under Vorticity.
class SmokeSolver : public SmokeSolverCalls<SmokePass, SmokePassTiming> {
public:
    // Validates `settings` (InvalidArgument naming the field), checks the device limits
    // (UnsupportedDevice) and allocates every buffer; on any failure nothing is left allocated.
    SmokeSolver(std::shared_ptr<Context> context, const SmokeSettings& settings);

    const SmokeSettings& settings() const;
    // Bytes of GPU memory the solver allocated for its grids (fields, pressure solver, diffusion;
    // docs/performance.md, "Memory per cell").
    uint64_t allocatedBytes() const noexcept;
    // Changes any setting except the grid sizes (nx, ny, dyeNx, dyeNy) and dyeStorage, which need a
    // new solver (InvalidArgument naming the field).
    void updateSettings(const SmokeSettings& settings);

    // The emitters acting from the next recorded step on, in its Inject pass after the splats (at
    // most kMaxEmitters); replaces the set. Throws InvalidArgument naming the emitter and field
    // (non-finite values, sizes <= 0, a negative coupling, unknown shape or falloff); the set is
    // unchanged then. The first non-empty set allocates the emitters' buffer (blocking, once).
    static constexpr uint32_t kMaxEmitters = 64;
    void setEmitters(std::span<const Emitter2D> emitters);

    // Queues a splat for the next Inject pass (at most kMaxSplatsPerStep per step). Its amounts
    // are added once, in that step (an impulse, as the WebGL demo's splats; not a rate).
    static constexpr uint32_t kMaxSplatsPerStep = 256;
    void addSplat(const Splat& splat);

    // Obstacles: a solid fraction per cell (0 fluid .. 1 solid), kept on the host and uploaded
    // (blocking) when changed. Face open fractions follow from it and from the boundaries.
    void setSolidMask(std::span<const float> solidFraction);  // nx * ny values in [0, 1]
    void clearObstacles();
    void addCircleObstacle(float centreX, float centreY, float radius);          // m
    void addBoxObstacle(float minX, float minY, float maxX, float maxY);         // m
    void addWallObstacles(float thickness, std::array<bool, 4> sides = {true, true, true, true});
    const std::vector<float>& solidMask() const;

    // Moving colliders (billow/collider.hpp; docs/colliders.md): the set from the next recorded
    // step on, replacing the previous one (at most kMaxColliders; an empty span removes them).
    // Call it every frame as they move. The set is checked whole first (InvalidArgument naming
    // the collider and field; a bad set leaves the previous one in place), kept on the host and
    // uploaded inside the next recorded step's command buffer, which rasterises it into Solid,
    // OpenX/OpenY and SolidVelocityX/Y, combined with the static mask (the more solid of the two
    // per cell). A 2D collider is the shape's cross-section through the plane of its centre: its
    // rotation and angular velocity must be about z. The first non-empty set allocates the
    // collider buffers (blocking, once); a step whose set is unchanged rasterises nothing.
    void setColliders(std::span<const Collider> colliders);

    // The forces and torques the fluid exerted on the colliders (billow/collider_forces.hpp;
    // docs/collider-forces.md), per metre of depth (N/m, N m/m, m^2), for
    // SmokeSettings::fluidDensity: the newest report the GPU has completed, tagged with the step it
    // describes, read without waiting (usually the step recorded a frame or two ago). Each whole
    // step records one after its projection once a non-empty collider set was first handed over
    // (a step without colliders: an empty report). nullopt before the first completes.
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

    // The residual reported by the multigrid viscosity solve of `field` (VelocityX or VelocityY;
    // diffusionSolver Multigrid) `recordsAgo` recordings of it back, read like pressureResidual:
    // the relative residual is the fraction of the step's initial residual left, iterations the
    // V-cycles run. `available` false before the first such solve (and after a change of
    // boundaries' periodicity or cell size rebuilt the solve). InvalidArgument for another field.
    PressureResidual diffusionResidual(DiffusedField field, uint32_t recordsAgo = 0) const;

    // Host access (blocking; waits for the queue, at most the context's wait timeout). Uploads
    // must be finite and within +-1e6 (InvalidArgument naming the first bad index). An unknown
    // field is InvalidArgument; fieldSize(), buffer() and bufferSize() give 0 / VK_NULL_HANDLE. Sizes are in floats (dye: 4 per cell, whatever
    // its dyeStorage: Float16 dye is converted, and uploads beyond +-65504 are refused).
    size_t fieldSize(SmokeField field) const noexcept;
    std::vector<float> download(SmokeField field);
    // Non-blocking host access: recordDownload / collectDownload (billow/solver.hpp, "Downloads").
    uint64_t recordDownload(VkCommandBuffer cmd, SmokeField field);
    std::optional<std::vector<float>> collectDownload(uint64_t ticket);
    // Not the derived fields (Solid, OpenX/OpenY, Curl, SolidVelocityX/Y).
    void upload(SmokeField field, std::span<const float> values);

    // The GPU buffer currently holding `field` (changes after each recorded step) and its size in
    // bytes: 4 per float, except the dye with dyeStorage = Float16, 8 bytes a cell holding
    // packHalf2x16(r, g) then packHalf2x16(b, a) (docs/integration.md). SolidVelocityX/Y have no
    // buffer (VK_NULL_HANDLE; download gives zeros) until the first non-empty set of colliders.
    VkBuffer buffer(SmokeField field) const noexcept;
    VkDeviceSize bufferSize(SmokeField field) const noexcept;

private:
    struct Impl;
    // The solver's state for `call`, entered for as long as the result lives (Solver::core: Error
    // on a moved-from solver, while another thread's call runs, or on an unusable one unless
    // `check` says otherwise), or null (moved from) for the noexcept queries.
    detail::Entered<Impl> use(const char* call, detail::EntryCheck check = detail::EntryCheck::Usable) const;
    const Impl* state() const noexcept;
};

} // namespace billow
