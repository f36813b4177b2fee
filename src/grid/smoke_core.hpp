// What the 2D and 3D smoke solvers' private states share on top of the step layer (SolverCore):
// their settings, kernels, pressure solver, diffusion systems, moving colliders and mass
// correction, the flags that tie the passes of one step together, and the order a whole step
// records its passes in. Each solver's Impl derives from SmokeCore<its settings, its pass enum>
// and keeps its own fields and the recording of each pass.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "core/kernel_set.hpp"
#include "core/result_ring.hpp"
#include "core/solver_core.hpp"
#include "feedback/probe_set.hpp"
#include "feedback/particle_set.hpp"
#include "grid/colliders.hpp"
#include "grid/mass_correction.hpp"
#include "pressure/implicit_diffusion.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/projection_solve.hpp"

namespace billow::detail {

template <class Settings, class PassEnum>
struct SmokeCore : SolverCore {
    static constexpr uint32_t kPassCount = static_cast<uint32_t>(PassEnum::Count);

    SmokeCore(std::shared_ptr<Context> ctx, const char* solverName, const Settings& s)
        : SolverCore(std::move(ctx), solverName), settings(s) {}

    Settings settings;
    std::unique_ptr<KernelSet> kernels;
    // Solves for the pressure with the divergence as right-hand side (the PressureSolve pass).
    std::unique_ptr<PoissonSolver> poisson;
    // Multigrid diffusion, built by the first such solve (rebuilt when periodicity or the cell
    // size changed).
    std::unique_ptr<ImplicitDiffusion> diffusion;
    // The moving colliders; their buffers are allocated by the first non-empty set.
    ColliderSet colliders;
    // The engine's particles (setParticles), moved after the last pass of every whole step.
    ParticleSet particles;
    // The forces on them after each whole step (billow/collider_forces.hpp), allocated with the
    // colliders' buffers.
    ResultRing colliderForceRing;
    // No cell of the static obstacle mask is solid (set by each solver's refreshGeometry).
    bool solidEmpty = true;
    // massCorrection: the carried amounts' totals kept through each advection.
    MassCorrection massCorrection;
    // The probes sampled after every whole step (setProbes); buffers allocated by the first set.
    ProbeSet probes;
    // Advection-reflection: set by the Reflect pass and consumed by the Advect pass of the same step.
    bool midpointReady = false;
    // The incremental projection: set by a PressureSolve that solved for the pressure's change
    // (the velocity then carries -grad of the previous pressure, and SubtractGradient subtracts the
    // gradient of the change, PoissonSolver::increment()); cleared by that SubtractGradient and by
    // an upload of the velocity or the pressure.
    bool incrementPending = false;

    // One pass, on its own (recordPass) or inside a full step that fuses the velocity forces
    // (`fusedForces`: Vorticity then records the fused forces, Buoyancy nothing, Damping only the
    // cell fields).
    virtual void recordPass(VkCommandBuffer cmd, PassEnum pass, float dt, bool fusedForces) = 0;
    // The non-finite scan of the solver's state fields after a whole step.
    virtual void recordHealthScan(VkCommandBuffer cmd) = 0;
    // The forces on the colliders after a whole step's projection, into colliderForceRing.
    virtual void recordColliderForces(VkCommandBuffer cmd) = 0;
    // The probes' samples of the state a whole step left (nothing without probes).
    virtual void recordProbes(VkCommandBuffer cmd) = 0;
    // The particles' move through the step's final velocity (smoke_particles.cpp,
    // smoke3d_particles.cpp); nothing without particles.
    virtual void recordParticles(VkCommandBuffer cmd, float dt) = 0;

    // A whole step: every pass in the enum's order, transport first (by the velocity the last step
    // projected; with advection-reflection the Reflect pass's half step too), then the sources and
    // forces, which only the step's last projection meets: a force is projected before it moves
    // anything, so a fluid in hydrostatic balance stays at rest with reflection as without (the
    // forces once acted first, and the Reflect pass carried them unprojected for half a step);
    // then the engine's particles, the health scan and the probes.
    void recordStep(VkCommandBuffer cmd, float dt) {
        timer.forgetRecorded();
        const bool fusedForces = fusesVelocityForces();
        for (uint32_t index = 0; index < kPassCount; ++index) {
            const PassEnum pass = static_cast<PassEnum>(index);
            // The incremental projection takes the divergence inside PressureSolve (of the velocity
            // that carries -grad p): the Divergence pass's own would go unused. Still timed (as an
            // empty interval), so passTimings() lists every pass.
            if (pass == PassEnum::Divergence && incrementalProjection()) {
                timer.begin(cmd, static_cast<uint32_t>(pass));
                timer.end(cmd, static_cast<uint32_t>(pass));
                continue;
            }
            recordPass(cmd, pass, dt, fusedForces);
        }
        recordParticles(cmd, dt);
        recordColliderForces(cmd);
        if (settings.nonFiniteCheck != NonFiniteCheck::Off) recordHealthScan(cmd);
        recordProbes(cmd);
    }

    bool prescribedVelocity() const { return settings.velocityMode == VelocityMode::Prescribed; }
    bool buoyancyApplies() const {
        bool gravity = false;
        for (float g : settings.gravity) gravity = gravity || g != 0.0f;
        return gravity && (settings.densityWeight != 0.0f || settings.thermalExpansion != 0.0f) && !prescribedVelocity();
    }
    bool confinementApplies() const { return settings.vorticity != 0.0f && !prescribedVelocity(); }
    bool velocityDampingApplies() const {
        return (settings.velocityDamping > 0.0f || settings.maxSpeed > 0.0f) && !prescribedVelocity();
    }
    // Whether a full step fuses the velocity forces: fuseVelocityForces, the velocity not
    // prescribed, and at least one of the three applies.
    bool fusesVelocityForces() const {
        return settings.fuseVelocityForces && (buoyancyApplies() || confinementApplies() || velocityDampingApplies());
    }

    // The pressure equation's set-up from the settings (pressure/projection_solve.hpp).
    PoissonSides poissonSides() const { return poissonSidesOf(settings.boundaries); }
    PoissonSolveSettings poissonSolveSettings() const { return poissonSolveSettingsOf(settings); }
    // Whether this step's solve is for the pressure's change (incrementalPressure).
    // Whether PressureSolve solves for an increment (then a step records no Divergence pass); the
    // sparse solver always solves for the whole pressure.
    virtual bool incrementalProjection() const { return solvesIncrement(settings, settings); }

    // The host state of these members a recorded step changes.
    void keepSmokeState(RecordSnapshot& saved) {
        saved.keep(midpointReady);
        saved.keep(incrementPending);
        saved.keepStateOf(colliders);
        saved.keepStateOf(colliderForceRing);
        saved.keepStateOf(probes);
        saved.keepStateOf(particles);
        saved.keepStateOf(*poisson);
        if (diffusion) saved.keepStateOf(*diffusion);
    }

    NonFiniteCheck nonFiniteCheck() const noexcept override { return settings.nonFiniteCheck; }
    PressureResidual pressureResidual(uint32_t recordsAgo) const override { return poisson->residualReport(recordsAgo); }
    void recordWholeStep(VkCommandBuffer cmd, float dt) override { recordStep(cmd, dt); }
    void recordOnePass(VkCommandBuffer cmd, uint32_t pass, float dt, bool fusedForces) override {
        recordPass(cmd, static_cast<PassEnum>(pass), dt, fusedForces);
    }
    uint32_t passCount() const noexcept override { return kPassCount; }

};

} // namespace billow::detail
