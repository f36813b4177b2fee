// Recording of the smoke solver's passes. Each pass ends with a compute->compute barrier, so
// passes may be recorded in any order the engine wants.
#include <algorithm>
#include <array>
#include <cmath>

#include "core/barriers.hpp"
#include "grid/decay_factor.hpp"
#include "grid/interpolation_variant.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
// The typed kernels (billow_kernels.hpp). A qualified name `kernels::X` looks up namespaces only,
// so it is not confused with the member `kernels` (the kernel set).
namespace kernels = detail::kernels;

using detail::decayFactor;

// Which of a ping-pong pair's three copies an advection reads or writes.
enum class Copy { Now, Other, Scratch };
VkBuffer copyOf(const PingPong& p, Copy c) { return c == Copy::Now ? p.now() : c == Copy::Other ? p.other() : p.scratch(); }
} // namespace

void SmokeSolver::Impl::recordPass(VkCommandBuffer cmd, Pass pass, float dt, bool fusedForces) {
    timer.begin(cmd, static_cast<uint32_t>(pass));
    switch (pass) {
    case Pass::Colliders: recordColliders(cmd); break;
    case Pass::Inject: recordInject(cmd); break;
    case Pass::Buoyancy:
        if (!fusedForces) recordBuoyancy(cmd, dt);
        break;
    case Pass::Vorticity: fusedForces ? recordVelocityForces(cmd, dt) : recordVorticity(cmd, dt); break;
    case Pass::Reflect: recordReflect(cmd, dt); break;
    case Pass::Advect: recordAdvect(cmd, dt); break;
    case Pass::Diffuse: recordDiffuse(cmd, dt); break;
    case Pass::Damping: recordDamping(cmd, dt, !fusedForces); break;
    case Pass::Divergence: recordDivergence(cmd); break;
    case Pass::PressureSolve: recordPressureSolve(cmd, dt); break;
    case Pass::SubtractGradient: recordSubtractGradient(cmd, dt); break;
    case Pass::Count: break;
    }
    timer.end(cmd, static_cast<uint32_t>(pass));
}

void SmokeSolver::Impl::recordFaceFractions(VkCommandBuffer cmd) {
    kernels->dispatch(cmd,
                      kernels::FaceFractions::Bindings{.solid = solid.handle(), .openX = openX.handle(),
                                                       .openY = openY.handle()},
                      faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordInject(VkCommandBuffer cmd) {
    if (splats.empty()) return;
    splats.recordUpload(cs, cmd);
    const int count = static_cast<int>(splats.size());
    const kernels::Splat::Bindings buffers{.splats = splats.buffer(), .u = u.now(), .v = v.now(),
                                           .density = density.now(), .temperature = temperature.now(),
                                           .dye = dye.now(), .openX = openX.handle(), .openY = openY.handle()};
    // Dispatch only over the box the splats can reach, in each target grid's index space.
    float minX = 1e30f, minY = 1e30f, maxX = -1e30f, maxY = -1e30f;
    for (const gpu::GpuSplat& sp : splats.pending()) {
        const float reach = sp.falloff == BILLOW_FALLOFF_LINEAR ? sp.radius : float(BILLOW_GAUSSIAN_REACH) * sp.radius;
        minX = std::min(minX, sp.x - reach);
        maxX = std::max(maxX, sp.x + reach);
        minY = std::min(minY, sp.y - reach);
        maxY = std::max(maxY, sp.y + reach);
    }
    // Index range [first, last] of samples spaced `spacing` apart that may lie in [low, high], with
    // one sample of margin, clamped to [0, lastIndex]; empty when first > last.
    auto range = [](float low, float high, float spacing, uint32_t lastIndex) {
        const float top = static_cast<float>(lastIndex);
        float first = std::clamp(std::floor(low / spacing) - 1.0f, 0.0f, top + 1.0f);
        float last = std::clamp(std::ceil(high / spacing) + 1.0f, -1.0f, top);
        return std::pair<int, int>(static_cast<int>(first), static_cast<int>(last));
    };
    auto dispatchBox = [&](int target, float spacingX, float spacingY, uint32_t lastX, uint32_t lastY, bool wrapX,
                           bool wrapY) {
        auto [x0, x1] = range(minX, maxX, spacingX, lastX);
        auto [y0, y1] = range(minY, maxY, spacingY, lastY);
        // On a periodic axis the last face is computed as face 0: update both or neither.
        if (wrapX && x0 == 0) x1 = static_cast<int>(lastX);
        if (wrapY && y0 == 0) y1 = static_cast<int>(lastY);
        if (x1 < x0 || y1 < y0) return;
        kernels->dispatch(cmd, buffers, gpu::SplatPush{target, count, x0, y0}, uint32_t(x1 - x0 + 1),
                          uint32_t(y1 - y0 + 1));
    };
    const float h = settings.cellSize;
    const bool periodicX = settings.boundaries[0].type == BoundaryType::Periodic;
    const bool periodicY = settings.boundaries[2].type == BoundaryType::Periodic;
    if (!prescribedVelocity()) dispatchBox(0, h, h, nx, ny, periodicX, periodicY);
    dispatchBox(1, h, h, nx - 1, ny - 1, false, false);
    dispatchBox(2, h * float(nx) / float(dyeNx), h * float(ny) / float(dyeNy), dyeNx - 1, dyeNy - 1, false, false);
    detail::computeBarrier(cs, cmd);
    splats.clear();
}

bool SmokeSolver::Impl::buoyancyApplies() const {
    return !prescribedVelocity() && (settings.densityWeight != 0.0f || settings.thermalExpansion != 0.0f);
}

bool SmokeSolver::Impl::confinementApplies() const { return !prescribedVelocity() && settings.vorticity != 0.0f; }

bool SmokeSolver::Impl::velocityDampingApplies() const {
    return !prescribedVelocity() && (settings.velocityDamping > 0.0f || settings.maxSpeed > 0.0f);
}

bool SmokeSolver::Impl::fusesVelocityForces() const {
    return settings.fuseVelocityForces && (buoyancyApplies() || confinementApplies() || velocityDampingApplies());
}

void SmokeSolver::Impl::recordBuoyancy(VkCommandBuffer cmd, float dt) {
    if (!buoyancyApplies()) return;
    gpu::BuoyancyPush push{dt, settings.gravity[0], settings.gravity[1], settings.densityWeight,
                           settings.thermalExpansion, settings.ambientTemperature};
    kernels->dispatch(cmd,
                      kernels::Buoyancy::Bindings{.u = u.now(), .v = v.now(), .density = density.now(),
                                                  .temperature = temperature.now(), .openX = openX.handle(),
                                                  .openY = openY.handle()},
                      push, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordCurl(VkCommandBuffer cmd) {
    kernels->dispatch(cmd, kernels::Curl::Bindings{.uIn = u.now(), .vIn = v.now(), .curl = curl.handle()}, faceWidth(),
                      faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordVorticity(VkCommandBuffer cmd, float dt) {
    // The curl is always computed: it is also the vorticity diagnostic view.
    recordCurl(cmd);
    if (!confinementApplies()) return;
    kernels->dispatch(cmd,
                      kernels::VorticityForce::Bindings{.u = u.now(), .v = v.now(), .curl = curl.handle(),
                                                        .openX = openX.handle(), .openY = openY.handle()},
                      gpu::VorticityPush{dt, settings.vorticity}, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordVelocityForces(VkCommandBuffer cmd, float dt) {
    // The curl of the velocity before buoyancy (the single passes in step order take it after).
    recordCurl(cmd);
    // A force that does not apply gets the coefficient that turns it off in the kernel.
    const bool buoyancy = buoyancyApplies(), damping = velocityDampingApplies();
    if (!buoyancy && !damping && !confinementApplies()) return;
    const gpu::VelocityForcesPush push{dt,
                                       buoyancy ? settings.gravity[0] : 0.0f,
                                       buoyancy ? settings.gravity[1] : 0.0f,
                                       settings.densityWeight,
                                       settings.thermalExpansion,
                                       settings.ambientTemperature,
                                       confinementApplies() ? settings.vorticity : 0.0f,
                                       damping ? decayFactor(settings.velocityDamping, dt) : 1.0f,
                                       damping ? settings.maxSpeed : 0.0f};
    kernels->dispatch(cmd,
                      kernels::VelocityForces::Bindings{.uIn = u.now(), .vIn = v.now(), .uOut = u.other(),
                                                        .vOut = v.other(), .density = density.now(),
                                                        .temperature = temperature.now(), .curl = curl.handle(),
                                                        .openX = openX.handle(), .openY = openY.handle()},
                      push, faceWidth(), faceHeight());
    u.swap();
    v.swap();
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordAdvect(VkCommandBuffer cmd, float dt) {
    if (prescribedVelocity()) {
        recordAdvection(cmd, {u.now(), v.now(), 0.0f, dt});
        return;
    }
    if (!settings.advectionReflection) {
        recordAdvection(cmd, {u.now(), v.now(), dt, dt});
        return;
    }
    // The second half of advection-reflection: the reflected velocity for dt/2, the scalars and
    // the dye for the whole dt, all by the projected midpoint velocity of this step's Reflect pass.
    if (!midpointReady)
        throw InvalidArgument("recordPass(Advect)", "with advectionReflection the Reflect pass must be recorded before "
                                                    "Advect in the same step");
    midpointReady = false;
    recordAdvection(cmd, {midpointU.handle(), midpointV.handle(), 0.5f * dt, dt});
}

void SmokeSolver::Impl::recordAdvection(VkCommandBuffer cmd, const Advection& a) {
    // All fields are advected by the same velocity (a.velocityX, a.velocityY), so the forward
    // dispatches are independent and share one barrier. The corrected schemes then add a backward
    // advection and a correction (MacCormack) or a compensation, a second forward advection and a
    // limiter (BFECC), in each field's `other` and `scratch` copies; the carried velocity stays
    // current until the end, when the ping-pong pairs of the carried fields flip.
    const bool carriesVelocity = a.velocityDt > 0.0f, carriesCells = a.cellsDt > 0.0f;
    const VkBuffer advectingU = a.velocityX, advectingV = a.velocityY;
    const float cellsDt = a.cellsDt, velocityDt = a.velocityDt;
    const detail::KernelVariant interpolation = detail::interpolationVariant(settings.advectionInterpolation);
    const gpu::AdvectPush forward{cellsDt, settings.ambientTemperature},
        backward{-cellsDt, settings.ambientTemperature};
    const gpu::AdvectPush velocityForward{velocityDt, settings.ambientTemperature},
        velocityBackward{-velocityDt, settings.ambientTemperature};
    auto advectScalars = [&](VkBuffer densityIn, VkBuffer temperatureIn, VkBuffer densityOut, VkBuffer temperatureOut,
                             const gpu::AdvectPush& push) {
        kernels->dispatch(cmd,
                          kernels::AdvectScalars::Bindings{.variant = interpolation,
                                                           .uIn = advectingU,
                                                           .vIn = advectingV,
                                                           .densityIn = densityIn,
                                                           .temperatureIn = temperatureIn,
                                                           .densityOut = densityOut,
                                                           .temperatureOut = temperatureOut,
                                                           .solid = solid.handle()},
                          push, nx, ny);
    };
    auto advectDye = [&](VkBuffer in, VkBuffer out, const gpu::AdvectPush& push) {
        kernels->dispatch(
            cmd,
            kernels::AdvectDye::Bindings{
                .variant = interpolation, .uIn = advectingU, .vIn = advectingV, .dyeIn = in, .dyeOut = out},
            push, dyeNx, dyeNy);
    };
    // Where the dye grid is the velocity grid (its cell size exactly the same float, as
    // smoke_solver.cpp computes it), the scalars and the dye share one back-trace per cell
    // (advect_cells.comp); otherwise each has its own kernel.
    const bool dyeOnCells =
        dyeNx == nx && dyeNy == ny &&
        settings.cellSize * static_cast<float>(nx) / static_cast<float>(dyeNx) == settings.cellSize &&
        settings.cellSize * static_cast<float>(ny) / static_cast<float>(dyeNy) == settings.cellSize;
    auto advectScalarsAndDye = [&](Copy from, Copy to, bool scalars, bool dyes, const gpu::AdvectPush& push) {
        if (scalars && dyes && dyeOnCells) {
            kernels->dispatch(cmd,
                              kernels::AdvectCells::Bindings{.variant = interpolation,
                                                             .uIn = advectingU,
                                                             .vIn = advectingV,
                                                             .densityIn = copyOf(density, from),
                                                             .temperatureIn = copyOf(temperature, from),
                                                             .densityOut = copyOf(density, to),
                                                             .temperatureOut = copyOf(temperature, to),
                                                             .solid = solid.handle(),
                                                             .dyeIn = copyOf(dye, from),
                                                             .dyeOut = copyOf(dye, to)},
                              push, nx, ny);
            return;
        }
        if (scalars)
            advectScalars(copyOf(density, from), copyOf(temperature, from), copyOf(density, to),
                          copyOf(temperature, to), push);
        if (dyes) advectDye(copyOf(dye, from), copyOf(dye, to), push);
    };
    // mode: see shaders/smoke/advect_correct.glsl.
    static_assert(int(AdvectionLimiter::Clamp) == BILLOW_LIMITER_CLAMP &&
                  int(AdvectionLimiter::RevertToSemiLagrangian) == BILLOW_LIMITER_REVERT);
    const int limiter = static_cast<int>(settings.advectionLimiter);
    auto correctScalars = [&](int mode) {
        int field = 0;
        for (PingPong* p : {&density, &temperature})
            kernels->dispatch(cmd,
                              kernels::AdvectCorrectScalar::Bindings{.variant = interpolation,
                                                                     .uIn = advectingU,
                                                                     .vIn = advectingV,
                                                                     .original = p->now(),
                                                                     .backward = p->scratch(),
                                                                     .result = p->other(),
                                                                     .solid = solid.handle()},
                              gpu::CorrectPush{cellsDt, mode, field++, limiter}, nx, ny);
    };
    auto correctDye = [&](int mode) {
        kernels->dispatch(cmd,
                          kernels::AdvectCorrectDye::Bindings{.variant = interpolation,
                                                              .uIn = advectingU,
                                                              .vIn = advectingV,
                                                              .original = dye.now(),
                                                              .backward = dye.scratch(),
                                                              .result = dye.other()},
                          gpu::CorrectPush{cellsDt, mode, 0, limiter}, dyeNx, dyeNy);
    };
    // The carried velocity is a copy of (u, v); the advecting one is (advectingU, advectingV),
    // which is u.now(), v.now() except in the second half of advection-reflection.
    auto advectVelocity = [&](VkBuffer fieldU, VkBuffer fieldV, VkBuffer outU, VkBuffer outV,
                              const gpu::AdvectPush& push) {
        kernels->dispatch(cmd,
                          kernels::AdvectVelocity::Bindings{.variant = interpolation,
                                                            .uIn = advectingU,
                                                            .vIn = advectingV,
                                                            .uOut = outU,
                                                            .vOut = outV,
                                                            .openX = openX.handle(),
                                                            .openY = openY.handle(),
                                                            .uField = fieldU,
                                                            .vField = fieldV},
                          push, faceWidth(), faceHeight());
    };
    auto correctVelocity = [&](int mode) {
        int component = 0;
        for (auto [p, open] : {std::pair{&u, openX.handle()}, std::pair{&v, openY.handle()}})
            kernels->dispatch(cmd,
                              kernels::AdvectCorrectVelocity::Bindings{.variant = interpolation,
                                                                       .uIn = advectingU,
                                                                       .vIn = advectingV,
                                                                       .original = p->now(),
                                                                       .backward = p->scratch(),
                                                                       .result = p->other(),
                                                                       .open = open},
                              gpu::CorrectPush{velocityDt, mode, component++, limiter}, faceWidth(), faceHeight());
    };
    constexpr AdvectionScheme kSL = AdvectionScheme::SemiLagrangian, kBFECC = AdvectionScheme::BFECC;
    // A family that is not carried counts as semi-Lagrangian: none of its corrections run.
    const AdvectionScheme scalarScheme = carriesCells ? settings.scalarAdvection : kSL,
                          dyeScheme = carriesCells ? settings.dyeAdvection : kSL,
                          velocityScheme = carriesVelocity ? settings.velocityAdvection : kSL;

    advectScalarsAndDye(Copy::Now, Copy::Other, carriesCells, carriesCells, forward);
    if (carriesVelocity) advectVelocity(u.now(), v.now(), u.other(), v.other(), velocityForward);
    detail::computeBarrier(cs, cmd);

    if (scalarScheme != kSL || dyeScheme != kSL || velocityScheme != kSL) {
        // Backward: SL(SL(phi, dt), -dt) into scratch.
        advectScalarsAndDye(Copy::Other, Copy::Scratch, scalarScheme != kSL, dyeScheme != kSL, backward);
        if (velocityScheme != kSL) advectVelocity(u.other(), v.other(), u.scratch(), v.scratch(), velocityBackward);
        detail::computeBarrier(cs, cmd);
        // MacCormack corrects and limits in place; BFECC compensates into `other`.
        if (scalarScheme != kSL) correctScalars(scalarScheme == kBFECC ? 1 : 0);
        if (dyeScheme != kSL) correctDye(dyeScheme == kBFECC ? 1 : 0);
        if (velocityScheme != kSL) correctVelocity(velocityScheme == kBFECC ? 1 : 0);
        detail::computeBarrier(cs, cmd);
        if (scalarScheme == kBFECC || dyeScheme == kBFECC || velocityScheme == kBFECC) {
            // BFECC: advect the compensated field forward into scratch, then limit it into `other`.
            advectScalarsAndDye(Copy::Other, Copy::Scratch, scalarScheme == kBFECC, dyeScheme == kBFECC,
                                forward);
            if (velocityScheme == kBFECC) advectVelocity(u.other(), v.other(), u.scratch(), v.scratch(), velocityForward);
            detail::computeBarrier(cs, cmd);
            if (scalarScheme == kBFECC) correctScalars(2);
            if (dyeScheme == kBFECC) correctDye(2);
            if (velocityScheme == kBFECC) correctVelocity(2);
            detail::computeBarrier(cs, cmd);
        }
    }
    if (carriesCells && settings.massCorrection) recordMassCorrection(cmd, a);
    if (carriesVelocity) for (PingPong* p : {&u, &v}) p->swap();
    if (carriesCells) for (PingPong* p : {&density, &temperature, &dye}) p->swap();
}

void SmokeSolver::Impl::recordMassCorrection(VkCommandBuffer cmd, const Advection& a) {
    kernels->dispatchGroups(cmd,
                            kernels::MassSums::Bindings{.before = density.now(), .after = density.other(),
                                                        .solid = solid.handle(), .uIn = a.velocityX, .vIn = a.velocityY,
                                                        .openX = openX.handle(), .openY = openY.handle(),
                                                        .partials = massCorrection.partials()},
                            gpu::MassSumsPush{a.cellsDt, 0, 0, 0}, massCorrection.groups(), 1);
    const VkBuffer advected[] = {density.other()};
    massCorrection.recordFactorsAndScale(cmd, *kernels, advected);
}

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
                              kernels::DiffuseVelocity::Bindings{.uB = u.now(), .vB = v.now(),
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
                              kernels::DiffuseDye::Bindings{.dyeB = dye.now(),
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
                          kernels::DampVelocity::Bindings{.uIn = u.now(), .vIn = v.now(), .uOut = u.other(),
                                                          .vOut = v.other(), .openX = openX.handle(),
                                                          .openY = openY.handle()},
                          gpu::DampVelocityPush{decayFactor(settings.velocityDamping, dt), settings.maxSpeed},
                          faceWidth(), faceHeight());
        u.swap();
        v.swap();
    }
    const kernels::DampScalars::Bindings scalars{.density = density.now(), .temperature = temperature.now(),
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

void SmokeSolver::Impl::recordDivergence(VkCommandBuffer cmd) {
    if (prescribedVelocity()) return;  // the engine's velocity is not projected
    if (collidersActive()) {
        kernels->dispatch(cmd,
                          kernels::DivergenceColliders::Bindings{.u = u.now(), .v = v.now(), .openX = openX.handle(),
                                                                 .openY = openY.handle(), .solid = solid.handle(),
                                                                 .divergence = divergence.handle(),
                                                                 .solidVelocityX = solidVelocityX.handle(),
                                                                 .solidVelocityY = solidVelocityY.handle()},
                          nx, ny);
        detail::computeBarrier(cs, cmd);
        return;
    }
    kernels->dispatch(cmd,
                      kernels::Divergence::Bindings{.u = u.now(), .v = v.now(), .openX = openX.handle(),
                                                    .openY = openY.handle(), .solid = solid.handle(),
                                                    .divergence = divergence.handle()},
                      nx, ny);
    detail::computeBarrier(cs, cmd);
}

void SmokeSolver::Impl::recordSubtractGradientOf(VkCommandBuffer cmd, float dt, VkBuffer p) {
    if (prescribedVelocity()) return;
    if (collidersActive()) {
        kernels->dispatch(cmd,
                          kernels::SubtractGradientColliders::Bindings{.u = u.now(), .v = v.now(), .p = p,
                                                                       .openX = openX.handle(), .openY = openY.handle(),
                                                                       .solidVelocityX = solidVelocityX.handle(),
                                                                       .solidVelocityY = solidVelocityY.handle()},
                          gpu::SubtractPush{dt}, faceWidth(), faceHeight());
        detail::computeBarrier(cs, cmd);
        return;
    }
    kernels->dispatch(cmd,
                      kernels::SubtractGradient::Bindings{.u = u.now(), .v = v.now(), .p = p,
                                                          .openX = openX.handle(), .openY = openY.handle()},
                      gpu::SubtractPush{dt}, faceWidth(), faceHeight());
    detail::computeBarrier(cs, cmd);
}

} // namespace billow
