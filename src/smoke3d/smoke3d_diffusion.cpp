// SmokeSolver3D's diffusion solved to a tolerance (diffusionSolver Multigrid): per velocity
// component and per cell scalar (density, temperature, fuel), smoke3d_diffusion_setup.comp writes
// the system of the step's change (pressure/implicit_diffusion.hpp), the pressure's multigrid on
// the 7-point stencil solves it with the GPU stopping at diffusionTolerance, and
// smoke3d_diffusion_apply.comp adds the change.
#include "core/barriers.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
// The systems: u, v, w faces, then the cells.
constexpr size_t kCellSystem = 3;
} // namespace

namespace {
// Node grids of `s`: each component's faces less the duplicate last layer of a periodic normal
// axis, and the cells. Every boundary other than periodic is a ghost the setup folds into the shift.
std::vector<detail::GridShape> nodeGrids(const SmokeSettings3D& s) {
    std::vector<detail::GridShape> shapes;
    for (int a = 0; a < 3; ++a) {
        uint32_t n[3] = {s.nx, s.ny, s.nz};
        if (s.boundaries[2 * a].type != BoundaryType::Periodic) n[a] += 1;
        shapes.push_back({n[0], n[1], n[2]});
    }
    shapes.push_back({s.nx, s.ny, s.nz});
    return shapes;
}
detail::PoissonSides nodeSides(const SmokeSettings3D& s) {
    detail::PoissonSides sides{};
    for (int i = 0; i < 6; ++i)
        sides[i] = s.boundaries[i].type == BoundaryType::Periodic ? detail::PoissonBoundary::Periodic
                                                                  : detail::PoissonBoundary::Closed;
    return sides;
}
} // namespace

void SmokeSolver3D::Impl::prepareDiffusion(const SmokeSettings3D& s) {
    // Allocation uploads (blocking), so it happens here and never while a step is recorded.
    const bool needed = s.diffusionSolver == DiffusionSolverType::Multigrid &&
                        (s.scalarDiffusion > 0.0f || (s.viscosity > 0.0f && s.velocityMode != VelocityMode::Prescribed));
    if (!needed) return;
    const std::vector<detail::GridShape> shapes = nodeGrids(s);
    if (!diffusion || !diffusion->matches(shapes, s.cellSize, nodeSides(s)))
        diffusion = std::make_unique<detail::ImplicitDiffusion>(cs, shapes, s.cellSize, nodeSides(s), 3,
                                                                kDiffusedFieldCount);
}

detail::ImplicitDiffusion& SmokeSolver3D::Impl::diffusionSystems() {
    if (!diffusion || !diffusion->matches(nodeGrids(settings), settings.cellSize, nodeSides(settings)))
        throw Error("internal: the multigrid diffusion was not prepared for these settings");
    return *diffusion;
}

void SmokeSolver3D::Impl::recordMultigridViscosity(VkCommandBuffer cmd, float dt) {
    detail::ImplicitDiffusion& d = diffusionSystems();
    const float inverseA = settings.cellSize * settings.cellSize / (settings.viscosity * dt);
    PingPong* components[3] = {&u, &v, &w};
    for (int c = 0; c < 3; ++c) {
        const detail::GridShape shape = {c == 0 ? faceWidth() : mac.nx, c == 1 ? faceHeight() : mac.ny,
                                         c == 2 ? faceDepth() : mac.nz};
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffusionSetup::Bindings{
                              .field = components[c]->now(), .openX = openX(), .openY = openY(), .openZ = openZ(),
                              .weightX = d.weights(0), .weightY = d.weights(1), .weightZ = d.weights(2),
                              .shift = d.shift(), .rhs = d.rhs(), .delta = d.delta()},
                          gpu::DiffusionSetupPush3D{c, inverseA}, shape.nx, shape.ny, shape.nz);
        detail::computeBarrier(cs, cmd);
        d.recordCoarsen(cmd, size_t(c));
        d.recordSolve(cmd, size_t(c), settings.diffusionMaxCycles, settings.diffusionTolerance,
                      uint32_t(DiffusedField::VelocityX) + uint32_t(c));
        detail::computeBarrier(cs, cmd);
        // The node grid's x and y sizes (delta's layout).
        const bool periodicX = settings.boundaries[0].type == BoundaryType::Periodic;
        const bool periodicY = settings.boundaries[2].type == BoundaryType::Periodic;
        const int systemNx = int(mac.nx) + (c == 0 && !periodicX ? 1 : 0);
        const int systemNy = int(mac.ny) + (c == 1 && !periodicY ? 1 : 0);
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffusionApply::Bindings{.fieldIn = components[c]->now(),
                                                                   .delta = d.delta(),
                                                                   .fieldOut = components[c]->other()},
                          gpu::DiffusionApplyPush3D{c, systemNx, systemNy}, shape.nx, shape.ny, shape.nz);
        detail::computeBarrier(cs, cmd);
        components[c]->swap();
    }
}

void SmokeSolver3D::Impl::recordMultigridScalars(VkCommandBuffer cmd, float dt) {
    detail::ImplicitDiffusion& d = diffusionSystems();
    const float inverseA = settings.cellSize * settings.cellSize / (settings.scalarDiffusion * dt);
    PingPong* fields[3] = {&density, &temperature, &fuel};
    for (int f = 0; f < 3; ++f) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffusionSetup::Bindings{
                              .field = fields[f]->now(), .openX = openX(), .openY = openY(), .openZ = openZ(),
                              .weightX = d.weights(0), .weightY = d.weights(1), .weightZ = d.weights(2),
                              .shift = d.shift(), .rhs = d.rhs(), .delta = d.delta()},
                          gpu::DiffusionSetupPush3D{3 + f, inverseA}, mac.nx, mac.ny, mac.nz);
        detail::computeBarrier(cs, cmd);
        // The three fields share weights and shift (obstacles do not stop scalar diffusion; the
        // inflow sides fold alike): the coarse levels once.
        if (f == 0) d.recordCoarsen(cmd, kCellSystem);
        d.recordSolve(cmd, kCellSystem, settings.diffusionMaxCycles, settings.diffusionTolerance,
                      uint32_t(DiffusedField::Density) + uint32_t(f));
        detail::computeBarrier(cs, cmd);
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffusionApply::Bindings{.fieldIn = fields[f]->now(), .delta = d.delta(),
                                                                   .fieldOut = fields[f]->other()},
                          gpu::DiffusionApplyPush3D{3, int(mac.nx), int(mac.ny)}, mac.nx, mac.ny, mac.nz);
        detail::computeBarrier(cs, cmd);
    }
}

PressureResidual SmokeSolver3D::diffusionResidual(DiffusedField field, uint32_t recordsAgo) const {
    const Impl& s = use("diffusionResidual");
    if (static_cast<uint32_t>(field) >= kDiffusedFieldCount)
        throw InvalidArgument("diffusionResidual: field", "unknown field");
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("diffusionResidual: recordsAgo", "must be < kResidualHistory");
    if (!s.diffusion) return {};
    return s.diffusion->residual(static_cast<uint32_t>(field), recordsAgo);
}

} // namespace billow
