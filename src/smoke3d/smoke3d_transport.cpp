// The Advect pass: density, temperature, fuel, the colour and the velocity carried by the velocity
// the last step projected (semi-Lagrangian, MacCormack or BFECC per family:
// grid/corrected_advection.hpp), or in the second half of advection-reflection by the projected
// midpoint velocity; then the totals of density and fuel kept (massCorrection).
#include <array>

#include "core/barriers.hpp"
#include "grid/corrected_advection.hpp"
#include "grid/interpolation_variant.hpp"
#include "smoke3d/advection_layout.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

namespace kernels = detail::kernels;

namespace {
int facesAThreadForTesting = 0;
} // namespace

void detail::setAdvectionFacesAThreadForTesting(int faces) noexcept { facesAThreadForTesting = faces; }

using detail::Copy;
using detail::copyOf;

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
    // Every field is advected by the same velocity (a.velocity), in the stages of
    // grid/corrected_advection.hpp (mode numbers: smoke3d/advect_correct.glsl); the carried
    // velocity stays current until the end, when the carried fields' ping-pong pairs flip. A family
    // whose dt is 0 is not carried.
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
                          gpu::AdvectPush3D{stepDt, ambient, targets, 0}, mac.nx, mac.ny, mac.nz);
    };
    // Up to 128^3 cells one face a thread (smoke3d/advect_velocity.comp).
    const bool oneFaceAThread = facesAThreadForTesting != 0
                                    ? facesAThreadForTesting == 1
                                    : uint64_t(mac.nx) * mac.ny * mac.nz <= (uint64_t(1) << 21);
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
                          gpu::AdvectPush3D{stepDt, ambient, 0, oneFaceAThread ? 1 : 0}, faceWidth(), faceHeight(),
                          oneFaceAThread ? 3 * faceDepth() : faceDepth());
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
    constexpr AdvectionScheme kSL = AdvectionScheme::SemiLagrangian;
    // A family that is not carried counts as semi-Lagrangian: none of its corrections run.
    const std::array<AdvectionScheme, 3> schemes{carriesCells ? settings.scalarAdvection : kSL,
                                                 hasColour() && carriesCells ? settings.colourAdvection : kSL,
                                                 carriesVelocity ? settings.velocityAdvection : kSL};
    detail::AdvectionStages stages;
    stages.advect = [&](Copy from, Copy to, const detail::AdvectedFamilies& which, bool backward) {
        advectCells(from, to, which[detail::kCellScalars], which[detail::kColourField], backward ? -dt : dt);
        if (which[detail::kVelocityField]) advectVelocity(from, to, backward ? -velocityDt : velocityDt);
    };
    stages.correct = [&](int family, int mode) {
        if (family == detail::kCellScalars) correctScalars(mode);
        else if (family == detail::kColourField) correctColour(mode);
        else correctVelocity(mode);
    };
    stages.barrier = [&] { detail::computeBarrier(cs, cmd); };
    detail::recordCorrectedAdvection(schemes, {carriesCells, carriesCells, carriesVelocity}, stages);
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

} // namespace billow
