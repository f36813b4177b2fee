// The Advect pass: density, temperature, the dye and the velocity carried by the velocity the
// last step projected (semi-Lagrangian, MacCormack or BFECC per family: grid/corrected_advection.hpp),
// or in the second half of advection-reflection by the projected midpoint velocity; then the
// density's total kept (SmokeSettings::massCorrection).
#include <array>

#include "core/barriers.hpp"
#include "grid/corrected_advection.hpp"
#include "grid/interpolation_variant.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
// The typed kernels (billow_kernels.hpp). A qualified name `kernels::X` looks up namespaces only,
// so it is not confused with the member `kernels` (the kernel set).
namespace kernels = detail::kernels;
using detail::Copy;
using detail::copyOf;
} // namespace

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
    // All fields are advected by the same velocity (a.velocityX, a.velocityY), in the stages of
    // grid/corrected_advection.hpp; the carried velocity stays current until the end, when the
    // ping-pong pairs of the carried fields flip.
    const bool carriesVelocity = a.velocityDt > 0.0f, carriesCells = a.cellsDt > 0.0f;
    const VkBuffer advectingU = a.velocityX, advectingV = a.velocityY;
    const float cellsDt = a.cellsDt, velocityDt = a.velocityDt;
    const detail::KernelVariant interpolation =
        detail::advectionVariant2D(settings.advectionInterpolation, cs.properties.deviceType);
    const gpu::AdvectPush forward{cellsDt, settings.ambientTemperature},
        backward{-cellsDt, settings.ambientTemperature};
    const gpu::AdvectPush velocityForward{velocityDt, settings.ambientTemperature},
        velocityBackward{-velocityDt, settings.ambientTemperature};
    auto advectScalars = [&](VkBuffer densityIn, VkBuffer temperatureIn, VkBuffer densityOut, VkBuffer temperatureOut,
                             const gpu::AdvectPush& push) {
        kernels->dispatch(cmd,
                          kernels::SmokeAdvectScalars::Bindings{.variant = interpolation,
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
            kernels::SmokeAdvectDye::Bindings{
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
                              kernels::SmokeAdvectCells::Bindings{.variant = interpolation,
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
                              kernels::SmokeAdvectCorrectScalar::Bindings{.variant = interpolation,
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
                          kernels::SmokeAdvectCorrectDye::Bindings{.variant = interpolation,
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
                          kernels::SmokeAdvectVelocity::Bindings{.variant = interpolation,
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
                              kernels::SmokeAdvectCorrectVelocity::Bindings{.variant = interpolation,
                                                                       .uIn = advectingU,
                                                                       .vIn = advectingV,
                                                                       .original = p->now(),
                                                                       .backward = p->scratch(),
                                                                       .result = p->other(),
                                                                       .open = open},
                              gpu::CorrectPush{velocityDt, mode, component++, limiter}, faceWidth(), faceHeight());
    };
    constexpr AdvectionScheme kSL = AdvectionScheme::SemiLagrangian;
    // A family that is not carried counts as semi-Lagrangian: none of its corrections run.
    const std::array<AdvectionScheme, 3> schemes{carriesCells ? settings.scalarAdvection : kSL,
                                                 carriesCells ? settings.dyeAdvection : kSL,
                                                 carriesVelocity ? settings.velocityAdvection : kSL};
    detail::AdvectionStages stages;
    stages.advect = [&](Copy from, Copy to, const detail::AdvectedFamilies& which, bool back) {
        advectScalarsAndDye(from, to, which[detail::kCellScalars], which[detail::kColourField], back ? backward : forward);
        if (which[detail::kVelocityField])
            advectVelocity(copyOf(u, from), copyOf(v, from), copyOf(u, to), copyOf(v, to),
                           back ? velocityBackward : velocityForward);
    };
    stages.correct = [&](int family, int mode) {
        if (family == detail::kCellScalars) correctScalars(mode);
        else if (family == detail::kColourField) correctDye(mode);
        else correctVelocity(mode);
    };
    stages.barrier = [&] { detail::computeBarrier(cs, cmd); };
    detail::recordCorrectedAdvection(schemes, {carriesCells, carriesCells, carriesVelocity}, stages);
    if (carriesCells && settings.massCorrection) recordMassCorrection(cmd, a);
    if (carriesVelocity) for (PingPong* p : {&u, &v}) p->swap();
    if (carriesCells) for (PingPong* p : {&density, &temperature, &dye}) p->swap();
}

void SmokeSolver::Impl::recordMassCorrection(VkCommandBuffer cmd, const Advection& a) {
    kernels->dispatchGroups(cmd,
                            kernels::SmokeMassSums::Bindings{.before = density.now(), .after = density.other(),
                                                        .solid = solid.handle(), .uIn = a.velocityX, .vIn = a.velocityY,
                                                        .openX = openX.handle(), .openY = openY.handle(),
                                                        .partials = massCorrection.partials()},
                            gpu::MassSumsPush{a.cellsDt, 0, 0, 0}, massCorrection.groups(), 1);
    const VkBuffer advected[] = {density.other()};
    massCorrection.recordFactorsAndScale(cmd, *kernels, advected);
}

} // namespace billow
