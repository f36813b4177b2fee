// The dissipative passes: Diffuse (implicit viscosity and diffusion of the cell fields) and
// Damping (the exponential decay of the velocity and the cell fields).
// Diffuse runs Jacobi sweeps, or with diffusionSolver Multigrid a solve to a tolerance: per
// velocity component and per cell scalar (density, temperature, fuel), smoke3d/diffusion_setup.comp
// writes the system of the step's change (pressure/implicit_diffusion.hpp), the pressure's
// multigrid on the 7-point stencil solves it with the GPU stopping at diffusionTolerance, and
// smoke3d/diffusion_apply.comp adds the change.
#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;
using detail::decayFactor;

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

namespace {
// Jacobi sweep k of `iterations` reads the current copy (k = 0) or the last sweep's target, and
// writes the other copy or the scratch copy, alternating so that the last sweep writes the
// other copy. The right-hand side b stays in the current copy.
VkBuffer sweepTarget(const PingPong& p, uint32_t iterations, uint32_t k) {
    return ((iterations - 1 - k) % 2) == 0 ? p.other() : p.scratch();
}
VkBuffer sweepSource(const PingPong& p, uint32_t iterations, uint32_t k) {
    return k == 0 ? p.now() : sweepTarget(p, iterations, k - 1);
}
} // namespace

void SmokeSolver3D::Impl::recordDiffuse(VkCommandBuffer cmd, float dt) {
    // Implicit diffusion by Jacobi sweeps, or with diffusionSolver Multigrid solved to the
    // tolerance (smoke3d_diffusion.cpp) for the velocity, density, temperature and fuel; the
    // colour takes the sweeps either way (which then also write density, temperature and fuel
    // into their other copies, overwritten by the multigrid's result from the current ones).
    const bool multigrid = settings.diffusionSolver == DiffusionSolverType::Multigrid;
    const bool sweeps = settings.diffusionIterations > 0;
    if (settings.viscosity > 0.0f && !prescribedVelocity()) {
        if (multigrid) recordMultigridViscosity(cmd, dt);
        else if (sweeps) recordJacobiViscosity(cmd, dt);
    }
    if (!(settings.scalarDiffusion > 0.0f)) return;
    const bool colourSweeps = sweeps && (!multigrid || hasColour());
    if (colourSweeps) recordJacobiScalars(cmd, dt);
    if (multigrid) recordMultigridScalars(cmd, dt);
    if (colourSweeps) colour.swap();
    if (colourSweeps || multigrid) for (PingPong* p : {&density, &temperature, &fuel}) p->swap();
}

void SmokeSolver3D::Impl::recordJacobiViscosity(VkCommandBuffer cmd, float dt) {
    const uint32_t iterations = settings.diffusionIterations;
    auto target = [&](const PingPong& p, uint32_t k) { return sweepTarget(p, iterations, k); };
    auto source = [&](const PingPong& p, uint32_t k) { return sweepSource(p, iterations, k); };
    const gpu::DiffusePush3D push{settings.viscosity * dt / (settings.cellSize * settings.cellSize), 0};
    for (uint32_t k = 0; k < iterations; ++k) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffuseVelocity::Bindings{
                              .uB = u.now(), .vB = v.now(), .wB = w.now(), .uIn = source(u, k), .vIn = source(v, k),
                              .wIn = source(w, k), .uOut = target(u, k), .vOut = target(v, k), .wOut = target(w, k),
                              .openX = openX(), .openY = openY(), .openZ = openZ()},
                          push, faceWidth(), faceHeight(), faceDepth());
        detail::computeBarrier(cs, cmd);
    }
    for (PingPong* p : {&u, &v, &w}) p->swap();
}

void SmokeSolver3D::Impl::recordJacobiScalars(VkCommandBuffer cmd, float dt) {
    // Writes the other copies of density, temperature, fuel and colour; the caller swaps.
    const uint32_t iterations = settings.diffusionIterations;
    auto target = [&](const PingPong& p, uint32_t k) { return sweepTarget(p, iterations, k); };
    auto source = [&](const PingPong& p, uint32_t k) { return sweepSource(p, iterations, k); };
    const gpu::DiffusePush3D push{settings.scalarDiffusion * dt / (settings.cellSize * settings.cellSize),
                                  hasColour() ? 1 : 0};
    for (uint32_t k = 0; k < iterations; ++k) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDiffuseCells::Bindings{
                              .densityB = density.now(), .temperatureB = temperature.now(), .fuelB = fuel.now(),
                              .densityIn = source(density, k), .temperatureIn = source(temperature, k),
                              .fuelIn = source(fuel, k), .densityOut = target(density, k),
                              .temperatureOut = target(temperature, k), .fuelOut = target(fuel, k),
                              .colourB = colour.now(), .colourIn = source(colour, k), .colourOut = target(colour, k)},
                          push, mac.nx, mac.ny, mac.nz);
        detail::computeBarrier(cs, cmd);
    }
}

void SmokeSolver3D::Impl::recordDamping(VkCommandBuffer cmd, float dt, bool velocity) {
    bool recorded = false;
    if (velocity && velocityDampingApplies()) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDampVelocity::Bindings{.u = u.now(), .v = v.now(), .w = w.now(),
                                                                 .openX = openX(), .openY = openY(), .openZ = openZ()},
                          gpu::DampVelocityPush3D{decayFactor(settings.velocityDamping, dt), settings.maxSpeed},
                          faceWidth(), faceHeight(), faceDepth());
        recorded = true;
    }
    const bool colourDamped = hasColour() && settings.colourDamping > 0.0f;
    if (settings.densityDamping > 0.0f || settings.temperatureRelaxation > 0.0f || settings.fuelDamping > 0.0f ||
        colourDamped) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dDampCells::Bindings{.density = density.now(), .temperature = temperature.now(),
                                                              .fuel = fuel.now(), .colour = colour.now()},
                          gpu::DampCellsPush3D{decayFactor(settings.densityDamping, dt),
                                               decayFactor(settings.temperatureRelaxation, dt),
                                               decayFactor(settings.fuelDamping, dt), decayFactor(settings.colourDamping, dt),
                                               settings.ambientTemperature, colourDamped ? 1 : 0},
                          mac.nx, mac.ny, mac.nz);
        recorded = true;
    }
    if (recorded) detail::computeBarrier(cs, cmd);
}

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
    const auto held = use("diffusionResidual", detail::EntryCheck::EvenIfUnusable);
    const Impl& s = *held;
    if (static_cast<uint32_t>(field) >= kDiffusedFieldCount)
        throw InvalidArgument("diffusionResidual: field", "unknown field");
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("diffusionResidual: recordsAgo", "must be < kResidualHistory");
    if (!s.diffusion) return {};
    return s.diffusion->residual(static_cast<uint32_t>(field), recordsAgo);
}

} // namespace billow
