// face_fractions, splat, buoyancy, curl + vorticity_force, damp_velocity / damp_scalars and the
// fused velocity_forces against
// the double-precision reference (tests/reference/smoke), for every boundary configuration, on a
// 37 x 23 grid with random inputs and obstacles. Tolerances follow the round-off model in
// support/kernel_harness.hpp.
#include <algorithm>
#include <cmath>

#include "support/kernel_harness.hpp"

namespace billow::test {
namespace {

class ForceKernels : public KernelReferenceTest {};

TEST_P(ForceKernels, FaceFractionsFollowObstaclesAndSides) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f;
    f.solid.assign(s.solidMask().begin(), s.solidMask().end());
    smoke_ref::faceFractions(g, f);
    // One float operation (1 - solid), then min and clamp, which are exact.
    expectMatches("OpenX", s.download(SmokeField::OpenX), f.openX, kEps);
    expectMatches("OpenY", s.download(SmokeField::OpenY), f.openY, kEps);
}

TEST_P(ForceKernels, SplatsAddWeightedVelocityScalarsAndDye) {
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f = uploadRandom(s, g, 11);
    auto make = [](float x, float y, float radius, Falloff falloff, float k) {
        Splat sp;
        sp.x = x;
        sp.y = y;
        sp.radius = radius;
        sp.falloff = falloff;
        sp.velocity = {1.5f * k, -0.8f * k};
        sp.density = 0.6f * k;
        sp.temperature = 25.0f * k;
        sp.dye = {0.9f * k, 0.2f, 0.5f * k, 1.0f};
        return sp;
    };
    // Large and small splats of both falloffs, some across the sides (domain 3.7 x 2.3 m).
    const std::vector<Splat> splats = {
        make(1.2f, 0.9f, 0.6f, Falloff::Linear, 1.0f),   make(2.8f, 1.5f, 0.25f, Falloff::Gaussian, -0.7f),
        make(3.62f, 0.1f, 0.05f, Falloff::Gaussian, 2.0f), make(0.1f, 2.2f, 0.4f, Falloff::Linear, 0.5f),
        make(0.03f, 1.1f, 0.3f, Falloff::Gaussian, 1.3f),
    };
    for (const Splat& sp : splats) s.addSplat(sp);
    s.stepPass(SmokePass::Inject, 0.05f);

    smoke_ref::State expected = f;
    smoke_ref::splat(g, expected, splats);
    // Per splat, the weight errs by a few eps (distance, division or exp: 16 eps) plus the
    // sample position's round-off (4 eps of the 3.7 m extent) times the weight's slope (<= 1/r);
    // the Gaussian cut-off at 4 radii may drop up to e^-16 of it. Times the splat's value, summed
    // over the splats, plus the rounding of the final sum (4 eps of the field's magnitude).
    const double extent = 3.7;
    auto tolerance = [&](const smoke_ref::Values& base, auto valueOf) {
        double weightErrors = 0.0, added = 0.0;
        for (const Splat& sp : splats) {
            const double value = std::abs(valueOf(sp));
            weightErrors += value * (16.0 * kEps + 4.0 * kEps * extent / sp.radius +
                                     (sp.falloff == Falloff::Gaussian ? std::exp(-16.0) : 0.0));
            added += value;
        }
        return weightErrors + 4.0 * kEps * (maxAbs(base) + added);
    };
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolerance(f.u, [](const Splat& sp) { return sp.velocity[0]; }));
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolerance(f.v, [](const Splat& sp) { return sp.velocity[1]; }));
    expectMatches("density", s.download(SmokeField::Density), expected.density,
                  tolerance(f.density, [](const Splat& sp) { return sp.density; }));
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature,
                  tolerance(f.temperature, [](const Splat& sp) { return sp.temperature; }));
    expectMatches("dye", s.download(SmokeField::Dye), expected.dye,
                  tolerance(f.dye, [](const Splat& sp) { return std::max({sp.dye[0], sp.dye[1], sp.dye[2], sp.dye[3]}); }));
}

// The emitters (rates per second, the velocity pulled toward theirs), against the reference:
// discs and boxes of both falloffs, some across the sides, two overlapping (the pulls compound in
// order).
TEST_P(ForceKernels, EmittersAddRatesAndPullTheVelocity) {
    // The emit kernel's boundary rules are the splat kernel's (open faces, the periodic last face):
    // walls with obstacles, a periodic pair and an inflow corner cover them; the rest cost suite time.
    const std::string name = GetParam().name;
    if (name != "Walls" && name != "PeriodicXY" && name != "InflowCorner") GTEST_SKIP() << "covered by the other cases";
    SmokeSolver& s = solver(baseSettings());
    const smoke_ref::Grid g(s.settings());
    smoke_ref::State f = uploadRandom(s, g, 12);
    auto make = [](EmitterShape shape, Falloff falloff, float x, float y, float size, float k) {
        Emitter2D e;
        e.shape = shape;
        e.falloff = falloff;
        e.centre = {x, y};
        e.radius = size;
        e.halfExtents = {size, 1.4f * size};
        e.velocity = {1.5f * k, -0.8f * k};
        e.velocityCoupling = 3.0f + k;
        e.density = 6.0f * k;
        e.temperature = 250.0f * k;
        e.dye = {9.0f * k, 2.0f, 5.0f * k, 10.0f};
        return e;
    };
    const std::vector<Emitter2D> emitters = {
        make(EmitterShape::Sphere, Falloff::Linear, 1.2f, 0.9f, 0.6f, 1.0f),
        make(EmitterShape::Box, Falloff::Gaussian, 1.5f, 1.1f, 0.2f, -0.7f),
        make(EmitterShape::Box, Falloff::Linear, 3.6f, 0.1f, 0.3f, 2.0f),
        make(EmitterShape::Sphere, Falloff::Gaussian, 0.05f, 2.2f, 0.25f, 0.5f),
    };
    const float dt = 0.05f;
    s.setEmitters(emitters);
    s.stepPass(SmokePass::Inject, dt);

    smoke_ref::State expected = f;
    smoke_ref::emit(g, expected, emitters, dt);
    // Per emitter the weight errs as a splat's (16 eps, plus 4 eps of the 3.7 m extent times the
    // slope 1/size; the Gaussian cut-off drops up to e^-16), and the pull's 1 - exp(-c dt) by a few
    // eps; times the emitter's value (rate dt, or the velocity gap), plus the rounding of the sums
    // (4 eps of the field's magnitude).
    const double extent = 3.7;
    auto tolerance = [&](const smoke_ref::Values& base, auto valueOf) {
        double errors = 0.0, added = 0.0;
        for (const Emitter2D& e : emitters) {
            const double value = std::abs(valueOf(e));
            const double size = e.shape == EmitterShape::Box ? std::min(e.halfExtents[0], e.halfExtents[1]) : e.radius;
            errors += value * (24.0 * kEps + 4.0 * kEps * extent / size + std::exp(-16.0));
            added += value;
        }
        return errors + 4.0 * kEps * (maxAbs(base) + added);
    };
    // The velocity's change is at most the gap to the target (|u| + |target|) per emitter.
    const double u0 = maxAbs(f.u), v0 = maxAbs(f.v);
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u,
                  tolerance(f.u, [&](const Emitter2D& e) { return u0 + std::abs(e.velocity[0]); }));
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v,
                  tolerance(f.v, [&](const Emitter2D& e) { return v0 + std::abs(e.velocity[1]); }));
    expectMatches("density", s.download(SmokeField::Density), expected.density,
                  tolerance(f.density, [&](const Emitter2D& e) { return e.density * dt; }));
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature,
                  tolerance(f.temperature, [&](const Emitter2D& e) { return e.temperature * dt; }));
    expectMatches("dye", s.download(SmokeField::Dye), expected.dye, tolerance(f.dye, [&](const Emitter2D& e) {
                      return dt * std::max({e.dye[0], e.dye[1], e.dye[2], e.dye[3]});
                  }));
}

TEST_P(ForceKernels, BuoyancyAcceleratesOpenFaces) {
    SmokeSettings settings = baseSettings();
    settings.gravity = {0.7f, -9.81f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State f = uploadRandom(s, g, 12);
    const float dt = 0.05f;
    s.stepPass(SmokePass::Buoyancy, dt);

    smoke_ref::State expected = f;
    smoke_ref::buoyancy(g, expected, settings, dt);
    // ~10 operations on terms bounded by the velocity (1) and dt |g| (w rho + beta (T + ambient)),
    // T up to 313 K including inflow values.
    auto tolerance = [&](double gravity) {
        const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
        return 10.0 * kEps * (1.0 + dt * std::abs(gravity) * lift);
    };
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolerance(settings.gravity[0]));
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolerance(settings.gravity[1]));
}

TEST_P(ForceKernels, CurlAndVorticityConfinement) {
    SmokeSettings settings = baseSettings();
    settings.vorticity = 0.8f;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State f = uploadRandom(s, g, 13);
    const float dt = 0.05f;
    s.stepPass(SmokePass::Vorticity, dt);

    // Curl: four velocity terms, each bounded by velocityBound(), differenced and divided by h.
    smoke_ref::State expectedCurl = f;
    smoke_ref::curl(g, expectedCurl);
    const std::vector<float> gpuCurl = s.download(SmokeField::Curl);
    expectMatches("curl", gpuCurl, expectedCurl.curl, 8.0 * kEps * 4.0 * velocityBound() / g.h);

    // Force, from the GPU's own curl so that only this kernel's round-off counts: N's direction
    // errs by the round-off of grad|omega| (8 eps of the largest |omega|) over |grad|omega||, i.e.
    // 8 eps times the conditioning; omega's average by 2 eps; the update adds 4 eps of |u|.
    smoke_ref::State expected = f;
    expected.curl.assign(gpuCurl.begin(), gpuCurl.end());
    smoke_ref::Values conditioning;
    smoke_ref::vorticityForce(g, expected, dt, settings.vorticity, &conditioning);
    const double strength = dt * settings.vorticity * g.h * maxAbs(expected.curl);
    smoke_ref::Values tolU(g.uCount()), tolV(g.vCount());
    for (size_t k = 0; k < tolU.size(); ++k) tolU[k] = 8.0 * kEps * (strength * (1.0 + conditioning[k]) + 1.0);
    for (size_t k = 0; k < tolV.size(); ++k) tolV[k] = 8.0 * kEps * (strength * (1.0 + conditioning[g.uCount() + k]) + 1.0);
    // A periodic duplicate face is computed as face 0: it shares face 0's tolerance.
    if (g.periodicX())
        for (int j = 0; j < g.ny; ++j) tolU[g.u(g.nx, j)] = tolU[g.u(0, j)];
    if (g.periodicY())
        for (int i = 0; i < g.nx; ++i) tolV[g.v(i, g.ny)] = tolV[g.v(i, 0)];
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolU);
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolV);
}

TEST_P(ForceKernels, DampingAndSpeedLimit) {
    SmokeSettings settings = baseSettings();
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.9f;  // below the random speeds of many faces: the limit is exercised
    settings.densityDamping = 0.3f;
    settings.temperatureRelaxation = 0.5f;
    settings.dyeDamping = 0.2f;
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State f = uploadRandom(s, g, 14);
    const float dt = 0.05f;
    s.stepPass(SmokePass::Damping, dt);

    smoke_ref::State expected = f;
    smoke_ref::dampVelocity(g, expected, settings, dt);
    smoke_ref::dampScalars(expected, settings, dt);
    smoke_ref::dampDye(expected, settings, dt);
    // Velocity: the factor (host exp, 2 eps), the four-term average, the length and the limit's
    // division: ~16 operations on speeds bounded by velocityBound().
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, 16.0 * kEps * velocityBound());
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, 16.0 * kEps * velocityBound());
    // Scalars: a factor and a multiply (density, dye <= 1); temperature adds and subtracts the
    // ambient (~313 K magnitudes).
    expectMatches("density", s.download(SmokeField::Density), expected.density, 4.0 * kEps);
    expectMatches("temperature", s.download(SmokeField::Temperature), expected.temperature, 8.0 * kEps * 320.0);
    expectMatches("dye", s.download(SmokeField::Dye), expected.dye, 4.0 * kEps);
}

// The fused velocity forces (velocity_forces.comp, recorded by stepVelocityForces) against the
// single-pass references composed in the fused order: the curl of the velocity before buoyancy,
// buoyancy, confinement from that curl, then damping with the speed limit (which reads the other
// component of the four neighbouring faces after their forces).
TEST_P(ForceKernels, FusedVelocityForcesComposeTheSinglePasses) {
    SmokeSettings settings = baseSettings();
    settings.gravity = {0.7f, -9.81f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    settings.vorticity = 0.8f;
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.9f;  // below the random speeds of many faces: the limit is exercised
    SmokeSolver& s = solver(settings);
    const smoke_ref::Grid g(settings);
    smoke_ref::State f = uploadRandom(s, g, 16);
    const float dt = 0.05f;
    s.stepVelocityForces(dt);

    // The curl is of the velocity before buoyancy (tolerance as in CurlAndVorticityConfinement).
    smoke_ref::State expected = f;
    smoke_ref::curl(g, expected);
    const std::vector<float> gpuCurl = s.download(SmokeField::Curl);
    expectMatches("curl", gpuCurl, expected.curl, 8.0 * kEps * 4.0 * velocityBound() / g.h);

    // The forces from the GPU's own curl, so that only the fused kernel's round-off counts.
    expected.curl.assign(gpuCurl.begin(), gpuCurl.end());
    smoke_ref::buoyancy(g, expected, settings, dt);
    smoke_ref::Values conditioning;
    smoke_ref::vorticityForce(g, expected, dt, settings.vorticity, &conditioning);
    smoke_ref::dampVelocity(g, expected, settings, dt);

    // Per face, the forced velocity errs by the sum of the single kernels' bounds: buoyancy's
    // (10 eps of 1 + dt |g| lift) and confinement's (8 eps of strength (1 + conditioning) + 1).
    // Damping then scales by factor <= 1 and, where the limit acts, by maxSpeed / speed: its
    // derivative in the face's own forced value is <= 1 and in the neighbours' mean <= 1/2, so a
    // face's error is its own force error plus the largest of its four neighbours', plus
    // damping's own 16 eps of the forced speed bound (velocity, lift and confinement terms).
    const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
    const double strength = dt * settings.vorticity * g.h * maxAbs(expected.curl);
    auto forceTolerance = [&](double gravity, double cond) {
        return 10.0 * kEps * (1.0 + dt * std::abs(gravity) * lift) + 8.0 * kEps * (strength * (1.0 + cond) + 1.0);
    };
    smoke_ref::Values forceU(g.uCount()), forceV(g.vCount());
    for (size_t k = 0; k < forceU.size(); ++k) forceU[k] = forceTolerance(settings.gravity[0], conditioning[k]);
    for (size_t k = 0; k < forceV.size(); ++k) forceV[k] = forceTolerance(settings.gravity[1], conditioning[g.uCount() + k]);
    // A periodic duplicate face is computed as face 0: it shares face 0's tolerance.
    if (g.periodicX())
        for (int j = 0; j < g.ny; ++j) forceU[g.u(g.nx, j)] = forceU[g.u(0, j)];
    if (g.periodicY())
        for (int i = 0; i < g.nx; ++i) forceV[g.v(i, g.ny)] = forceV[g.v(i, 0)];
    // Neighbour faces as the boundary taps resolve them (clamped, or wrapped on periodic axes).
    auto column = [&](int i, int last) { return g.periodicX() ? (i % g.nx + g.nx) % g.nx : std::clamp(i, 0, last); };
    auto row = [&](int j, int last) { return g.periodicY() ? (j % g.ny + g.ny) % g.ny : std::clamp(j, 0, last); };
    const double speedBound = velocityBound() + dt * 9.81 * lift + strength;
    const double damping = 16.0 * kEps * speedBound;
    smoke_ref::Values tolU(g.uCount()), tolV(g.vCount());
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            double neighbours = 0.0;
            for (int di = -1; di <= 0; ++di)
                for (int dj = 0; dj <= 1; ++dj)
                    neighbours = std::max(neighbours, forceV[g.v(column(i + di, g.nx - 1), row(j + dj, g.ny))]);
            tolU[g.u(i, j)] = forceU[g.u(i, j)] + neighbours + damping;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double neighbours = 0.0;
            for (int di = 0; di <= 1; ++di)
                for (int dj = -1; dj <= 0; ++dj)
                    neighbours = std::max(neighbours, forceU[g.u(column(i + di, g.nx), row(j + dj, g.ny - 1))]);
            tolV[g.v(i, j)] = forceV[g.v(i, j)] + neighbours + damping;
        }
    expectMatches("u", s.download(SmokeField::VelocityX), expected.u, tolU);
    expectMatches("v", s.download(SmokeField::VelocityY), expected.v, tolV);
}

// A full step with the fused velocity forces against the same passes recorded one by one in the
// fused order: Colliders, Inject, Vorticity (the curl before buoyancy), Buoyancy, Damping (the
// velocity, before the advection), Reflect, Advect, Diffuse, Divergence, PressureSolve,
// SubtractGradient. Scalar damping is off: a step damps the scalars after Diffuse.
TEST_P(ForceKernels, FusedStepMatchesThePassesRecordedOneByOne) {
    SmokeSettings settings = baseSettings();
    settings.gravity = {0.7f, -9.81f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    settings.vorticity = 0.8f;
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.9f;
    const smoke_ref::Grid g(settings);
    const float dt = 0.05f;
    SmokeSolver& fused = solver(settings);
    uploadRandom(fused, g, 17);
    fused.step(dt);
    const SmokeField fields[] = {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Density, SmokeField::Temperature, SmokeField::Dye};
    std::vector<std::vector<float>> a;
    for (SmokeField field : fields) a.push_back(fused.download(field));

    settings.fuseVelocityForces = false;
    SmokeSolver& single = solver(settings);  // the same cached solver, set back to the same start
    uploadRandom(single, g, 17);
    // The step's order with the fused forces replaced by their passes (no viscosity here, so the
    // velocity's damping may follow Diffuse as the scalars' does).
    for (SmokePass pass : {SmokePass::Colliders, SmokePass::Reflect, SmokePass::Advect, SmokePass::Inject, SmokePass::Vorticity, SmokePass::Buoyancy,
                      SmokePass::Diffuse, SmokePass::Damping, SmokePass::Divergence, SmokePass::PressureSolve, SmokePass::SubtractGradient})
        single.stepPass(pass, dt);
    auto b = [&](size_t k) {
        const std::vector<float> values = single.download(fields[k]);
        return smoke_ref::Values(values.begin(), values.end());
    };

    // The only difference is the order of two float additions per face (buoyancy and confinement:
    // one rounding, <= eps of the forced speed S <= velocityBound() + dt |g| lift + confinement,
    // about 3 m/s here), carried through the clamp (its own and its neighbours': 2 eps S). The
    // later passes are the same float operations on inputs that differ by that: advection is a
    // convex combination of samples (no growth) plus a back-trace shifted by dt times the
    // difference, which moves a sample of a field F by dt delta |grad F| <= dt delta (range F) / h
    // (0.5 delta / (m/s) per unit range here); the one Jacobi sweep and the gradient subtraction
    // are linear with norms of a few. So velocity within 16 eps S, and a cell field of range R
    // within 16 eps S * 0.5 R / (m/s) plus its own rounding (4 eps of its magnitude).
    const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
    const double speed = velocityBound() + dt * 9.81 * lift + dt * settings.vorticity * g.h * 4.0 * velocityBound() / g.h;
    const double velocityTolerance = 16.0 * kEps * speed;
    auto cellTolerance = [&](double range, double magnitude) {
        return velocityTolerance * 0.5 * range + 4.0 * kEps * magnitude;
    };
    expectMatches("u", a[0], b(0), velocityTolerance);
    expectMatches("v", a[1], b(1), velocityTolerance);
    expectMatches("density", a[2], b(2), cellTolerance(1.0, 1.0));
    expectMatches("temperature", a[3], b(3), cellTolerance(40.0, 320.0));
    expectMatches("dye", a[4], b(4), cellTolerance(1.0, 1.0));
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ForceKernels, ::testing::ValuesIn(boundaryCases()), boundaryCaseName);

} // namespace
} // namespace billow::test
