// Every smoke kernel against the double-precision CPU reference (tests/reference/smoke), on a
// 37 x 23 grid (not a multiple of the 32 x 8 workgroup) with a 29 x 41 dye grid, random inputs,
// fractional and solid obstacles, for each boundary configuration.
//
// Each pass starts from the GPU's own state (downloaded as floats, promoted to double), so errors
// never accumulate across passes; the tolerance is then float round-off of one kernel:
//  * arithmetic kernels: every output is a sum of at most ~40 terms, each exact to float
//    precision eps = 2^-23, so |gpu - reference| <= 64 eps * (magnitude of the terms);
//  * advection additionally samples at a back-traced position computed in float. Positions are at
//    most ~60 cells from the origin, so they carry ~60 * 8 eps ~ 6e-5 cells of error; times the
//    field's largest change per cell (its value range, for random data) that gives 1e-4 * range.
#include "support/gpu_test.hpp"

#include <cmath>
#include <random>

#include "reference/smoke/smoke_reference.hpp"

namespace billow::test {
namespace {

using smoke_ref::Grid;
using smoke_ref::State;
using smoke_ref::Values;

constexpr double kEps = 1.0 / (1 << 23);
// The damping of PressureSolverType::Jacobi's sweeps.
constexpr double kJacobiRelaxation = 0.8;

struct BoundaryCase {
    const char* name;
    std::array<BoundaryType, 4> types;
};

BoundarySide side(BoundaryType type, int index) {
    BoundarySide b;
    b.type = type;
    b.tangentialVelocity = 0.7f - 0.4f * float(index);
    b.normalVelocity = 0.9f + 0.2f * float(index);
    b.density = 0.3f + 0.1f * float(index);
    b.temperature = 300.0f + float(index);
    b.dye = {0.2f * float(index), 0.5f, 1.0f - 0.2f * float(index), 0.8f};
    return b;
}

SmokeSettings settingsFor(const BoundaryCase& c) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.dyeNx = 29;
    s.dyeNy = 41;
    s.cellSize = 0.1f;
    s.viscosity = 0.05f;
    s.dyeDiffusion = 0.02f;
    s.diffusionIterations = 1;
    s.pressureIterations = 1;
    s.vorticity = 0.5f;
    s.gravity = {0.7f, -9.81f};
    s.densityWeight = 0.3f;
    s.thermalExpansion = 0.05f;
    s.ambientTemperature = 293.15f;
    s.velocityDamping = 0.4f;
    s.densityDamping = 0.3f;
    s.dyeDamping = 0.2f;
    s.temperatureRelaxation = 0.5f;
    s.maxSpeed = 1.5f;
    for (int k = 0; k < 4; ++k) s.boundaries[k] = side(c.types[k], k);
    return s;
}

// A solid disc, a fully solid box and scattered fractional cells.
std::vector<float> obstacleMask(uint32_t nx, uint32_t ny, std::mt19937& rng) {
    std::vector<float> mask(size_t(nx) * ny, 0.0f);
    std::uniform_real_distribution<float> fraction(0.0f, 1.0f);
    for (uint32_t j = 0; j < ny; ++j)
        for (uint32_t i = 0; i < nx; ++i) {
            float dx = float(i) - 12.0f, dy = float(j) - 11.0f;
            float& m = mask[i + j * nx];
            if (dx * dx + dy * dy < 9.0f) m = 1.0f;
            else if (i >= 25 && i <= 28 && j >= 5 && j <= 8) m = 1.0f;
            else if (fraction(rng) < 0.05f) m = fraction(rng);
        }
    return mask;
}

std::vector<float> randomField(size_t n, float low, float high, std::mt19937& rng) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> f(n);
    for (float& x : f) x = d(rng);
    return f;
}

void randomise(SmokeSolver& solver, std::mt19937& rng) {
    solver.upload(billow::SmokeField::VelocityX, randomField(solver.fieldSize(billow::SmokeField::VelocityX), -2.0f, 2.0f, rng));
    solver.upload(billow::SmokeField::VelocityY, randomField(solver.fieldSize(billow::SmokeField::VelocityY), -2.0f, 2.0f, rng));
    solver.upload(billow::SmokeField::Density, randomField(solver.fieldSize(billow::SmokeField::Density), 0.0f, 1.0f, rng));
    solver.upload(billow::SmokeField::Temperature, randomField(solver.fieldSize(billow::SmokeField::Temperature), 285.0f, 310.0f, rng));
    solver.upload(billow::SmokeField::Dye, randomField(solver.fieldSize(billow::SmokeField::Dye), 0.0f, 1.0f, rng));
    solver.upload(billow::SmokeField::Pressure, randomField(solver.fieldSize(billow::SmokeField::Pressure), -3.0f, 3.0f, rng));
    solver.upload(billow::SmokeField::Divergence, randomField(solver.fieldSize(billow::SmokeField::Divergence), -5.0f, 5.0f, rng));
}

void expectClose(const Values& gpu, const Values& ref, double tolerance, const std::string& what) {
    ASSERT_EQ(gpu.size(), ref.size()) << what;
    double worst = 0.0;
    size_t at = 0;
    for (size_t k = 0; k < gpu.size(); ++k) {
        double e = std::abs(gpu[k] - ref[k]);
        if (!(e <= worst)) { worst = e; at = k; }
    }
    EXPECT_LE(worst, tolerance) << what << ": worst error at index " << at << " (gpu " << gpu[at] << ", reference "
                                << ref[at] << ")";
}

class Kernels : public GpuTest, public ::testing::WithParamInterface<BoundaryCase> {};

TEST_P(Kernels, MatchDoublePrecisionReference) {
    const SmokeSettings settings = settingsFor(GetParam());
    const Grid g(settings);
    const double dt = 0.05;
    std::mt19937 rng(1234);
    SmokeSolver solver(context(), settings);
    solver.setSolidMask(obstacleMask(settings.nx, settings.ny, rng));
    randomise(solver, rng);

    // Face fractions (computed by setSolidMask).
    {
        State ref = smoke_ref::downloadState(solver);
        State gpu = ref;
        smoke_ref::faceFractions(g, ref);
        expectClose(gpu.openX, ref.openX, 2 * kEps, "openX");
        expectClose(gpu.openY, ref.openY, 2 * kEps, "openY");
    }

    // Runs `pass` on the GPU and `apply` on the reference from the same starting state.
    auto check = [&](SmokePass pass, auto apply, std::initializer_list<std::pair<Values State::*, double>> fields) {
        State ref = smoke_ref::downloadState(solver);
        solver.stepPass(pass, float(dt));
        State gpu = smoke_ref::downloadState(solver);
        apply(ref);
        for (auto [member, tolerance] : fields)
            expectClose(gpu.*member, ref.*member, tolerance, std::string(passName(pass)));
    };

    const double velocityTol = 64 * kEps * 4.0;    // |u| <= 2 plus force terms of the same order
    const double temperatureTol = 64 * kEps * 320; // temperatures ~ 300 K
    const double unitTol = 64 * kEps * 4.0;        // density, dye in [0, 1] plus added splats

    std::vector<Splat> splats(3);
    splats[0] = {1.1f, 0.9f, 0.4f, Falloff::Gaussian, {1.5f, -0.5f}, 0.8f, 20.0f, {1.0f, 0.2f, 0.1f, 1.0f}};
    splats[1] = {2.9f, 1.6f, 0.6f, Falloff::Linear, {-0.7f, 1.2f}, 0.5f, -5.0f, {0.1f, 0.9f, 0.3f, 0.5f}};
    splats[2] = {0.05f, 2.2f, 0.3f, Falloff::Gaussian, {0.3f, 0.3f}, 1.0f, 3.0f, {0.0f, 0.0f, 1.0f, 1.0f}};
    for (const Splat& s : splats) solver.addSplat(s);
    check(SmokePass::Inject, [&](State& s) { smoke_ref::splat(g, s, splats); },
          {{&State::u, velocityTol}, {&State::v, velocityTol}, {&State::density, unitTol},
           {&State::temperature, temperatureTol}, {&State::dye, unitTol}});

    // Small splats: the pass dispatches only over their bounding box (in each grid's own index
    // space), so everything outside must stay untouched and everything inside must match.
    std::vector<Splat> small(2);
    small[0] = {1.73f, 1.21f, 0.12f, Falloff::Gaussian, {0.8f, 0.6f}, 0.7f, 9.0f, {0.3f, 0.6f, 0.9f, 1.0f}};
    small[1] = {0.02f, 0.07f, 0.15f, Falloff::Linear, {-0.4f, 0.9f}, 0.4f, 2.0f, {0.9f, 0.1f, 0.2f, 0.6f}};
    for (const Splat& s : small) solver.addSplat(s);
    check(SmokePass::Inject, [&](State& s) { smoke_ref::splat(g, s, small); },
          {{&State::u, velocityTol}, {&State::v, velocityTol}, {&State::density, unitTol},
           {&State::temperature, temperatureTol}, {&State::dye, unitTol}});

    check(SmokePass::Buoyancy, [&](State& s) { smoke_ref::buoyancy(g, s, settings, dt); },
          {{&State::u, velocityTol}, {&State::v, velocityTol}});

    // The curl divides velocity differences by h = 0.1: its magnitude scale is 4 / h.
    check(SmokePass::Vorticity,
          [&](State& s) {
              smoke_ref::curl(g, s);
              smoke_ref::vorticityForce(g, s, dt, settings.vorticity);
          },
          {{&State::curl, 64 * kEps * 4.0 / 0.1}, {&State::u, velocityTol}, {&State::v, velocityTol}});

    check(SmokePass::Advect, [&](State& s) { smoke_ref::advectAll(g, s, settings, dt); },
          {{&State::u, 1e-4 * 4.0}, {&State::v, 1e-4 * 4.0}, {&State::density, 1e-4 * 1.5},
           {&State::temperature, 1e-4 * 30.0 + temperatureTol}, {&State::dye, 1e-4 * 1.5}});

    // MacCormack and BFECC chain three or four advections and a limiter; each advection carries the
    // advection tolerance, and the corrections add and subtract them, so allow 4x.
    for (AdvectionScheme scheme : {AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        SmokeSettings corrected = settings;
        corrected.scalarAdvection = scheme;
        corrected.dyeAdvection = scheme;
        solver.updateSettings(corrected);
        check(SmokePass::Advect, [&](State& s) { smoke_ref::advectAll(g, s, corrected, dt); },
              {{&State::u, 1e-4 * 4.0}, {&State::v, 1e-4 * 4.0}, {&State::density, 4e-4 * 1.5},
               {&State::temperature, 4e-4 * 30.0 + temperatureTol}, {&State::dye, 4e-4 * 1.5}});
    }
    solver.updateSettings(settings);

    const double a = settings.viscosity * dt / (0.1 * 0.1);
    const double hx = 0.1 * 37 / 29, hy = 0.1 * 23 / 41;
    check(SmokePass::Diffuse,
          [&](State& s) {
              smoke_ref::diffuseVelocity(g, s, a, 1);
              smoke_ref::diffuseDye(g, s, settings.dyeDiffusion * dt / (hx * hx), settings.dyeDiffusion * dt / (hy * hy), 1);
          },
          {{&State::u, velocityTol}, {&State::v, velocityTol}, {&State::dye, unitTol}});

    check(SmokePass::Damping,
          [&](State& s) {
              smoke_ref::dampVelocity(g, s, settings, dt);
              smoke_ref::dampScalars(s, settings, dt);
              smoke_ref::dampDye(s, settings, dt);
          },
          {{&State::u, velocityTol}, {&State::v, velocityTol}, {&State::density, unitTol},
           {&State::temperature, temperatureTol}, {&State::dye, unitTol}});

    check(SmokePass::Divergence, [&](State& s) { smoke_ref::divergence(g, s); },
          {{&State::divergence, 64 * kEps * 4.0 / 0.1}});

    // Pressure: rhs scale h^2/dt = 0.2 times divergence ~ 20/h, plus pressures ~ 3.
    randomise(solver, rng);
    const double rhsScale = g.h * g.h / dt;
    check(SmokePass::PressureSolve, [&](State& s) { smoke_ref::pressureJacobi(g, s, rhsScale, kJacobiRelaxation, 1); },
          {{&State::pressure, 64 * kEps * 10.0}});

    // Several Jacobi sweeps run per dispatch in shared memory (4, then the remaining 2 here): the
    // result must equal 6 separate sweeps; each sweep adds one sweep's round-off.
    SmokeSettings sixSweeps = settings;
    sixSweeps.pressureIterations = 6;
    solver.updateSettings(sixSweeps);
    check(SmokePass::PressureSolve, [&](State& s) { smoke_ref::pressureJacobi(g, s, rhsScale, kJacobiRelaxation, 6); },
          {{&State::pressure, 6 * 64 * kEps * 10.0}});
    solver.updateSettings(settings);

    // Red-black SOR: one iteration updates every cell once, in place (omega = 1.7 amplifies the
    // same round-off by at most 2).
    SmokeSettings sor = settings;
    sor.pressureSolver = PressureSolverType::RedBlackSOR;
    solver.updateSettings(sor);
    check(SmokePass::PressureSolve, [&](State& s) { smoke_ref::pressureSor(g, s, rhsScale, sor.sorRelaxation, 1); },
          {{&State::pressure, 2 * 64 * kEps * 10.0}});
    solver.updateSettings(settings);

    // Subtract: dt/h = 0.5 times pressure differences ~ 6, plus velocities ~ 2.
    check(SmokePass::SubtractGradient, [&](State& s) { smoke_ref::subtractGradient(g, s, dt); },
          {{&State::u, 64 * kEps * 6.0}, {&State::v, 64 * kEps * 6.0}});
}

using B = BoundaryType;
INSTANTIATE_TEST_SUITE_P(
    Boundaries, Kernels,
    ::testing::Values(BoundaryCase{"Walls", {B::Wall, B::Wall, B::Wall, B::Wall}},
                      BoundaryCase{"MovingWalls", {B::MovingWall, B::Wall, B::MovingWall, B::MovingWall}},
                      BoundaryCase{"InflowOutflow", {B::Inflow, B::Outflow, B::Wall, B::MovingWall}},
                      BoundaryCase{"PeriodicX", {B::Periodic, B::Periodic, B::Inflow, B::Outflow}},
                      BoundaryCase{"PeriodicBoth", {B::Periodic, B::Periodic, B::Periodic, B::Periodic}},
                      BoundaryCase{"OutflowAround", {B::Outflow, B::Inflow, B::Outflow, B::Inflow}}),
    [](const ::testing::TestParamInfo<BoundaryCase>& info) { return std::string(info.param.name); });

} // namespace
} // namespace billow::test
