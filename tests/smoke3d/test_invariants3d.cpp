// Physics invariants of the 3D smoke solver that hold whatever the kernels' details: advection
// preserves a constant, a converged projection leaves no divergence and closed faces carry exactly
// their prescribed velocity, periodic sides wrap, vorticity confinement raises a vortex ring's
// circulation, combustion conserves what it converts, and two identical runs agree bit for bit.
// Every tolerance is derived in a comment from float round-off (eps = 2^-24 per rounding) or from
// the discretisation, never tuned to pass.
#include "support/gpu_test.hpp"
#include "support/rest_and_mass.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <numbers>
#include <numeric>
#include <random>
#include <span>

#include "reference/smoke3d/smoke3d_reference.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

constexpr double kEps = 1.0 / (1 << 24);  // unit round-off of float (half an ulp at 1)
constexpr uint32_t kNx = 19, kNy = 13, kNz = 11;

// One solver shared by the tests (pipeline creation dominates on lavapipe): every test hands it
// its settings and obstacles and uploads the fields it reads.
class Invariants3D : public GpuTest {
protected:
    static void TearDownTestSuite() { shared().reset(); }
    static std::unique_ptr<SmokeSolver3D>& shared() {
        static std::unique_ptr<SmokeSolver3D> solver;
        return solver;
    }
    SmokeSolver3D& solver(const SmokeSettings3D& settings, const std::vector<float>* mask = nullptr) {
        std::unique_ptr<SmokeSolver3D>& s = shared();
        if (!s) s = std::make_unique<SmokeSolver3D>(context(), settings);
        else s->updateSettings(settings);
        if (mask) s->setSolidMask(*mask);
        else s->clearObstacles();
        return *s;
    }
};

BoundarySide3D side(BoundaryType type) {
    BoundarySide3D b;
    b.type = type;
    return b;
}

SmokeSettings3D baseSettings(BoundaryType all = BoundaryType::Wall) {
    SmokeSettings3D s;
    s.nx = kNx;
    s.ny = kNy;
    s.nz = kNz;
    s.cellSize = 0.0625f;  // 1/16 m: cell centres and one-cell shifts are exact in float
    s.colour = true;
    for (BoundarySide3D& b : s.boundaries) b = side(all);
    return s;
}

std::vector<float> randomValues(size_t n, uint32_t seed, float low, float high) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(low, high);
    std::vector<float> out(n);
    for (float& x : out) x = dist(rng);
    return out;
}

// A sphere of solid cells (fractional on its rim) and a box of whole cells, apart from each
// other and from the sides so that no fluid pocket is cut off.
std::vector<float> obstacles() {
    std::vector<float> mask(size_t(kNx) * kNy * kNz, 0.0f);
    for (uint32_t k = 0; k < kNz; ++k)
        for (uint32_t j = 0; j < kNy; ++j)
            for (uint32_t i = 0; i < kNx; ++i) {
                const double d = std::hypot(i + 0.5 - 5.0, j + 0.5 - 6.0, k + 0.5 - 5.5);
                float solid = float(std::clamp(3.0 - d, 0.0, 1.0));
                if (i >= 12 && i < 15 && j >= 3 && j < 9 && k >= 4 && k < 7) solid = 1.0f;
                mask[i + kNx * (j + size_t(kNy) * k)] = solid;
            }
    return mask;
}

SmokeField3D velocityField(int a) { return a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ; }

void uploadRandomVelocity(SmokeSolver3D& s, uint32_t seed, float amplitude) {
    for (int a = 0; a < 3; ++a)
        s.upload(velocityField(a), randomValues(s.fieldSize(velocityField(a)), seed + a, -amplitude, amplitude));
}

// ---- Advection preserves a constant -------------------------------------------------------------

// Trilinear weights are products of three factors in [0, 1] (~3 roundings each) summing to 1 up to
// ~8 roundings, and the eight-term sum rounds ~8 times: a constant c comes back within ~24 eps c
// in every fluid cell (not fully solid).
// The corrected schemes compute forward + (c - backward) / 2 (a few roundings more) and then limit
// to the eight samples, all exactly c: Clamp returns c, Revert the semi-Lagrangian value.
TEST_F(Invariants3D, AdvectingAConstantReturnsIt) {
    struct Case { const char* name; BoundaryType type; bool obstacles; };
    const Case cases[] = {{"walls+obstacles", BoundaryType::Wall, true},
                          {"outflow", BoundaryType::Outflow, false},
                          {"inflow", BoundaryType::Inflow, true},
                          {"periodic+obstacles", BoundaryType::Periodic, true}};
    const float density = 0.37f, temperature = 305.5f, fuel = 0.61f;
    const std::array<float, 4> colour{0.2f, 0.9f, 0.45f, 0.7f};
    for (const Case& c : cases)
        for (AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
            SCOPED_TRACE(testing::Message() << c.name << ", scheme " << int(scheme));
            SmokeSettings3D settings = baseSettings(c.type);
            settings.scalarAdvection = settings.colourAdvection = settings.velocityAdvection = scheme;
            settings.advectionLimiter = AdvectionLimiter::RevertToSemiLagrangian;
            // The advective form carries a constant unchanged whatever the velocity; the mass correction
            // keeps the conservative form's total instead (they differ where the velocity is not
            // divergence-free, as this random one): this invariant is the advection's, without it.
            settings.massCorrection = false;
            for (BoundarySide3D& b : settings.boundaries) {  // inflows carry the same constants in
                b.density = density;
                b.temperature = temperature;
                b.fuel = fuel;
                b.colour = colour;
            }
            const std::vector<float> mask = obstacles();
            SmokeSolver3D& s = solver(settings, c.obstacles ? &mask : nullptr);
            uploadRandomVelocity(s, 7, 2.0f);
            const size_t cells = s.fieldSize(SmokeField3D::Density);
            s.upload(SmokeField3D::Density, std::vector<float>(cells, density));
            s.upload(SmokeField3D::Temperature, std::vector<float>(cells, temperature));
            s.upload(SmokeField3D::Fuel, std::vector<float>(cells, fuel));
            std::vector<float> rgba(cells * 4);
            for (size_t k = 0; k < rgba.size(); ++k) rgba[k] = colour[k % 4];
            s.upload(SmokeField3D::Colour, rgba);
            s.stepPass(SmokePass3D::Advect, 0.1f);  // traces of up to ~3 cells
            // In the fluid: fully solid cells hold their fluid neighbours' mean of the advected
            // fields (nothing, inside an obstacle), and are no part of the flow.
            const std::vector<float> solid = s.download(SmokeField3D::Solid);
            auto expectConstant = [&](SmokeField3D field, const std::vector<float>& expected) {
                const std::vector<float> got = s.download(field);
                for (size_t k = 0; k < got.size(); ++k)
                    if (solid[k / expected.size()] < 1.0f) {
                        ASSERT_NEAR(got[k], expected[k % expected.size()], 32.0 * kEps * std::abs(expected[k % expected.size()]))
                            << fieldName(field) << " [" << k << "]";
                    }
            };
            expectConstant(SmokeField3D::Density, {density});
            expectConstant(SmokeField3D::Temperature, {temperature});
            expectConstant(SmokeField3D::Fuel, {fuel});
            expectConstant(SmokeField3D::Colour, {colour[0], colour[1], colour[2], colour[3]});
        }
}

// A uniform velocity in a periodic box, every face open, is carried by itself unchanged (the
// same 32 eps bound as above).
TEST_F(Invariants3D, AdvectingAUniformVelocityInAPeriodicBoxReturnsIt) {
    for (AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        SCOPED_TRACE(testing::Message() << "scheme " << int(scheme));
        SmokeSettings3D settings = baseSettings(BoundaryType::Periodic);
        settings.velocityAdvection = scheme;
        SmokeSolver3D& s = solver(settings);
        const std::array<float, 3> velocity{0.8f, -1.3f, 0.45f};
        for (int a = 0; a < 3; ++a) s.upload(velocityField(a), std::vector<float>(s.fieldSize(velocityField(a)), velocity[a]));
        s.stepPass(SmokePass3D::Advect, 0.1f);
        for (int a = 0; a < 3; ++a) {
            const std::vector<float> got = s.download(velocityField(a));
            for (size_t k = 0; k < got.size(); ++k)
                ASSERT_NEAR(got[k], velocity[a], 32.0 * kEps * std::abs(velocity[a])) << "component " << a << " [" << k << "]";
        }
    }
}

// ---- Periodic sides wrap ------------------------------------------------------------------------

// With a uniform velocity U along one axis and U dt = h, every back-trace (both RK2 stages read
// the uniform U exactly) lands on the centre of the cell one step upstream, where the trilinear
// weights are exactly 0 and 1: the fields shift by exactly one cell, the last layer wrapping onto
// the first.
TEST_F(Invariants3D, PeriodicSidesWrap) {
    for (int axis = 0; axis < 3; ++axis) {
        SCOPED_TRACE(testing::Message() << "axis " << axis);
        SmokeSettings3D settings = baseSettings(BoundaryType::Wall);
        settings.boundaries[2 * axis] = settings.boundaries[2 * axis + 1] = side(BoundaryType::Periodic);
        SmokeSolver3D& s = solver(settings);
        const ref::Grid g(settings);
        for (int a = 0; a < 3; ++a)
            s.upload(velocityField(a), std::vector<float>(s.fieldSize(velocityField(a)), a == axis ? 2.0f : 0.0f));
        const std::vector<float> density = randomValues(s.fieldSize(SmokeField3D::Density), 3, 0.0f, 1.0f);
        s.upload(SmokeField3D::Density, density);
        s.stepPass(SmokePass3D::Advect, settings.cellSize / 2.0f);
        const std::vector<float> got = s.download(SmokeField3D::Density);
        ref::forEach(g.n, [&](ref::Index c) {
            ref::Index from = c;
            from[axis] = ref::wrap(c[axis] - 1, g.n[axis]);
            ASSERT_EQ(got[g.cell(c)], density[g.cell(from)]) << "cell " << c[0] << "," << c[1] << "," << c[2];
        });
        // The velocity, uniform along a periodic axis, is unchanged (walls close only the other axes).
        const std::vector<float> along = s.download(velocityField(axis));
        for (size_t k = 0; k < along.size(); ++k) ASSERT_EQ(along[k], 2.0f) << "face " << k;
    }
}

// ---- A converged projection --------------------------------------------------------------------

struct ProjectionCase {
    const char* name;
    SmokeSettings3D settings;
    bool obstacles;
};

std::vector<ProjectionCase> projectionCases() {
    using B = BoundaryType;
    SmokeSettings3D inflowOutflow = baseSettings();
    inflowOutflow.boundaries[2] = side(B::Inflow);
    inflowOutflow.boundaries[2].normalVelocity = 0.75f;
    inflowOutflow.boundaries[3] = side(B::Outflow);
    inflowOutflow.boundaries[0] = side(B::MovingWall);
    inflowOutflow.boundaries[0].wallVelocity = {0.0f, 0.5f, 0.2f};
    SmokeSettings3D periodicX = baseSettings();
    periodicX.boundaries[0] = periodicX.boundaries[1] = side(B::Periodic);
    periodicX.boundaries[5] = side(B::Outflow);
    return {{"walls+obstacles", baseSettings(), true},
            {"inflow+outflow+obstacles", inflowOutflow, true},
            {"periodic", baseSettings(B::Periodic), false},
            {"periodic-x+outflow+obstacles", periodicX, true}};
}

// After Divergence, PressureSolve (converged) and SubtractGradient, the divergence of the new
// velocity is d' = -r / rhsScale (rhsScale = h^2 / dt, r the residual of the pressure equation:
// the flux changes by dt/h^2 sum_f w_f (p_f - p)). Converged to float round-off, r is the rounding
// of evaluating the equation: ~16 roundings of its largest term, 6 max|p|, so
// |d'| <= 16 eps 6 max|p| / rhsScale, plus the rounding of the new divergence itself (six fluxes of
// the new velocity, ~32 eps max|u| / h). Closed faces carry exactly their prescribed velocity.
TEST_F(Invariants3D, ConvergedProjectionLeavesNoDivergence) {
    for (const ProjectionCase& c : projectionCases()) {
        SCOPED_TRACE(c.name);
        SmokeSettings3D settings = c.settings;
        settings.pressureSolver = PressureSolverType::MultigridPCG;
        settings.pressureIterations = 40;
        const std::vector<float> mask = obstacles();
        SmokeSolver3D& s = solver(settings, c.obstacles ? &mask : nullptr);
        s.upload(SmokeField3D::Pressure, std::vector<float>(s.fieldSize(SmokeField3D::Pressure), 0.0f));
        uploadRandomVelocity(s, 11, 1.0f);
        const float dt = 0.05f;
        s.stepPass(SmokePass3D::Divergence, dt);
        s.stepPass(SmokePass3D::PressureSolve, dt);
        s.stepPass(SmokePass3D::SubtractGradient, dt);
        const ref::Grid g(settings);
        ref::State state = ref::downloadState(s);
        s.stepPass(SmokePass3D::Divergence, dt);
        const std::vector<float> divergence = s.download(SmokeField3D::Divergence);

        double maxU = 0.0;
        for (int a = 0; a < 3; ++a)
            for (double u : state.vel[a]) maxU = std::max(maxU, std::abs(u));
        double maxP = 0.0;
        for (double p : state.pressure) maxP = std::max(maxP, std::abs(p));
        const double rhsScale = g.h * g.h / dt;
        const double bound = 16.0 * kEps * 6.0 * maxP / rhsScale + 32.0 * kEps * maxU / g.h;
        double worst = 0.0;
        ref::forEach(g.n, [&](ref::Index cell) {
            if (state.solid[g.cell(cell)] >= 1.0) return;
            worst = std::max(worst, std::abs(double(divergence[g.cell(cell)])));
        });
        if (std::getenv("BILLOW_REF_VERBOSE")) std::fprintf(stderr, "%s: divergence %.3g, bound %.3g\n", c.name, worst, bound);
        EXPECT_LE(worst, bound) << "largest divergence on open cells (max |p| " << maxP << ", max |u| " << maxU << ")";

        // Closed faces: exactly their prescribed velocity.
        const std::array<ref::Values, 3> prescribed = ref::staticSolidVelocity(g);
        for (int a = 0; a < 3; ++a)
            for (size_t k = 0; k < state.vel[a].size(); ++k)
                if (state.open[a][k] == 0.0) {
                    ASSERT_EQ(state.vel[a][k], prescribed[a][k]) << "closed face " << k << " normal to " << a;
                }
    }
}

// ---- Vorticity confinement ----------------------------------------------------------------------

// A vortex ring of radius R about the vertical axis through the domain's centre, with a Gaussian
// core of radius a: at a point at distance d from the core circle, the swirl speed
// G / (2 pi d) (1 - exp(-d^2 / a^2)) about the circle.
std::array<double, 3> ringVelocity(std::array<double, 3> p, std::array<double, 3> centre, double R, double a, double G) {
    const double dx = p[0] - centre[0], dz = p[2] - centre[2];
    const double rho = std::hypot(dx, dz);
    if (rho == 0.0) return {0.0, 0.0, 0.0};
    const double ex = dx / rho, ez = dz / rho;  // radial unit vector in the ring's plane
    const double r = rho - R, y = p[1] - centre[1];  // from the core, in the meridional plane
    const double d = std::hypot(r, y);
    if (d == 0.0) return {0.0, 0.0, 0.0};
    const double speed = G / (2.0 * std::numbers::pi * d) * (1.0 - std::exp(-d * d / (a * a)));
    // Swirl: e_phi x (r e_rho + y e_y) / d, with e_phi x e_rho = -e_y and e_phi x e_y = e_rho.
    const double along = -r / d, radial = y / d;
    return {speed * radial * ex, speed * along, speed * radial * ez};
}

// The circulation about the ring's core in the plane z = centre (where the ring's tangent is
// +-z): h^2 times the sum of the z-edge curl over a square of side 2 L about the core at
// x = centre + R (Stokes: the line integral of the velocity around the square).
double coreCirculation(const ref::Grid& g, const ref::Velocity& vel, std::array<double, 3> centre, double R, double L) {
    const ref::EdgeCurl curl = ref::edgeCurl(g, vel);
    const int k = int(std::floor(centre[2] / g.h));
    double sum = 0.0;
    ref::forEach(ref::edgeDims(g, 2), [&](ref::Index e) {
        if (e[2] != k) return;
        const double x = e[0] * g.h, y = e[1] * g.h;
        if (std::abs(x - centre[0] - R) <= L && std::abs(y - centre[1]) <= L) sum += curl.component[2][ref::edgeIndex(g, 2, e)];
    });
    return sum * g.h * g.h;
}

// Confinement adds f = eps h (N x omega): N points towards the core, so f runs along the swirl
// (for omega along the core, -r_hat x z_hat = theta_hat) and its line integral around a loop that
// encloses the core is positive: the circulation grows, by dt times that integral. Without
// confinement (eps = 0) the pass changes nothing.
TEST_F(Invariants3D, ConfinementRaisesAVortexRingsCirculation) {
    SmokeSettings3D settings = baseSettings(BoundaryType::Wall);
    const ref::Grid g(settings);
    const std::array<double, 3> centre{kNx * g.h / 2, kNy * g.h / 2, kNz * g.h / 2};
    const double R = 0.2, a = 2.0 * g.h, G = 0.3, L = 3.0 * g.h;
    ref::Velocity ring;
    for (int c = 0; c < 3; ++c) {
        ring[c].assign(g.faceCount(c), 0.0);
        ref::forEach(g.faceDims(c), [&](ref::Index f) {
            const bool onSide = f[c] == 0 || f[c] == g.n[c];  // closed wall faces stay 0
            if (!onSide) ring[c][g.face(c, f)] = float(ringVelocity(g.faceCentre(c, f), centre, R, a, G)[c]);
        });
    }
    const double before = coreCirculation(g, ring, centre, R, L);
    ASSERT_GT(std::abs(before), 0.5 * G) << "the loop encloses most of the core's circulation";
    const double sense = before > 0.0 ? 1.0 : -1.0;
    auto after = [&](float epsilon) {
        settings.vorticity = epsilon;
        SmokeSolver3D& s = solver(settings);
        for (int c = 0; c < 3; ++c) s.upload(velocityField(c), std::vector<float>(ring[c].begin(), ring[c].end()));
        s.stepPass(SmokePass3D::Vorticity, 0.05f);
        ref::Velocity vel;
        for (int c = 0; c < 3; ++c) {
            const std::vector<float> v = s.download(velocityField(c));
            vel[c].assign(v.begin(), v.end());
        }
        return coreCirculation(g, vel, centre, R, L);
    };
    EXPECT_EQ(after(0.0f), before) << "no confinement, no change";
    const double confined = after(2.0f);
    // The growth dominates round-off in the circulation (h^2 times ~100 edges' curl, each within
    // ~8 eps of 2 max|u| / h) by orders of magnitude; it must be positive in the ring's sense.
    if (std::getenv("BILLOW_REF_VERBOSE")) std::fprintf(stderr, "circulation %.6g -> %.6g\n", before, confined);
    EXPECT_GT(sense * (confined - before), 1e-3 * std::abs(before)) << "before " << before << ", after " << confined;
}

// ---- Combustion conserves what it converts ------------------------------------------------------

// Per cell the GPU computes burnt b in float, then fuel' = fuel - b, density' = density + Y b,
// T' = T + H b, each rounded once. So fuel - fuel' = b within eps |fuel|, and
// |(density' - density) - Y (fuel - fuel')| <= eps (Y |fuel| + Y b + |density'|) (and likewise for
// the temperature with H): per cell within 2 eps (Y max fuel + max density'), summed over the cells
// for the totals.
TEST_F(Invariants3D, CombustionConvertsFuelIntoSmokeAndHeat) {
    SmokeSettings3D settings = baseSettings();
    settings.combustion.enabled = true;
    settings.combustion.ignitionTemperature = 300.0f;
    settings.combustion.burnRate = 5.0f;
    settings.combustion.heatRelease = 1200.0f;
    settings.combustion.smokeYield = 0.8f;
    const std::vector<float> mask = obstacles();
    SmokeSolver3D& s = solver(settings, &mask);
    const size_t cells = s.fieldSize(SmokeField3D::Density);
    const std::vector<float> fuel0 = randomValues(cells, 21, 0.0f, 1.0f), density0 = randomValues(cells, 22, 0.0f, 1.0f),
                             temperature0 = randomValues(cells, 23, 280.0f, 700.0f);
    s.upload(SmokeField3D::Fuel, fuel0);
    s.upload(SmokeField3D::Density, density0);
    s.upload(SmokeField3D::Temperature, temperature0);
    s.stepPass(SmokePass3D::Combustion, 0.05f);
    const std::vector<float> fuel1 = s.download(SmokeField3D::Fuel), density1 = s.download(SmokeField3D::Density),
                             temperature1 = s.download(SmokeField3D::Temperature);
    const double Y = settings.combustion.smokeYield, H = settings.combustion.heatRelease;
    double burntTotal = 0.0, smokeTotal = 0.0, heatTotal = 0.0, smokeBound = 0.0, heatBound = 0.0;
    size_t burning = 0;
    for (size_t k = 0; k < cells; ++k) {
        const double burnt = double(fuel0[k]) - fuel1[k];
        const double smoke = double(density1[k]) - density0[k], heat = double(temperature1[k]) - temperature0[k];
        const double cellSmokeBound = 2.0 * kEps * (Y * fuel0[k] + density1[k]);
        const double cellHeatBound = 2.0 * kEps * (H * fuel0[k] + temperature1[k]);
        ASSERT_GE(burnt, 0.0) << "cell " << k;
        ASSERT_NEAR(smoke, Y * burnt, cellSmokeBound) << "cell " << k;
        ASSERT_NEAR(heat, H * burnt, cellHeatBound) << "cell " << k;
        if (temperature0[k] < settings.combustion.ignitionTemperature) {
            ASSERT_EQ(burnt, 0.0) << "cell " << k;
        }
        burning += burnt > 0.0;
        burntTotal += burnt;
        smokeTotal += smoke;
        heatTotal += heat;
        smokeBound += cellSmokeBound;
        heatBound += cellHeatBound;
    }
    ASSERT_GT(burning, cells / 4) << "most hot cells burn";
    EXPECT_NEAR(smokeTotal, Y * burntTotal, smokeBound);
    EXPECT_NEAR(heatTotal, H * burntTotal, heatBound);
}

// ---- Determinism --------------------------------------------------------------------------------

// Two solvers with the same settings, inputs and emitters, stepped the same way, produce the same
// bits in every field: no kernel depends on timing, atomics order or uninitialised memory.
TEST_F(Invariants3D, TwoIdenticalRunsAgreeBitForBit) {
    SmokeSettings3D settings = baseSettings();
    settings.boundaries[2] = side(BoundaryType::Inflow);
    settings.boundaries[2].fuel = 0.5f;
    settings.boundaries[2].temperature = 600.0f;
    settings.boundaries[3] = side(BoundaryType::Outflow);
    settings.scalarAdvection = AdvectionScheme::MacCormack;
    settings.velocityAdvection = AdvectionScheme::BFECC;
    settings.vorticity = 0.5f;
    settings.viscosity = 0.001f;
    settings.scalarDiffusion = 0.001f;
    settings.thermalExpansion = 0.003f;
    settings.densityWeight = 0.1f;
    settings.combustion.enabled = true;
    settings.pressureSolver = PressureSolverType::MultigridPCG;
    settings.pressureIterations = 8;
    Emitter3D emitter;
    emitter.centre = {0.6f, 0.2f, 0.35f};
    emitter.radius = 0.15f;
    emitter.fuel = 3.0f;
    emitter.temperature = 2000.0f;
    emitter.colour = {1.0f, 0.5f, 0.1f, 1.0f};
    emitter.velocity = {0.0f, 1.0f, 0.3f};
    emitter.velocityCoupling = 4.0f;
    auto run = [&] {
        SmokeSolver3D s(context(), settings);
        s.setSolidMask(obstacles());
        s.setEmitters({&emitter, 1});
        uploadRandomVelocity(s, 5, 0.5f);
        for (int step = 0; step < 3; ++step) s.step(1.0f / 60.0f);
        std::vector<std::vector<float>> fields;
        for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density, SmokeField3D::Temperature,
                          SmokeField3D::Fuel, SmokeField3D::Colour, SmokeField3D::Pressure, SmokeField3D::Divergence, SmokeField3D::Vorticity})
            fields.push_back(s.download(f));
        return fields;
    };
    const auto first = run(), second = run();
    ASSERT_EQ(first.size(), second.size());
    for (size_t f = 0; f < first.size(); ++f) {
        ASSERT_EQ(first[f].size(), second[f].size());
        EXPECT_EQ(std::memcmp(first[f].data(), second[f].data(), first[f].size() * sizeof(float)), 0) << "field " << f;
    }
}

// A fluid at rest stays at rest, in 3D: as Invariants.StratifiedFluidAtRestStaysAtRest (the
// derivation of both bounds is there), in a closed 19 x 13 x 11 box stratified along y, with no
// obstacle, a ball in the solid mask, and a static ball collider; with or without
// advection-reflection, whose extra (midpoint) projection leaves the bound as it is: the forces
// act only before the step's last projection, on a velocity at rest.
using SolverFor = std::function<SmokeSolver3D&(const SmokeSettings3D&, const std::vector<float>*)>;
void expectStratifiedFluidStaysAtRest(const SolverFor& solverFor, bool advectionReflection) {
    const char* names[] = {"no obstacle", "ball in the solid mask", "ball collider"};
    const float centre[3] = {0.6f, 0.4f, 0.35f}, radius = 0.22f;
    for (int c = 0; c < 3; ++c) {
        SCOPED_TRACE(names[c]);
        SmokeSettings3D s = baseSettings();
        convergedBuoyantSettings(s);
        s.advectionReflection = advectionReflection;
        const float h = s.cellSize, gradient = 20.0f;  // K/m
        std::vector<float> mask(size_t(kNx) * kNy * kNz, 0.0f), temperature(mask.size());
        for (uint32_t k = 0; k < kNz; ++k)
            for (uint32_t j = 0; j < kNy; ++j)
                for (uint32_t i = 0; i < kNx; ++i) {
                    const float p[3] = {(float(i) + 0.5f) * h, (float(j) + 0.5f) * h, (float(k) + 0.5f) * h};
                    const float d2 = (p[0] - centre[0]) * (p[0] - centre[0]) + (p[1] - centre[1]) * (p[1] - centre[1]) +
                                     (p[2] - centre[2]) * (p[2] - centre[2]);
                    const size_t cell = i + kNx * (j + size_t(kNy) * k);
                    mask[cell] = d2 < radius * radius ? 1.0f : 0.0f;
                    temperature[cell] = s.ambientTemperature + gradient * p[1];
                }
        SmokeSolver3D& solver = solverFor(s, c == 1 ? &mask : nullptr);
        Collider ball;
        ball.centre = {centre[0], centre[1], centre[2]};
        ball.radius = radius;
        solver.setColliders(c == 2 ? std::span<const Collider>(&ball, 1) : std::span<const Collider>());
        for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density, SmokeField3D::Fuel,
                          SmokeField3D::Pressure})
            solver.upload(f, std::vector<float>(solver.fieldSize(f), 0.0f));
        solver.upload(SmokeField3D::Temperature, temperature);

        const int steps = 30;
        const float dt = 1.0f / 60.0f;
        for (int k = 0; k < steps; ++k) solver.step(dt);
        const RestBounds bound = restBounds(steps, dt, s.thermalExpansion, gradient, kNy * h, s.ambientTemperature,
                                            s.pressureTolerance);
        expectAtRest(names[c],
                     {solver.download(SmokeField3D::VelocityX), solver.download(SmokeField3D::VelocityY),
                      solver.download(SmokeField3D::VelocityZ)},
                     solver.download(SmokeField3D::Temperature), temperature, solver.download(SmokeField3D::Solid), bound);
    }
    solverFor(baseSettings(), nullptr).setColliders({});
}

TEST_F(Invariants3D, StratifiedFluidAtRestStaysAtRest) {
    expectStratifiedFluidStaysAtRest([this](auto& s, auto* mask) -> SmokeSolver3D& { return solver(s, mask); }, false);
}

// Before, with reflection the forces acted first and the Reflect pass carried them, unprojected,
// for half a step: the ball cases reached 4.9e-5 m/s here (bound 3.9e-6; 5.3e-5 m/s at 48^3),
// against 1e-9 m/s without reflection.
TEST_F(Invariants3D, StratifiedFluidAtRestStaysAtRestWithAdvectionReflection) {
    expectStratifiedFluidStaysAtRest([this](auto& s, auto* mask) -> SmokeSolver3D& { return solver(s, mask); }, true);
}

// A buoyant puff in a closed box keeps its smoke: no source, no sink, no side that lets anything
// out, so the total density may change only by round-off. A hot ball of smoke rises against the
// lid of a 12 x 18 x 12 box for `steps` steps (the default transport: semi-Lagrangian, monotone
// cubic). With the mass correction each advection ends with the total it began with, up to the
// rounding of the two sums (compensated per thread, then trees of 8 and 9 levels: about 20 eps
// relative each) and of the scaling (1 eps), and a difference below the correction's resolution
// (2^-18 = 64 eps, BILLOW_MASS_RESOLUTION) is left alone: within 128 eps a step, 128 N eps after
// N steps; no other pass changes the density here. Without it the same run loses a third of its
// smoke in 120 steps (printed, for docs/accuracy.md).
double closedPuffTotalRatio(std::shared_ptr<Context> context, bool massCorrection, AdvectionInterpolation interpolation,
                            int steps) {
    SmokeSettings3D s;
    s.nx = 12;
    s.ny = 18;
    s.nz = 12;
    s.cellSize = 1.0f / 16.0f;
    convergedBuoyantSettings(s);
    s.advectionInterpolation = interpolation;
    s.massCorrection = massCorrection;
    SmokeSolver3D solver(context, s);
    std::vector<float> density(size_t(s.nx) * s.ny * s.nz), temperature(density.size());
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const double inside = std::clamp(3.5 - std::hypot(i + 0.5 - 6.0, j + 0.5 - 4.0, k + 0.5 - 6.0), 0.0, 1.0);
                density[i + s.nx * (j + s.ny * size_t(k))] = float(inside);
                temperature[i + s.nx * (j + s.ny * size_t(k))] = s.ambientTemperature + float(60.0 * inside);
            }
    solver.upload(SmokeField3D::Density, density);
    solver.upload(SmokeField3D::Temperature, temperature);
    return totalRatioAfterSteps(solver, SmokeField3D::Density, std::accumulate(density.begin(), density.end(), 0.0), steps,
                                1.0f / 60.0f);
}

TEST_F(Invariants3D, ClosedPuffKeepsItsSmoke) {
    const int steps = 40;
    const double kept = closedPuffTotalRatio(context(), true, AdvectionInterpolation::MonotoneCubic, steps);
    const double uncorrected = closedPuffTotalRatio(context(), false, AdvectionInterpolation::MonotoneCubic, steps);
    std::printf("closed puff, %d steps: total x %.6f with the mass correction, x %.6f without\n", steps, kept, uncorrected);
    EXPECT_NEAR(kept, 1.0, 128.0 * steps * kEps);
    // The correction has something to correct here (else this test would prove nothing).
    EXPECT_LT(uncorrected, 0.99);
}

// The uncorrected losses of docs/accuracy.md ("Keeping the smoke"): 120 steps, each interpolation.
TEST_F(Invariants3D, DISABLED_ClosedPuffTable) {
    for (AdvectionInterpolation interpolation : {AdvectionInterpolation::MonotoneCubic, AdvectionInterpolation::Linear})
        for (bool correction : {false, true})
            std::printf("%-14s mass correction %-3s: total x %.5f after 120 steps\n",
                        interpolation == AdvectionInterpolation::Linear ? "linear" : "monotone cubic",
                        correction ? "on" : "off", closedPuffTotalRatio(context(), correction, interpolation, 120));
}

} // namespace
} // namespace billow::test
