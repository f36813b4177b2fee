// The dissipative passes: Diffuse (implicit viscosity and dye diffusion) and Damping (the
// exponential decay of the velocity, the scalars and the dye).
// Diffuse runs Jacobi sweeps, or for the viscosity with diffusionSolver Multigrid a solve to a
// tolerance: per velocity component, diffusion_setup_velocity.comp writes the system of the step's
// change on the component's faces (pressure/implicit_diffusion.hpp), the pressure's multigrid
// solves it with the GPU stopping at diffusionTolerance, and diffusion_apply_velocity.comp adds
// the change.
#include "smoke/smoke_solver_impl.hpp"

#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
using detail::decayFactor;
constexpr uint32_t kReportedFields = 2;  // VelocityX, VelocityY
}

namespace {
// The node grids of `s`: u's faces and v's faces, less the duplicate last layer of a periodic
// axis; every boundary other than periodic is a ghost the setup folds into the shift.
std::vector<detail::GridShape> nodeGrids(const SmokeSettings& s) {
    const bool periodicX = s.boundaries[0].type == BoundaryType::Periodic;
    const bool periodicY = s.boundaries[2].type == BoundaryType::Periodic;
    return {{periodicX ? s.nx : s.nx + 1, s.ny, 1}, {s.nx, periodicY ? s.ny : s.ny + 1, 1}};
}
detail::PoissonSides nodeSides(const SmokeSettings& s) {
    const auto side = [&](int i) {
        return s.boundaries[i].type == BoundaryType::Periodic ? detail::PoissonBoundary::Periodic
                                                              : detail::PoissonBoundary::Closed;
    };
    return {side(0), side(1), side(2), side(3)};
}
} // namespace

void SmokeSolver::Impl::recordDiffuse(VkCommandBuffer cmd, float dt) {
    // Implicit diffusion by Jacobi. The right-hand side b stays in the current copy; iterates
    // alternate between the other copy and the scratch copy, starting so that the last sweep
    // writes the other copy, which then becomes current.
    auto sweepTargets = [](uint32_t iterations, const PingPong& p, uint32_t k) {
        bool lastIsOther = ((iterations - 1 - k) % 2) == 0;
        return lastIsOther ? p.other() : p.scratch();
    };
    auto sweepSources = [&](uint32_t iterations, const PingPong& p, uint32_t k) {
        return k == 0 ? p.now() : sweepTargets(iterations, p, k - 1);
    };
    const uint32_t iterations = settings.diffusionIterations;
    const bool multigrid = settings.diffusionSolver == DiffusionSolverType::Multigrid;
    if (settings.viscosity > 0.0f && multigrid && !prescribedVelocity()) recordMultigridViscosity(cmd, dt);
    if (settings.viscosity > 0.0f && !multigrid && iterations > 0 && !prescribedVelocity()) {
        float a = settings.viscosity * dt / (settings.cellSize * settings.cellSize);
        for (uint32_t k = 0; k < iterations; ++k) {
            kernels->dispatch(cmd,
                              kernels::SmokeDiffuseVelocity::Bindings{.uB = u.now(), .vB = v.now(),
                                                                 .uIn = sweepSources(iterations, u, k),
                                                                 .vIn = sweepSources(iterations, v, k),
                                                                 .uOut = sweepTargets(iterations, u, k),
                                                                 .vOut = sweepTargets(iterations, v, k),
                                                                 .openX = openX.handle(), .openY = openY.handle()},
                              gpu::DiffusePush{a, a}, faceWidth(), faceHeight());
            detail::computeBarrier(cs, cmd);
        }
        u.swap();
        v.swap();
    }
    if (settings.dyeDiffusion > 0.0f && iterations > 0) {
        float hx = settings.cellSize * float(nx) / float(dyeNx), hy = settings.cellSize * float(ny) / float(dyeNy);
        gpu::DiffusePush push{settings.dyeDiffusion * dt / (hx * hx), settings.dyeDiffusion * dt / (hy * hy)};
        for (uint32_t k = 0; k < iterations; ++k) {
            kernels->dispatch(cmd,
                              kernels::SmokeDiffuseDye::Bindings{.dyeB = dye.now(),
                                                            .dyeIn = sweepSources(iterations, dye, k),
                                                            .dyeOut = sweepTargets(iterations, dye, k)},
                              push, dyeNx, dyeNy);
            detail::computeBarrier(cs, cmd);
        }
        dye.swap();
    }
}

void SmokeSolver::Impl::recordDamping(VkCommandBuffer cmd, float dt, bool velocity) {
    if (velocity && velocityDampingApplies()) {
        kernels->dispatch(cmd,
                          kernels::SmokeDampVelocity::Bindings{.uIn = u.now(), .vIn = v.now(), .uOut = u.other(),
                                                          .vOut = v.other(), .openX = openX.handle(),
                                                          .openY = openY.handle()},
                          gpu::DampVelocityPush{decayFactor(settings.velocityDamping, dt), settings.maxSpeed},
                          faceWidth(), faceHeight());
        u.swap();
        v.swap();
    }
    const kernels::SmokeDampScalars::Bindings scalars{.density = density.now(), .temperature = temperature.now(),
                                                 .dye = dye.now()};
    if (settings.densityDamping > 0.0f || settings.temperatureRelaxation > 0.0f)
        kernels->dispatch(cmd, scalars,
                          gpu::DampScalarsPush{0, decayFactor(settings.densityDamping, dt),
                                               decayFactor(settings.temperatureRelaxation, dt),
                                               settings.ambientTemperature},
                          nx, ny);
    if (settings.dyeDamping > 0.0f)
        kernels->dispatch(cmd, scalars,
                          gpu::DampScalarsPush{1, decayFactor(settings.dyeDamping, dt), 1.0f, 0.0f}, dyeNx, dyeNy);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::prepareDiffusion(const SmokeSettings& s) {
    // Allocation uploads (blocking), so it happens here and never while a step is recorded.
    const bool needed = s.diffusionSolver == DiffusionSolverType::Multigrid && s.viscosity > 0.0f &&
                        s.velocityMode != VelocityMode::Prescribed;
    if (!needed) return;
    const std::vector<detail::GridShape> shapes = nodeGrids(s);
    if (!diffusion || !diffusion->matches(shapes, s.cellSize, nodeSides(s)))
        diffusion = std::make_unique<detail::ImplicitDiffusion>(cs, shapes, s.cellSize, nodeSides(s), 2, kReportedFields);
}

void SmokeSolver::Impl::recordMultigridViscosity(VkCommandBuffer cmd, float dt) {
    const std::vector<detail::GridShape> shapes = nodeGrids(settings);
    if (!diffusion || !diffusion->matches(shapes, settings.cellSize, nodeSides(settings)))
        throw Error("internal: the multigrid diffusion was not prepared for these settings");

    const float a = settings.viscosity * dt / (settings.cellSize * settings.cellSize);
    PingPong* components[2] = {&u, &v};
    for (int c = 0; c < 2; ++c) {
        PingPong& field = *components[c];
        const detail::GridShape& s = shapes[c];
        kernels->dispatch(cmd,
                          kernels::SmokeDiffusionSetupVelocity::Bindings{
                              .field = field.now(), .openX = openX.handle(), .openY = openY.handle(),
                              .weightX = diffusion->weights(0), .weightY = diffusion->weights(1),
                              .shift = diffusion->shift(), .rhs = diffusion->rhs(), .delta = diffusion->delta()},
                          gpu::DiffusionSetupPush{c, 1.0f / a}, s.nx, s.ny);
        detail::computeBarrier(cs, cmd);
        diffusion->recordCoarsen(cmd, c);
        diffusion->recordSolve(cmd, c, settings.diffusionMaxCycles, settings.diffusionTolerance, uint32_t(c));
        detail::computeBarrier(cs, cmd);
        kernels->dispatch(cmd,
                          kernels::SmokeDiffusionApplyVelocity::Bindings{.fieldIn = field.now(), .delta = diffusion->delta(),
                                                                    .fieldOut = field.other()},
                          gpu::DiffusionApplyPush{c, int(s.nx)}, faceWidth(), faceHeight());
        detail::computeBarrier(cs, cmd);
        field.swap();
    }
}

PressureResidual SmokeSolver::diffusionResidual(DiffusedField field, uint32_t recordsAgo) const {
    const auto held = use("diffusionResidual", detail::EntryCheck::EvenIfUnusable);
    const Impl& s = *held;
    if (field != DiffusedField::VelocityX && field != DiffusedField::VelocityY)
        throw InvalidArgument("diffusionResidual: field", "must be VelocityX or VelocityY (the 2D solver's multigrid diffusion)");
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("diffusionResidual: recordsAgo", "must be < kResidualHistory");
    if (!s.diffusion) return {};
    return s.diffusion->residual(static_cast<uint32_t>(field), recordsAgo);
}

} // namespace billow
