// The 3D solver's face fractions, Emit, Combustion, Buoyancy, Vorticity and Damping passes and the
// fused velocity forces against
// the double-precision reference (tests/reference/smoke3d), for every boundary configuration, on
// a 19 x 13 x 11 grid with random inputs and obstacles. Tolerances follow the round-off model in
// support/kernel_harness3d.hpp.
#include <algorithm>
#include <cmath>

#include "support/kernel_harness3d.hpp"

namespace billow::test {
namespace {

namespace ref = smoke3d_ref;

class ForceKernels3D : public KernelReferenceTest3D {};

TEST_P(ForceKernels3D, FaceFractionsFollowObstaclesAndSides) {
    SmokeSolver3D& s = solver(baseSettings());
    const ref::Grid g(s.settings());
    ref::State f;
    const std::vector<float> solid = s.download(SmokeField3D::Solid);
    const std::vector<float> mask = obstacleMask();
    ASSERT_EQ(solid, mask) << "the solid mask comes back as uploaded (no colliders)";
    f.solid.assign(solid.begin(), solid.end());
    ref::faceFractions(g, f);
    // One float operation (1 - solid), then min and clamp, which are exact.
    expectMatches("OpenX", s.download(SmokeField3D::OpenX), f.open[0], kEps);
    expectMatches("OpenY", s.download(SmokeField3D::OpenY), f.open[1], kEps);
    expectMatches("OpenZ", s.download(SmokeField3D::OpenZ), f.open[2], kEps);
    // Solid velocities: 0, or an inflow's float speed (negated on a high side): exact.
    const std::array<ref::Values, 3> solidVelocity = ref::staticSolidVelocity(g);
    expectMatches("SolidVelocityX", s.download(SmokeField3D::SolidVelocityX), solidVelocity[0], 0.0);
    expectMatches("SolidVelocityY", s.download(SmokeField3D::SolidVelocityY), solidVelocity[1], 0.0);
    expectMatches("SolidVelocityZ", s.download(SmokeField3D::SolidVelocityZ), solidVelocity[2], 0.0);
}

Emitter3D emitter(EmitterShape shape, Falloff falloff, std::array<float, 3> centre, float size, float k) {
    Emitter3D e;
    e.shape = shape;
    e.falloff = falloff;
    e.centre = centre;
    e.radius = size;
    e.halfExtents = {size, 1.3f * size, 0.8f * size};
    e.velocity = {1.5f * k, -0.8f * k, 0.6f};
    e.velocityCoupling = 3.0f + k;
    e.density = 6.0f * k;
    e.temperature = 250.0f * k;
    e.fuel = 4.0f * k;
    e.colour = {9.0f * k, 2.0f, 5.0f * k, 10.0f};
    return e;
}

TEST_P(ForceKernels3D, EmittersAddScalarsAndPullTheVelocity) {
    SmokeSolver3D& s = solver(baseSettings());
    const ref::Grid g(s.settings());
    // Spheres and boxes of both falloffs, large and small, some across the sides (domain
    // 1.9 x 1.3 x 1.1 m), one overlapping another (the velocity pulls compound in order).
    const std::vector<Emitter3D> emitters = {
        emitter(EmitterShape::Sphere, Falloff::Linear, {0.6f, 0.5f, 0.4f}, 0.35f, 1.0f),
        emitter(EmitterShape::Sphere, Falloff::Gaussian, {1.4f, 0.9f, 0.7f}, 0.2f, -0.7f),
        emitter(EmitterShape::Box, Falloff::Linear, {0.75f, 0.65f, 0.55f}, 0.25f, 0.5f),
        emitter(EmitterShape::Box, Falloff::Gaussian, {1.85f, 0.05f, 1.0f}, 0.15f, 2.0f),
        emitter(EmitterShape::Sphere, Falloff::Gaussian, {0.02f, 1.25f, 0.03f}, 0.3f, 1.3f),
    };
    ref::State f = uploadRandom(s, 11);
    s.setEmitters(emitters);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Emit, dt);
    s.setEmitters({});

    ref::State expected = f;
    ref::emit(g, expected, emitters, dt);
    // Per emitter, the weight errs by a few eps (distances, division or exp: 16 eps) plus the
    // sample position's round-off (4 eps of the extent) times the weight's slope (<= 1/size, and
    // for the Gaussian at most sqrt(2/e)/size < 1/size). Cells: times rate dt, summed over the
    // emitters, plus the rounding of the sum (4 eps of the field's magnitude). Faces: the pull
    // w p (V - u) has magnitude <= |V| + |u| and is rounded over ~6 operations; each pull is a
    // convex step, so earlier errors do not grow.
    auto weightError = [&](const Emitter3D& e) {
        const double size = e.shape == EmitterShape::Sphere
                                ? e.radius
                                : std::min({e.halfExtents[0], e.halfExtents[1], e.halfExtents[2]});
        return 16.0 * kEps + 4.0 * kEps * kExtent3 / size + (e.falloff == Falloff::Gaussian ? std::exp(-16.0) : 0.0);
    };
    auto cellTolerance = [&](const ref::Values& base, auto rateOf) {
        double error = 0.0, added = 0.0;
        for (const Emitter3D& e : emitters) {
            const double amount = std::abs(rateOf(e)) * dt;
            error += amount * weightError(e);
            added += amount;
        }
        return error + 4.0 * kEps * (maxAbs(base) + added);
    };
    for (int a = 0; a < 3; ++a) {
        double tolerance = 0.0;
        for (const Emitter3D& e : emitters) {
            const double magnitude = std::abs(e.velocity[a]) + velocityBound();
            tolerance += magnitude * (weightError(e) + 8.0 * kEps);
        }
        const SmokeField3D field = a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ;
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(field), expected.vel[a], tolerance);
    }
    expectMatches("density", s.download(SmokeField3D::Density), expected.density,
                  cellTolerance(f.density, [](const Emitter3D& e) { return e.density; }));
    expectActs("density", f.density, expected.density, cellTolerance(f.density, [](const Emitter3D& e) { return e.density; }));
    expectActs("velocity x", f.vel[0], expected.vel[0], 1e-5);
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature,
                  cellTolerance(f.temperature, [](const Emitter3D& e) { return e.temperature; }));
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel,
                  cellTolerance(f.fuel, [](const Emitter3D& e) { return e.fuel; }));
    expectMatches("colour", s.download(SmokeField3D::Colour), expected.colour, cellTolerance(f.colour, [](const Emitter3D& e) {
                      return std::max({e.colour[0], e.colour[1], e.colour[2], e.colour[3]}, [](float x, float y) {
                          return std::abs(x) < std::abs(y);
                      });
                  }));
}

TEST_P(ForceKernels3D, CombustionBurnsFuelAboveIgnition) {
    SmokeSettings3D settings = baseSettings();
    settings.combustion.enabled = true;
    settings.combustion.ignitionTemperature = 296.0f;  // about 40% of the random cells burn
    settings.combustion.burnRate = 6.0f;
    settings.combustion.heatRelease = 900.0f;
    settings.combustion.smokeYield = 0.7f;
    settings.combustion.expansion = 0.5f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 12);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Combustion, dt);

    ref::State expected = f;
    ref::Values burnt;
    ref::combustion(g, expected, settings.combustion, dt, &burnt);
    // burnt = fuel (1 - exp(-r dt)): the factor (exp, ~4 eps, then a subtraction from 1 that
    // loses nothing) and a product: ~6 eps of the fuel (<= 1). Each update adds a multiple of it
    // to a field and rounds once: 6 eps of the multiple plus 2 eps of the field's magnitude.
    const double burntError = 6.0 * kEps;
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, burntError + 2.0 * kEps);
    expectMatches("density", s.download(SmokeField3D::Density), expected.density,
                  settings.combustion.smokeYield * burntError + 2.0 * kEps * (1.0 + settings.combustion.smokeYield));
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature,
                  settings.combustion.heatRelease * burntError + 2.0 * kEps * (kAmbient3 + 20.0 + settings.combustion.heatRelease));
    expectActs("fuel", f.fuel, expected.fuel, burntError + 2.0 * kEps);
    // The source expansion burnt / dt: burnt's error times expansion / dt, and two roundings.
    const double sourceScale = settings.combustion.expansion / dt;
    expectMatches("expansion source", s.download(SmokeField3D::ExpansionSource), expected.expansionSource,
                  sourceScale * (burntError + 4.0 * kEps));
    // Nothing burns below ignition: those cells are bit for bit unchanged.
    const std::vector<float> fuel = s.download(SmokeField3D::Fuel);
    for (size_t k = 0; k < fuel.size(); ++k)
        if (f.temperature[k] < settings.combustion.ignitionTemperature) {
            ASSERT_EQ(double(fuel[k]), f.fuel[k]) << "cell " << k;
        }
}

TEST_P(ForceKernels3D, BuoyancyAcceleratesOpenFaces) {
    SmokeSettings3D settings = baseSettings();
    settings.gravity = {0.7f, -9.81f, 1.3f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 13);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Buoyancy, dt);

    ref::State expected = f;
    ref::buoyancy(g, expected, settings, dt);
    // ~10 operations on terms bounded by the velocity (1) and dt |g| (w rho + beta (T + ambient)),
    // T up to 313 K including inflow values.
    auto tolerance = [&](double gravity) {
        const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
        return 10.0 * kEps * (1.0 + dt * std::abs(gravity) * lift);
    };
    expectMatches("u", s.download(SmokeField3D::VelocityX), expected.vel[0], tolerance(settings.gravity[0]));
    expectMatches("v", s.download(SmokeField3D::VelocityY), expected.vel[1], tolerance(settings.gravity[1]));
    expectActs("v", f.vel[1], expected.vel[1], tolerance(settings.gravity[1]));
    expectMatches("w", s.download(SmokeField3D::VelocityZ), expected.vel[2], tolerance(settings.gravity[2]));
}

TEST_P(ForceKernels3D, EdgeCurlAndVorticityConfinement) {
    SmokeSettings3D settings = baseSettings();
    settings.vorticity = 0.8f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 15);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Vorticity, dt);

    // |omega|: each edge's curl is two differences of velocities bounded by velocityBound() over
    // h (~6 roundings of terms up to 2 ub / h); the mean of four edges and the length of the
    // vector (~8 more): 16 eps of 4 ub / h.
    const double ub = velocityBound();
    const double curlError = 16.0 * kEps * 4.0 * ub / g.h;
    const std::vector<float> gpuMagnitude = s.download(SmokeField3D::Vorticity);
    ref::State expected = f;
    const ref::Values magnitude(gpuMagnitude.begin(), gpuMagnitude.end());
    std::array<ref::Values, 3> conditioning;
    ref::vorticityForce(g, expected, dt, settings.vorticity, &magnitude, &conditioning);
    expectMatches("vorticity", gpuMagnitude, expected.vorticity, curlError);

    // The force, with N from the GPU's own |omega| so that only this kernel's round-off counts:
    // N's direction errs by the rounding of grad|omega| (8 eps of the largest |omega|) over
    // |grad|omega||, i.e. 8 eps times the conditioning; omega (from the kernel's own edge curl)
    // errs by curlError; the update dt f adds 4 eps of |u|.
    const double strength = dt * settings.vorticity * g.h;
    const double largest = maxAbs(expected.vorticity);
    for (int a = 0; a < 3; ++a) {
        ref::Values tolerance(g.faceCount(a));
        for (size_t k = 0; k < tolerance.size(); ++k)
            tolerance[k] = strength * (8.0 * kEps * largest * (1.0 + conditioning[a][k]) + curlError) + 4.0 * kEps * ub;
        const SmokeField3D field = a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ;
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(field), expected.vel[a], tolerance);
        expectActs(std::string("velocity ") + "xyz"[a], f.vel[a], expected.vel[a], maxAbs(tolerance));
    }
}

TEST_P(ForceKernels3D, DampingAndSpeedLimit) {
    SmokeSettings3D settings = baseSettings();
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.7f;  // below many random speeds: the limit is exercised
    settings.densityDamping = 0.3f;
    settings.fuelDamping = 0.6f;
    settings.colourDamping = 0.2f;
    settings.temperatureRelaxation = 0.5f;
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 14);
    const float dt = 0.05f;
    s.stepPass(SmokePass3D::Damping, dt);

    ref::State expected = f;
    ref::dampVelocity(g, expected, settings, dt);
    ref::dampScalars(expected, settings, dt);
    // A factor (exp, a few eps) and a product, then an exact clamp; temperature adds and subtracts
    // the ambient (~313 K magnitudes).
    expectMatches("u", s.download(SmokeField3D::VelocityX), expected.vel[0], 6.0 * kEps);
    expectMatches("v", s.download(SmokeField3D::VelocityY), expected.vel[1], 6.0 * kEps);
    expectMatches("w", s.download(SmokeField3D::VelocityZ), expected.vel[2], 6.0 * kEps);
    expectMatches("density", s.download(SmokeField3D::Density), expected.density, 6.0 * kEps);
    expectMatches("fuel", s.download(SmokeField3D::Fuel), expected.fuel, 6.0 * kEps);
    expectMatches("colour", s.download(SmokeField3D::Colour), expected.colour, 6.0 * kEps);
    expectMatches("temperature", s.download(SmokeField3D::Temperature), expected.temperature, 8.0 * kEps * 320.0);
    expectActs("u", f.vel[0], expected.vel[0], 6.0 * kEps);
    expectActs("temperature", f.temperature, expected.temperature, 8.0 * kEps * 320.0);
}

// The fused velocity forces (smoke3d/velocity_forces.comp, recorded by stepVelocityForces) against
// the single-pass references composed in the fused order: buoyancy, then confinement from the curl
// of the velocity before buoyancy (the reference's confinement increment of the starting state,
// added to the buoyant velocity), then damping with the per-component speed limit.
TEST_P(ForceKernels3D, FusedVelocityForcesComposeTheSinglePasses) {
    SmokeSettings3D settings = baseSettings();
    settings.gravity = {0.7f, -9.81f, 1.3f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    settings.vorticity = 0.8f;
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.7f;  // below many random speeds: the limit is exercised
    SmokeSolver3D& s = solver(settings);
    const ref::Grid g(settings);
    ref::State f = uploadRandom(s, 16);
    const float dt = 0.05f;
    s.stepVelocityForces(dt);

    // |omega| of the velocity before buoyancy (tolerance as in EdgeCurlAndVorticityConfinement);
    // the force with N from the GPU's own |omega|, so that only the fused kernel's round-off counts.
    const double ub = velocityBound();
    const double curlError = 16.0 * kEps * 4.0 * ub / g.h;
    const std::vector<float> gpuMagnitude = s.download(SmokeField3D::Vorticity);
    const ref::Values magnitude(gpuMagnitude.begin(), gpuMagnitude.end());
    ref::State confined = f;
    std::array<ref::Values, 3> conditioning;
    ref::vorticityForce(g, confined, dt, settings.vorticity, &magnitude, &conditioning);
    expectMatches("vorticity", gpuMagnitude, confined.vorticity, curlError);

    ref::State expected = f;
    ref::buoyancy(g, expected, settings, dt);
    for (int a = 0; a < 3; ++a)
        for (size_t k = 0; k < expected.vel[a].size(); ++k) expected.vel[a][k] += confined.vel[a][k] - f.vel[a][k];
    ref::dampVelocity(g, expected, settings, dt);

    // The sum of the single kernels' bounds: buoyancy's 10 eps of (1 + dt |g| lift), confinement's
    // strength (8 eps largest (1 + conditioning) + curlError) + 4 eps ub, then damping: a factor
    // <= 1 (which does not grow them) and its own 6 eps of the forced speed, and an exact clamp.
    const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
    const double strength = dt * settings.vorticity * g.h;
    const double largest = maxAbs(confined.vorticity);
    for (int a = 0; a < 3; ++a) {
        const double buoyancy = 10.0 * kEps * (1.0 + dt * std::abs(settings.gravity[a]) * lift);
        const double speed = ub + dt * std::abs(settings.gravity[a]) * lift + strength * largest;
        ref::Values tolerance(g.faceCount(a));
        for (size_t k = 0; k < tolerance.size(); ++k)
            tolerance[k] = buoyancy + strength * (8.0 * kEps * largest * (1.0 + conditioning[a][k]) + curlError) +
                           4.0 * kEps * ub + 6.0 * kEps * speed;
        const SmokeField3D field = a == 0 ? SmokeField3D::VelocityX : a == 1 ? SmokeField3D::VelocityY : SmokeField3D::VelocityZ;
        expectMatches(std::string("velocity ") + "xyz"[a], s.download(field), expected.vel[a], tolerance);
        expectActs(std::string("velocity ") + "xyz"[a], f.vel[a], expected.vel[a], maxAbs(tolerance));
    }
}

// A full step with the fused velocity forces against the same passes recorded one by one in the
// fused order (Vorticity's curl before Buoyancy, the velocity's Damping before the advection).
// Cell damping is off: a step damps the cell fields after Diffuse.
TEST_P(ForceKernels3D, FusedStepMatchesThePassesRecordedOneByOne) {
    SmokeSettings3D settings = baseSettings();
    settings.gravity = {0.7f, -9.81f, 1.3f};
    settings.densityWeight = 0.3f;
    settings.thermalExpansion = 0.05f;
    settings.vorticity = 0.8f;
    settings.velocityDamping = 0.4f;
    settings.maxSpeed = 0.7f;
    const ref::Grid g(settings);
    const float dt = 0.05f;
    SmokeSolver3D& fused = solver(settings);
    uploadRandom(fused, 17);
    fused.step(dt);
    const SmokeField3D fields[] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ,
                              SmokeField3D::Density, SmokeField3D::Temperature, SmokeField3D::Fuel};
    std::vector<std::vector<float>> a;
    for (SmokeField3D field : fields) a.push_back(fused.download(field));

    settings.fuseVelocityForces = false;
    SmokeSolver3D& single = solver(settings);  // the same cached solver, set back to the same start
    uploadRandom(single, 17);
    // The step's order with the fused forces replaced by their passes (no viscosity here, so the
    // velocity's damping may follow Diffuse as the cell fields' does).
    for (SmokePass3D pass : {SmokePass3D::Colliders, SmokePass3D::Reflect, SmokePass3D::Advect, SmokePass3D::Emit, SmokePass3D::Combustion,
                        SmokePass3D::Vorticity, SmokePass3D::Buoyancy, SmokePass3D::Diffuse, SmokePass3D::Damping, SmokePass3D::Divergence,
                        SmokePass3D::PressureSolve, SmokePass3D::SubtractGradient})
        single.stepPass(pass, dt);
    auto b = [&](size_t k) {
        const std::vector<float> values = single.download(fields[k]);
        return ref::Values(values.begin(), values.end());
    };
    // As in 2D (test_kernels_forces.cpp): the order of two float additions per face (one rounding
    // of the forced speed S), after which advection is a convex combination plus a back-trace
    // shifted by dt times the difference (0.5 delta / (m/s) per unit range of a field at
    // h = 0.1 m, dt = 0.05 s) and the projection linear with norms of a few: velocity within
    // 16 eps S, a cell field of range R within 16 eps S * 0.5 R / (m/s) plus 4 eps of its magnitude.
    const double lift = settings.densityWeight * 1.0 + settings.thermalExpansion * (313.2 + settings.ambientTemperature);
    const double speed = velocityBound() + dt * 9.81 * lift + dt * settings.vorticity * 4.0 * velocityBound();
    const double velocityTolerance = 16.0 * kEps * speed;
    auto cellTolerance = [&](double range, double magnitude) {
        return velocityTolerance * 0.5 * range + 4.0 * kEps * magnitude;
    };
    expectMatches("u", a[0], b(0), velocityTolerance);
    expectMatches("v", a[1], b(1), velocityTolerance);
    expectMatches("w", a[2], b(2), velocityTolerance);
    expectMatches("density", a[3], b(3), cellTolerance(1.0, 1.0));
    expectMatches("temperature", a[4], b(4), cellTolerance(40.0, 320.0));
    expectMatches("fuel", a[5], b(5), cellTolerance(1.0, 1.0));
}

INSTANTIATE_TEST_SUITE_P(Boundaries, ForceKernels3D, ::testing::ValuesIn(boundaryCases3D()), boundaryCaseName3D);

} // namespace
} // namespace billow::test
