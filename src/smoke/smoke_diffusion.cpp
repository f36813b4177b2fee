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

void SmokeSolver::Impl::recordMultigridViscosity(VkCommandBuffer cmd, float dt) {
    // The node grids: u's faces and v's faces, less the duplicate last layer of a periodic axis.
    // Every boundary other than periodic is a ghost the setup folds into the shift.
    const bool periodicX = settings.boundaries[0].type == BoundaryType::Periodic;
    const bool periodicY = settings.boundaries[2].type == BoundaryType::Periodic;
    const std::vector<detail::GridShape> shapes{{periodicX ? nx : nx + 1, ny, 1}, {nx, periodicY ? ny : ny + 1, 1}};
    const auto side = [](bool periodic) {
        return periodic ? detail::PoissonBoundary::Periodic : detail::PoissonBoundary::Closed;
    };
    const detail::PoissonSides sides{side(periodicX), side(periodicX), side(periodicY), side(periodicY)};
    if (!diffusion || !diffusion->matches(shapes, settings.cellSize, sides))
        diffusion = std::make_unique<detail::ImplicitDiffusion>(cs, shapes, settings.cellSize, sides, 2, kReportedFields);

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
    if (field != DiffusedField::VelocityX && field != DiffusedField::VelocityY)
        throw InvalidArgument("diffusionResidual: field", "must be VelocityX or VelocityY (the 2D solver's multigrid diffusion)");
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("diffusionResidual: recordsAgo", "must be < kResidualHistory");
    if (!impl_->diffusion) return {};
    return impl_->diffusion->residual(static_cast<uint32_t>(field), recordsAgo);
}

} // namespace billow
