// The transport passes: Advect (semi-Lagrangian, MacCormack or BFECC per field family, all by the
// pre-advection velocity) and Diffuse (implicit: Jacobi sweeps here, multigrid in smoke3d_diffusion.cpp).
#include "core/barriers.hpp"
#include "grid/interpolation_variant.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
// Which of a ping-pong pair's three copies an advection reads or writes.
enum class Copy { Now, Other, Scratch };
VkBuffer copyOf(const PingPong& p, Copy c) { return c == Copy::Now ? p.now() : c == Copy::Other ? p.other() : p.scratch(); }
} // namespace

void SmokeSolver3D::Impl::recordAdvect(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) {
        recordAdvection(cmd, {{u.now(), v.now(), w.now()}, 0.0f, dt});
        return;
    }
    if (!settings.advectionReflection) {
        recordAdvection(cmd, {{u.now(), v.now(), w.now()}, dt, dt});
        return;
    }
    // The second half of advection-reflection: the reflected velocity for dt/2, the cell fields
    // for the whole dt, all by the projected midpoint velocity of this step's Reflect pass.
    if (!midpointReady)
        throw InvalidArgument("recordPass(Advect)", "with advectionReflection the Reflect pass must be recorded before "
                                                    "Advect in the same step");
    midpointReady = false;
    recordAdvection(cmd, {{midpoint[0].handle(), midpoint[1].handle(), midpoint[2].handle()}, 0.5f * dt, dt});
}

void SmokeSolver3D::Impl::recordAdvection(VkCommandBuffer cmd, const Advection& a) {
    // Every field is advected by the same velocity (a.velocity), so the forward dispatches are
    // independent and share one barrier. The corrected schemes then add a backward advection and
    // a correction (MacCormack) or a compensation, a second forward advection and a limiter
    // (BFECC), in each field's `other` and `scratch` copies; the carried velocity stays current
    // until the end, when the carried fields' ping-pong pairs flip. Mode numbers:
    // smoke3d_advect_correct.glsl. A family whose dt is 0 is not carried.
    const float ambient = settings.ambientTemperature;
    const bool carriesVelocity = a.velocityDt > 0.0f, carriesCells = a.cellsDt > 0.0f;
    const float dt = a.cellsDt, velocityDt = a.velocityDt;
    const VkBuffer advectingU = a.velocity[0], advectingV = a.velocity[1], advectingW = a.velocity[2];
    const detail::KernelVariant interpolation = detail::interpolationVariant(settings.advectionInterpolation);
    auto advectCells = [&](Copy from, Copy to, bool scalars, bool colours, float stepDt) {
        const int targets = (scalars ? BILLOW_ADVECT_SCALARS : 0) | (colours && hasColour() ? BILLOW_ADVECT_COLOUR : 0);
        if (targets == 0) return;
        kernels->dispatch(cmd,
                          kernels::Smoke3dAdvectCells::Bindings{.variant = interpolation,
                                                                .uIn = advectingU,
                                                                .vIn = advectingV,
                                                                .wIn = advectingW,
                                                                .densityIn = copyOf(density, from),
                                                                .temperatureIn = copyOf(temperature, from),
                                                                .fuelIn = copyOf(fuel, from),
                                                                .densityOut = copyOf(density, to),
                                                                .temperatureOut = copyOf(temperature, to),
                                                                .fuelOut = copyOf(fuel, to),
                                                                .colourIn = copyOf(colour, from),
                                                                .colourOut = copyOf(colour, to),
                                                                .solid = geometry.solid.handle()},
                          gpu::AdvectPush3D{stepDt, ambient, targets}, mac.nx, mac.ny, mac.nz);
    };
    // The carried velocity is a copy of (u, v, w); the advecting one is a.velocity, which is
    // (u.now(), v.now(), w.now()) except in the second half of advection-reflection.
    auto advectVelocity = [&](Copy from, Copy to, float stepDt) {
        kernels->dispatch(cmd,
                          kernels::Smoke3dAdvectVelocity::Bindings{.variant = interpolation,
                                                                   .uIn = advectingU,
                                                                   .vIn = advectingV,
                                                                   .wIn = advectingW,
                                                                   .uOut = copyOf(u, to),
                                                                   .vOut = copyOf(v, to),
                                                                   .wOut = copyOf(w, to),
                                                                   .openX = openX(),
                                                                   .openY = openY(),
                                                                   .openZ = openZ(),
                                                                   .uField = copyOf(u, from),
                                                                   .vField = copyOf(v, from),
                                                                   .wField = copyOf(w, from)},
                          gpu::AdvectPush3D{stepDt, ambient, 0}, faceWidth(), faceHeight(), faceDepth());
    };
    static_assert(int(AdvectionLimiter::Clamp) == BILLOW_LIMITER3_CLAMP &&
                  int(AdvectionLimiter::RevertToSemiLagrangian) == BILLOW_LIMITER3_REVERT);
    const int limiter = static_cast<int>(settings.advectionLimiter);
    auto correctScalars = [&](int mode) {
        int field = 0;
        for (PingPong* p : {&density, &temperature, &fuel})
            kernels->dispatch(cmd,
                              kernels::Smoke3dAdvectCorrectScalar::Bindings{.variant = interpolation,
                                                                            .uIn = advectingU,
                                                                            .vIn = advectingV,
                                                                            .wIn = advectingW,
                                                                            .original = p->now(),
                                                                            .backward = p->scratch(),
                                                                            .result = p->other(),
                                                                            .solid = geometry.solid.handle()},
                              gpu::CorrectPush3D{dt, mode, field++, limiter}, mac.nx, mac.ny, mac.nz);
    };
    auto correctColour = [&](int mode) {
        if (!hasColour()) return;
        kernels->dispatch(cmd,
                          kernels::Smoke3dAdvectCorrectColour::Bindings{.variant = interpolation,
                                                                        .uIn = advectingU,
                                                                        .vIn = advectingV,
                                                                        .wIn = advectingW,
                                                                        .original = colour.now(),
                                                                        .backward = colour.scratch(),
                                                                        .result = colour.other(),
                                                                        .solid = geometry.solid.handle()},
                          gpu::CorrectPush3D{dt, mode, 0, limiter}, mac.nx, mac.ny, mac.nz);
    };
    auto correctVelocity = [&](int mode) {
        int component = 0;
        for (PingPong* p : {&u, &v, &w}) {
            kernels->dispatch(
                cmd,
                kernels::Smoke3dAdvectCorrectVelocity::Bindings{.variant = interpolation,
                                                                .uIn = advectingU,
                                                                .vIn = advectingV,
                                                                .wIn = advectingW,
                                                                .original = p->now(),
                                                                .backward = p->scratch(),
                                                                .result = p->other(),
                                                                .open = geometry.open[component].handle()},
                gpu::CorrectPush3D{velocityDt, mode, component, limiter}, faceWidth(), faceHeight(), faceDepth());
            ++component;
        }
    };
    constexpr AdvectionScheme kSL = AdvectionScheme::SemiLagrangian, kBFECC = AdvectionScheme::BFECC;
    // A family that is not carried counts as semi-Lagrangian: none of its corrections run.
    const AdvectionScheme scalarScheme = carriesCells ? settings.scalarAdvection : kSL,
                          velocityScheme = carriesVelocity ? settings.velocityAdvection : kSL;
    const AdvectionScheme colourScheme = hasColour() && carriesCells ? settings.colourAdvection : kSL;
    const bool corrected = scalarScheme != kSL || colourScheme != kSL || velocityScheme != kSL;
    const bool bfecc = scalarScheme == kBFECC || colourScheme == kBFECC || velocityScheme == kBFECC;

    advectCells(Copy::Now, Copy::Other, carriesCells, carriesCells, dt);
    if (carriesVelocity) advectVelocity(Copy::Now, Copy::Other, velocityDt);
    detail::computeBarrier(cs, cmd);
    if (corrected) {
        // Backward: SL(SL(phi, dt), -dt) into scratch.
        advectCells(Copy::Other, Copy::Scratch, scalarScheme != kSL, colourScheme != kSL, -dt);
        if (velocityScheme != kSL) advectVelocity(Copy::Other, Copy::Scratch, -velocityDt);
        detail::computeBarrier(cs, cmd);
        // MacCormack corrects and limits in `other`; BFECC compensates into `other`.
        if (scalarScheme != kSL) correctScalars(scalarScheme == kBFECC ? 1 : 0);
        if (colourScheme != kSL) correctColour(colourScheme == kBFECC ? 1 : 0);
        if (velocityScheme != kSL) correctVelocity(velocityScheme == kBFECC ? 1 : 0);
        detail::computeBarrier(cs, cmd);
        if (bfecc) {
            // BFECC: advect the compensated field forward into scratch, then limit it into `other`.
            advectCells(Copy::Other, Copy::Scratch, scalarScheme == kBFECC, colourScheme == kBFECC, dt);
            if (velocityScheme == kBFECC) advectVelocity(Copy::Other, Copy::Scratch, velocityDt);
            detail::computeBarrier(cs, cmd);
            if (scalarScheme == kBFECC) correctScalars(2);
            if (colourScheme == kBFECC) correctColour(2);
            if (velocityScheme == kBFECC) correctVelocity(2);
            detail::computeBarrier(cs, cmd);
        }
    }
    if (carriesCells && settings.massCorrection) recordMassCorrection(cmd, a);
    if (carriesVelocity) for (PingPong* p : {&u, &v, &w}) p->swap();
    if (carriesCells) for (PingPong* p : {&density, &temperature, &fuel, &colour}) p->swap();
}

void SmokeSolver3D::Impl::recordMassCorrection(VkCommandBuffer cmd, const Advection& a) {
    // Slot 0 density, slot 1 fuel; inflowField: the inflow value each takes (0 density, 2 fuel).
    const PingPong* fields[] = {&density, &fuel};
    const int inflowFields[] = {0, 2};
    for (int f = 0; f < 2; ++f)
        kernels->dispatchGroups(cmd,
                                kernels::Smoke3dMassSums::Bindings{.before = fields[f]->now(),
                                                                   .after = fields[f]->other(),
                                                                   .solid = geometry.solid.handle(),
                                                                   .uIn = a.velocity[0],
                                                                   .vIn = a.velocity[1],
                                                                   .wIn = a.velocity[2],
                                                                   .openX = openX(),
                                                                   .openY = openY(),
                                                                   .openZ = openZ(),
                                                                   .partials = massCorrection.partials()},
                                gpu::MassSumsPush{a.cellsDt, f, inflowFields[f], 0}, massCorrection.groups(), 1);
    const VkBuffer advected[] = {density.other(), fuel.other()};
    massCorrection.recordFactorsAndScale(cmd, *kernels, advected);
}

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

} // namespace billow
