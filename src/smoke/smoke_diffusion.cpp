// SmokeSolver's viscosity step solved to a tolerance (diffusionSolver Multigrid): per velocity
// component, diffusion_setup_velocity.comp writes the system of the step's change on the
// component's faces (pressure/implicit_diffusion.hpp), the pressure's multigrid solves it with
// the GPU stopping at diffusionTolerance, and diffusion_apply_velocity.comp adds the change.
#include "smoke/smoke_solver_impl.hpp"

#include "core/barriers.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
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
                          kernels::DiffusionSetupVelocity::Bindings{
                              .field = field.now(), .openX = openX.handle(), .openY = openY.handle(),
                              .weightX = diffusion->weights(0), .weightY = diffusion->weights(1),
                              .shift = diffusion->shift(), .rhs = diffusion->rhs(), .delta = diffusion->delta()},
                          gpu::DiffusionSetupPush{c, 1.0f / a}, s.nx, s.ny);
        detail::computeBarrier(cs, cmd);
        diffusion->recordCoarsen(cmd, c);
        diffusion->recordSolve(cmd, c, settings.diffusionMaxCycles, settings.diffusionTolerance, uint32_t(c));
        detail::computeBarrier(cs, cmd);
        kernels->dispatch(cmd,
                          kernels::DiffusionApplyVelocity::Bindings{.fieldIn = field.now(), .delta = diffusion->delta(),
                                                                    .fieldOut = field.other()},
                          gpu::DiffusionApplyPush{c, int(s.nx)}, faceWidth(), faceHeight());
        detail::computeBarrier(cs, cmd);
        field.swap();
    }
}

PressureResidual SmokeSolver::diffusionResidual(DiffusedField field, uint32_t recordsAgo) const {
    const Impl& s = use("diffusionResidual");
    if (field != DiffusedField::VelocityX && field != DiffusedField::VelocityY)
        throw InvalidArgument("diffusionResidual: field", "must be VelocityX or VelocityY (the 2D solver's multigrid diffusion)");
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("diffusionResidual: recordsAgo", "must be < kResidualHistory");
    if (!s.diffusion) return {};
    return s.diffusion->residual(static_cast<uint32_t>(field), recordsAgo);
}

} // namespace billow
