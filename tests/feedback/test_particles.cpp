// Particles carried by the flow (billow/particles.hpp, docs/particles.md), on lavapipe with the
// validation layer. The kernels are checked against the double-precision reference
// (reference/feedback/particles_reference.*) on random fields and particles on grids that are not
// multiples of the workgroup (37 x 23, 19 x 13 x 11), then the physics: tracers in a solid-body
// rotation keep their circle as RK2 says they must, heavy particles relax at the stated rate,
// solids stop particles, water carries them on its surface (on both water lattices); then the
// checks of bad input.
//
// The velocity is prescribed (VelocityMode::Prescribed) in the smoke tests, so a whole step leaves
// the uploaded field alone and the particle pass moves through exactly what was uploaded; every
// step is recorded as an engine does it (record() into its own command buffer, then the release
// barrier to the host, which reads its particle buffer).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <random>
#include <vector>

#include "billow/billow.hpp"
#include "feedback/engine_particles.hpp"
#include "reference/feedback/particles_reference.hpp"
#include "reference/smoke/state.hpp"
#include "reference/smoke3d/state.hpp"
#include "support/gpu_test.hpp"
#include "support/tree_paths.hpp"

namespace billow::test {
namespace {

using feedback_ref::Particle;
using feedback_ref::ParticleCounts;
using feedback_ref::ParticleMotion;

class Particles : public GpuTest {};

// Float rounding bounds of the GPU against the double reference (positions within a few metres,
// velocities within 2 m/s, dt 0.05 s, h 0.1 m): a coordinate of ~4 m has an ulp of 4.8e-7 m, and
// its sample coordinate in cells (up to 37, ulp 3.8e-6 cells) misplaces a bilinear sample by at
// most 3.8e-6 times the field's largest jump between neighbours (2 m/s), 7.6e-6 m/s, moving the
// particle dt times that, 4e-7 m. A dozen such roundings: within 1e-5 m. A velocity (heavy:
// relaxed towards a sample, 7.6e-6 m/s per misplaced sample plus its own roundings) within
// 3e-5 m/s; a tracer's (x1 - x) / dt within 2 * 1e-5 / dt.
constexpr double kPositionTolerance = 1e-5;
constexpr double kVelocityTolerance = 3e-5;

std::vector<double> toDouble(const std::vector<float>& values) { return {values.begin(), values.end()}; }

std::vector<float> randomValues(std::mt19937& rng, size_t n, float low, float high) {
    std::uniform_real_distribution<float> d(low, high);
    std::vector<float> out(n);
    for (float& x : out) x = d(rng);
    return out;
}

// Random particles within [0, extent) on each of `dims` axes, w a tag the kernels must keep.
std::vector<Float4> randomParticles(std::mt19937& rng, size_t n, std::array<double, 3> extent, int dims, float speed) {
    std::vector<Float4> out(n);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_real_distribution<float> s(-speed, speed);
    for (size_t k = 0; k < n; ++k) {
        for (int a = 0; a < 3; ++a) out[k][a] = a < dims ? float(unit(rng) * extent[a]) : s(rng);
        out[k][3] = float(k) + 0.25f;
    }
    return out;
}

std::vector<Particle> toReference(const std::vector<Float4>& positions, const std::vector<Float4>* velocities) {
    std::vector<Particle> out(positions.size());
    for (size_t k = 0; k < out.size(); ++k)
        for (int a = 0; a < 3; ++a) {
            out[k].x[a] = positions[k][a];
            out[k].v[a] = velocities ? (*velocities)[k][a] : 0.0;
        }
    return out;
}

void expectCounts(const ParticleReport& report, const ParticleCounts& expected, uint32_t count, uint64_t step) {
    EXPECT_EQ(report.step, step);
    EXPECT_EQ(report.count, count);
    EXPECT_EQ(report.blocked, expected.blocked);
    EXPECT_EQ(report.outside, expected.outside);
    EXPECT_EQ(report.inSolid, expected.inSolid);
    EXPECT_EQ(report.stranded, expected.stranded);
}

// Compares the engine's buffers after a step with the reference's particles: positions on `dims`
// axes (the others and w as they were), and velocities when kept (w as it was).
void expectParticles(const std::vector<Float4>& before, const std::vector<Float4>& after,
                     const std::vector<Float4>* velocitiesBefore, const std::vector<Float4>* velocitiesAfter,
                     const std::vector<Particle>& expected, int dims, double velocityTolerance) {
    int reported = 0;
    double worstPosition = 0.0, worstVelocity = 0.0;
    for (size_t k = 0; k < after.size(); ++k) {
        bool ok = true;
        for (int a = 0; a < 3; ++a) {
            if (a < dims) {
                worstPosition = std::max(worstPosition, std::abs(after[k][a] - expected[k].x[a]));
                ok = ok && std::abs(after[k][a] - expected[k].x[a]) <= kPositionTolerance;
            } else {
                ok = ok && after[k][a] == before[k][a];
            }
        }
        ok = ok && after[k][3] == before[k][3];
        if (velocitiesAfter) {
            for (int a = 0; a < dims; ++a) {
                worstVelocity = std::max(worstVelocity, std::abs((*velocitiesAfter)[k][a] - expected[k].v[a]));
                ok = ok && std::abs((*velocitiesAfter)[k][a] - expected[k].v[a]) <= velocityTolerance;
            }
            ok = ok && (*velocitiesAfter)[k][3] == (*velocitiesBefore)[k][3];
        }
        if (!ok && reported++ < 5)
            ADD_FAILURE() << "particle " << k << ": GPU (" << after[k][0] << ", " << after[k][1] << ", " << after[k][2]
                          << ") reference (" << expected[k].x[0] << ", " << expected[k].x[1] << ", "
                          << expected[k].x[2] << ")";
    }
    EXPECT_EQ(reported, 0);
    std::printf("largest |GPU - reference|: position %.3g m (bound %.0e), velocity %.3g m/s (bound %.1e)\n",
                worstPosition, kPositionTolerance, worstVelocity, velocityTolerance);
}

SmokeSettings prescribed2D(uint32_t nx, uint32_t ny, float h) {
    SmokeSettings s;
    s.nx = nx;
    s.ny = ny;
    s.cellSize = h;
    s.velocityMode = VelocityMode::Prescribed;
    return s;
}

// Records one whole step as an engine does, with the release barrier to the host that reads the
// particles.
template <class Solver>
void engineStep(Context& context, Solver& solver, float dt) {
    engineSubmit(context, [&](VkCommandBuffer cmd) {
        solver.record(cmd, dt);
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
}

// ---- the kernels against the reference ------------------------------------------------------

struct Case2D {
    bool heavy;
    BoundaryType xSides, ySides;
};

void checkKernel2D(std::shared_ptr<Context> context, const Case2D& c, uint32_t seed) {
    SmokeSettings s = prescribed2D(37, 23, 0.1f);
    for (int side : {0, 1}) s.boundaries[side].type = c.xSides;
    for (int side : {2, 3}) s.boundaries[side].type = c.ySides;
    s.gravity = {0.3f, -9.81f};
    SmokeSolver solver(context, s);
    std::mt19937 rng(seed);
    // Solid cells (fraction 1), partly solid ones (0.6: solid by the >= 1/2 rule; 0.3: not).
    std::vector<float> solid(size_t(s.nx) * s.ny, 0.0f);
    std::uniform_int_distribution<int> pick(0, 9);
    for (float& f : solid) f = pick(rng) == 0 ? 1.0f : pick(rng) == 0 ? 0.6f : pick(rng) == 0 ? 0.3f : 0.0f;
    solver.setSolidMask(solid);
    smoke_ref::Grid g(s);
    std::vector<double> u = toDouble(randomValues(rng, g.uCount(), -1.0f, 1.0f));
    std::vector<double> v = toDouble(randomValues(rng, g.vCount(), -1.0f, 1.0f));
    smoke_ref::copyPeriodicFaces(g, u, v);
    solver.upload(SmokeField::VelocityX, std::vector<float>(u.begin(), u.end()));
    solver.upload(SmokeField::VelocityY, std::vector<float>(v.begin(), v.end()));

    const uint32_t n = 1500;  // more than one row of a workgroup, not a multiple of it
    EngineParticles positions(context, n, 3), velocities(context, n, 5);
    const std::vector<Float4> p0 = randomParticles(rng, n, {3.7, 2.3, 0.0}, 2, 5.0f);
    const std::vector<Float4> v0 = randomParticles(rng, n, {0.0, 0.0, 0.0}, 0, 1.5f);
    positions.write(p0);
    velocities.write(v0);
    ParticleSettings settings;
    settings.drag = c.heavy ? 3.0f : 0.0f;
    settings.gravityScale = c.heavy ? 0.05f : 0.0f;
    solver.setParticles({positions.buffer(), positions.offset(), velocities.buffer(), velocities.offset(), n}, settings);
    const float dt = 0.05f;
    engineStep(*context, solver, dt);

    const smoke_ref::State state = smoke_ref::downloadState(solver);
    ParticleMotion m{dt, settings.drag, {0.0, 0.0, 0.0}};
    if (c.heavy) m.gravity = {settings.gravityScale * double(s.gravity[0]), settings.gravityScale * double(s.gravity[1]), 0.0};
    std::vector<Particle> expected = toReference(p0, c.heavy ? &v0 : nullptr);
    const ParticleCounts counts = feedback_ref::moveParticles2D(g, state.u, state.v, state.solid, m, expected);
    const std::vector<Float4> p1 = positions.read(), v1 = velocities.read();
    expectParticles(p0, p1, &v0, &v1, expected, 2, c.heavy ? kVelocityTolerance : 2.0 * kPositionTolerance / dt);
    for (const Float4& e : positions.leading()) EXPECT_EQ(e, (Float4{7.0f, 7.0f, 7.0f, 7.0f}));
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    expectCounts(*report, counts, n, solver.stepsRecorded());
    EXPECT_GT(counts.blocked + counts.inSolid, 0u);  // the case does exercise the solids
}

TEST_F(Particles, Tracers2DMatchTheReference) { checkKernel2D(context(), {false, BoundaryType::Wall, BoundaryType::Outflow}, 1); }
TEST_F(Particles, HeavyParticles2DMatchTheReferenceOnPeriodicSides) {
    checkKernel2D(context(), {true, BoundaryType::Periodic, BoundaryType::Wall}, 2);
}

void checkKernel3D(std::shared_ptr<Context> context, bool heavy, uint32_t seed) {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.1f;
    s.velocityMode = VelocityMode::Prescribed;
    s.advectionInterpolation = AdvectionInterpolation::Linear;
    s.boundaries[4].type = s.boundaries[5].type = BoundaryType::Periodic;
    s.boundaries[2].type = BoundaryType::Outflow;
    SmokeSolver3D solver(context, s);
    std::mt19937 rng(seed);
    std::vector<float> solid(size_t(s.nx) * s.ny * s.nz, 0.0f);
    std::uniform_int_distribution<int> pick(0, 9);
    for (float& f : solid) f = pick(rng) == 0 ? 1.0f : pick(rng) == 0 ? 0.6f : 0.0f;
    solver.setSolidMask(solid);
    smoke3d_ref::Grid g(s);
    const SmokeField3D fields[3] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ};
    for (int a = 0; a < 3; ++a) {
        std::vector<float> values = randomValues(rng, solver.fieldSize(fields[a]), -1.0f, 1.0f);
        if (a == 2) {  // periodic z: the last face layer is face layer 0 again
            const size_t layer = size_t(s.nx) * s.ny;
            std::copy(values.begin(), values.begin() + layer, values.end() - layer);
        }
        solver.upload(fields[a], values);
    }
    const uint32_t n = 1200;
    EngineParticles positions(context, n, 1), velocities(context, n);
    const std::vector<Float4> p0 = randomParticles(rng, n, {1.9, 1.3, 1.1}, 3, 0.0f);
    const std::vector<Float4> v0 = randomParticles(rng, n, {0.0, 0.0, 0.0}, 0, 1.5f);
    positions.write(p0);
    velocities.write(v0);
    ParticleSettings settings;
    settings.drag = heavy ? 2.0f : 0.0f;
    settings.gravityScale = heavy ? 0.1f : 0.0f;
    ParticleBuffers buffers{positions.buffer(), positions.offset(), VK_NULL_HANDLE, 0, n};
    if (heavy) buffers.velocities = velocities.buffer();
    solver.setParticles(buffers, settings);
    const float dt = 0.05f;
    engineStep(*context, solver, dt);

    const smoke3d_ref::State state = smoke3d_ref::downloadState(solver);
    ParticleMotion m{dt, settings.drag, {0.0, 0.0, 0.0}};
    for (int a = 0; a < 3 && heavy; ++a) m.gravity[a] = settings.gravityScale * double(s.gravity[a]);
    std::vector<Particle> expected = toReference(p0, heavy ? &v0 : nullptr);
    const ParticleCounts counts = feedback_ref::moveParticles3D(g, state.vel, state.solid, m, expected);
    const std::vector<Float4> p1 = positions.read(), v1 = velocities.read();
    expectParticles(p0, p1, &v0, heavy ? &v1 : nullptr, expected, 3, kVelocityTolerance);
    if (!heavy) {
        EXPECT_EQ(v1, v0);  // no velocity buffer given: untouched
    }
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    expectCounts(*report, counts, n, solver.stepsRecorded());
    EXPECT_GT(counts.blocked + counts.inSolid, 0u);
}

TEST_F(Particles, Tracers3DMatchTheReference) { checkKernel3D(context(), false, 3); }
TEST_F(Particles, HeavyParticles3DMatchTheReference) { checkKernel3D(context(), true, 4); }

// A water solver's step, then the reference's move through the fields the particles saw (the
// frame's final velocity, depth and terrain).
TEST_F(Particles, WaterParticlesMatchTheReference) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.model = WaterModel::Momentum;
    WaterSolver solver(context(), s);
    std::mt19937 rng(5);
    std::vector<float> terrain = randomValues(rng, size_t(s.nx) * s.ny, 0.0f, 0.05f);
    std::vector<float> depth = randomValues(rng, terrain.size(), 0.02f, 0.3f);
    // A dry island in the middle.
    for (uint32_t j = 8; j < 14; ++j)
        for (uint32_t i = 15; i < 22; ++i) depth[i + j * s.nx] = 0.0f;
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    solver.upload(WaterField::FaceVelocityX, randomValues(rng, size_t(s.nx + 1) * s.ny, -0.5f, 0.5f));
    solver.upload(WaterField::FaceVelocityY, randomValues(rng, size_t(s.nx) * (s.ny + 1), -0.5f, 0.5f));
    const uint32_t n = 900;
    EngineParticles positions(context(), n), velocities(context(), n, 2);
    const std::vector<Float4> p0 = randomParticles(rng, n, {3.7, 2.3, 0.0}, 2, 5.0f);
    const std::vector<Float4> v0 = randomParticles(rng, n, {0.0, 0.0, 0.0}, 0, 0.5f);
    positions.write(p0);
    velocities.write(v0);
    ParticleSettings settings;
    settings.drag = 4.0f;
    solver.setParticles({positions.buffer(), 0, velocities.buffer(), velocities.offset(), n}, settings);
    const float dt = 0.02f;
    engineStep(*context(), solver, dt);

    feedback_ref::WaterCells cells{int(s.nx), int(s.ny), s.cellSize, s.dryDepth, {}, {}, {}, {}};
    const std::vector<float> velocity = solver.download(WaterField::Velocity);
    for (size_t c = 0; c < terrain.size(); ++c) {
        cells.velocityX.push_back(velocity[2 * c]);
        cells.velocityY.push_back(velocity[2 * c + 1]);
    }
    cells.depth = toDouble(solver.download(WaterField::Depth));
    cells.terrain = toDouble(solver.download(WaterField::Terrain));
    std::vector<Particle> expected = toReference(p0, &v0);
    const ParticleCounts counts = feedback_ref::moveParticlesWater(cells, {dt, settings.drag, {0.0, 0.0, 0.0}}, expected);
    std::vector<Float4> p1 = positions.read(), v1 = velocities.read();
    // z is written (the surface), the velocity's z is 0: compare all three axes of the positions.
    std::vector<Float4> v0Flat = v0;
    expectParticles(p0, p1, &v0Flat, &v1, expected, 3, kVelocityTolerance);
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    expectCounts(*report, counts, n, solver.stepsRecorded());
    EXPECT_GT(counts.stranded, 0u);
}

// The same on the Triangle lattice (37 x 23 vertices, h 0.1 m: 3.75 m x 1.99 m): the velocity
// the depth pass derived per vertex from the flow a random surface drives, a dry island, particles
// anywhere in the domain (some beyond the outermost vertices of a row, where the samples take the
// row's end values). The reference samples linearly over the lattice triangle holding the point
// with weights solved from the vertices' positions. The rounding bounds are those above: the
// sample coordinates are a few tens of rows and columns, the velocities within 2 m/s (checked).
TEST_F(Particles, WaterParticlesMatchTheReferenceOnTheTriangleLattice) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.1f;
    s.lattice = WaterLattice::Triangle;
    WaterSolver solver(context(), s);
    std::mt19937 rng(11);
    std::vector<float> terrain = randomValues(rng, size_t(s.nx) * s.ny, 0.0f, 0.05f);
    std::vector<float> depth = randomValues(rng, terrain.size(), 0.1f, 0.3f);
    // A dry island standing above the water (a dry hole would drain the water around it in thin,
    // fast sheets, beyond the bounds' 2 m/s).
    for (uint32_t j = 8; j < 14; ++j)
        for (uint32_t i = 15; i < 22; ++i) {
            depth[i + j * s.nx] = 0.0f;
            terrain[i + j * s.nx] = 1.0f;
        }
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    const uint32_t n = 900;
    EngineParticles positions(context(), n), velocities(context(), n, 2);
    const double width = (s.nx + 0.5) * s.cellSize, height = s.ny * s.cellSize * std::sqrt(3.0) / 2.0;
    const std::vector<Float4> p0 = randomParticles(rng, n, {width, height, 0.0}, 2, 5.0f);
    const std::vector<Float4> v0 = randomParticles(rng, n, {0.0, 0.0, 0.0}, 0, 0.5f);
    positions.write(p0);
    velocities.write(v0);
    ParticleSettings settings;
    settings.drag = 4.0f;
    solver.setParticles({positions.buffer(), 0, velocities.buffer(), velocities.offset(), n}, settings);
    const float dt = 0.02f;
    engineStep(*context(), solver, dt);

    feedback_ref::WaterCells cells{int(s.nx), int(s.ny), s.cellSize, s.dryDepth, {}, {}, {}, {}, WaterLattice::Triangle};
    const std::vector<float> velocity = solver.download(WaterField::Velocity);
    double fastest = 0.0;
    for (size_t c = 0; c < terrain.size(); ++c) {
        cells.velocityX.push_back(velocity[2 * c]);
        cells.velocityY.push_back(velocity[2 * c + 1]);
        fastest = std::max(fastest, std::hypot(double(velocity[2 * c]), double(velocity[2 * c + 1])));
    }
    std::printf("fastest vertex %.3f m/s\n", fastest);
    ASSERT_GT(fastest, 0.1);  // the flows moved the water
    ASSERT_LT(fastest, 2.0);  // within the rounding bounds' assumption
    cells.depth = toDouble(solver.download(WaterField::Depth));
    cells.terrain = toDouble(solver.download(WaterField::Terrain));
    std::vector<Particle> expected = toReference(p0, &v0);
    const ParticleCounts counts = feedback_ref::moveParticlesWater(cells, {dt, settings.drag, {0.0, 0.0, 0.0}}, expected);
    std::vector<Float4> p1 = positions.read(), v1 = velocities.read();
    std::vector<Float4> v0Flat = v0;
    expectParticles(p0, p1, &v0Flat, &v1, expected, 3, kVelocityTolerance);
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    expectCounts(*report, counts, n, solver.stepsRecorded());
    EXPECT_GT(counts.stranded, 0u);
}

// ---- physics ---------------------------------------------------------------------------------

// u = Omega x (x - c): linear, so the bilinear samples of its staggered components are exact, and
// the particles see the rotation itself. One midpoint step of theta = Omega dt maps the offset r to
// (1 - theta^2/2) r + theta J r (J the quarter turn), whose length is sqrt(1 + theta^4/4) |r|: the
// radius grows by that factor each step, exactly, and after N steps by (1 + theta^4/4)^(N/2)
// (theta = 0.1: 1.25e-5 per step, 7.9e-4 over the 63 steps of a revolution), and whose angle is
// atan2(theta, 1 - theta^2/2): a lead of theta^3/6 a step over the exact rotation. The GPU's float
// rounding adds at most ~1e-6 m a step to a radius under 1 m (a few ulps of 2 m coordinates), a
// random walk of 63 steps well within 2e-5 m.
TEST_F(Particles, TracersInASolidBodyRotationKeepTheirCircle) {
    SmokeSettings s = prescribed2D(37, 23, 0.1f);
    SmokeSolver solver(context(), s);
    const double omega = 1.0, cx = 1.85, cy = 1.15, h = s.cellSize;
    smoke_ref::Grid g(s);
    std::vector<float> u(g.uCount()), v(g.vCount());
    for (int j = 0; j < int(s.ny); ++j)
        for (int i = 0; i <= int(s.nx); ++i) u[g.u(i, j)] = float(-omega * ((j + 0.5) * h - cy));
    for (int j = 0; j <= int(s.ny); ++j)
        for (int i = 0; i < int(s.nx); ++i) v[g.v(i, j)] = float(omega * ((i + 0.5) * h - cx));
    solver.upload(SmokeField::VelocityX, u);
    solver.upload(SmokeField::VelocityY, v);
    const uint32_t n = 64;
    std::vector<Float4> p0(n);
    for (uint32_t k = 0; k < n; ++k) {
        const double r = 0.1 + 0.8 * k / (n - 1), a = 0.7 * k;
        p0[k] = {float(cx + r * std::cos(a)), float(cy + r * std::sin(a)), 0.0f, 0.0f};
    }
    EngineParticles positions(context(), n);
    positions.write(p0);
    solver.setParticles({positions.buffer(), 0, VK_NULL_HANDLE, 0, n});
    const double dt = 0.1, theta = omega * dt;
    const uint32_t steps = 63;
    solver.step(float(dt), steps);
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    const std::vector<Float4> p1 = positions.read();
    const double growth = std::pow(1.0 + std::pow(theta, 4) / 4.0, steps / 2.0);
    // The angle: each step turns by atan2(theta, 1 - theta^2/2) = theta + theta^3/6 - theta^5/20
    // + ..., so N steps lead the true rotation N theta by N theta^3/6 (docs/particles.md's
    // figure) to within N theta^5/20. The rounding bound above (2e-5 m) over a radius of at least
    // 0.3 m (the particles checked) adds 7e-5 rad.
    const double leadPerStepInTheDocs = std::pow(theta, 3) / 6.0;
    const double leadTolerance = steps * std::pow(theta, 5) / 20.0 + 2e-5 / 0.3;
    double worst = 0.0, worstLead = 0.0, meanLead = 0.0;
    uint32_t checked = 0;
    for (uint32_t k = 0; k < n; ++k) {
        const double r0 = std::hypot(p0[k][0] - cx, p0[k][1] - cy);
        const double r1 = std::hypot(p1[k][0] - cx, p1[k][1] - cy);
        worst = std::max(worst, std::abs(r1 - r0 * growth));
        if (r0 < 0.3) continue;
        // Turned: the angle from p0 to p1, unwrapped to the nearest of N theta (the lead is far
        // below half a revolution).
        const double twoPi = 2.0 * std::acos(-1.0);
        double turned = std::atan2(p1[k][1] - cy, p1[k][0] - cx) - std::atan2(p0[k][1] - cy, p0[k][0] - cx);
        turned += twoPi * std::round((steps * theta - turned) / twoPi);
        const double lead = turned - steps * theta;
        worstLead = std::max(worstLead, std::abs(lead - steps * leadPerStepInTheDocs));
        meanLead += lead;
        ++checked;
    }
    meanLead /= checked;
    std::printf("radius growth over %u steps: RK2 predicts %.6f; largest |r - predicted| %.3g m (bound 2e-5)\n",
                steps, growth, worst);
    std::printf("phase lead over %u steps: %.6g rad measured (mean), N theta^3/6 = %.6g, N theta^3/12 = %.6g; "
                "largest |lead - N theta^3/6| %.3g rad (bound %.3g)\n",
                steps, meanLead, steps * leadPerStepInTheDocs, steps * std::pow(theta, 3) / 12.0, worstLead, leadTolerance);
    EXPECT_LT(worst, 2e-5) << "radius off the RK2 prediction (growth " << growth << ")";
    EXPECT_GT(checked, n / 2);
    EXPECT_LT(worstLead, leadTolerance) << "the phase lead is not the documented theta^3/6 a step";
    // The figure the docs give is the one checked here.
    std::ifstream doc(sourcePath("docs/particles.md"));
    const std::string text((std::istreambuf_iterator<char>(doc)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("the angle leads by **θ³/6 a step**"), std::string::npos)
        << "docs/particles.md does not state the lead this test measures";
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, steps);
    EXPECT_EQ(report->outside + report->blocked + report->inSolid, 0u);
}

// In a uniform flow U the exact relaxation gives v_n = U + (v_0 - U) e^{-k n dt} + g_s (1 -
// e^{-k n dt}) / k for any k dt (the per-step factors compose exactly), and x_n follows the
// trapezoidal sums. Checked for k dt = 0.1 and for a stiff k dt = 50, where an explicit update
// would blow up. Float rounding: velocities under 2 m/s, within 1e-5 m/s after 10 steps.
// ---- reading the particles back (ParticleSettings::download) -------------------------------

// The copies particles() returns are the engine's buffers as the step left them, tagged with the
// step: after step(dt, count), the copy of its last step.
void expectCopyOfTheEnginesBuffers(const ParticleDownload& copy, const EngineParticles& positions,
                                   const EngineParticles* velocities, uint64_t step) {
    EXPECT_EQ(copy.step, step);
    EXPECT_EQ(copy.positions, positions.read());
    if (velocities) EXPECT_EQ(copy.velocities, velocities->read());
    else EXPECT_TRUE(copy.velocities.empty());
}

// A step() caller reads its tracers back through the solver alone, in a solid-body rotation
// (TracersInASolidBodyRotationKeepTheirCircle's flow): the analytic trajectory of the midpoint
// rule, x_N - c = M^N (x_0 - c) with M = (1 - theta^2/2) I + theta J (exact: the field is linear,
// its bilinear samples are exact), to the float rounding that test bounds (2e-5 m); the velocity
// written is the last step's mean, (x_N - x_{N-1}) / dt, to that bound over dt.
TEST_F(Particles, StepCallersReadTheirParticlesBackOnTheAnalyticTrajectory) {
    SmokeSettings s = prescribed2D(37, 23, 0.1f);
    SmokeSolver solver(context(), s);
    const double omega = 1.0, cx = 1.85, cy = 1.15, h = s.cellSize;
    smoke_ref::Grid g(s);
    std::vector<float> u(g.uCount()), v(g.vCount());
    for (int j = 0; j < int(s.ny); ++j)
        for (int i = 0; i <= int(s.nx); ++i) u[g.u(i, j)] = float(-omega * ((j + 0.5) * h - cy));
    for (int j = 0; j <= int(s.ny); ++j)
        for (int i = 0; i < int(s.nx); ++i) v[g.v(i, j)] = float(omega * ((i + 0.5) * h - cx));
    solver.upload(SmokeField::VelocityX, u);
    solver.upload(SmokeField::VelocityY, v);
    const uint32_t n = 40;
    std::vector<Float4> p0(n);
    for (uint32_t k = 0; k < n; ++k) {
        const double r = 0.1 + 0.8 * k / (n - 1), a = 0.9 * k;
        p0[k] = {float(cx + r * std::cos(a)), float(cy + r * std::sin(a)), 0.25f, float(k)};
    }
    EngineParticles positions(context(), n), velocities(context(), n);
    positions.write(p0);
    velocities.write(std::vector<Float4>(n, Float4{0.0f, 0.0f, 0.0f, 5.0f}));
    ParticleSettings settings;
    settings.download = true;
    solver.setParticles({positions.buffer(), 0, velocities.buffer(), 0, n}, settings);
    EXPECT_FALSE(solver.particles().has_value());  // no step yet

    const double dt = 0.1, theta = omega * dt;
    const uint32_t steps = 20;
    solver.step(float(dt), steps);
    const std::optional<ParticleDownload> copy = solver.particles();
    ASSERT_TRUE(copy.has_value());
    ASSERT_EQ(copy->positions.size(), n);
    ASSERT_EQ(copy->velocities.size(), n);
    double worstPosition = 0.0, worstVelocity = 0.0;
    for (uint32_t k = 0; k < n; ++k) {
        double x = p0[k][0] - cx, y = p0[k][1] - cy, xPrev = x, yPrev = y;
        for (uint32_t step = 0; step < steps; ++step) {
            xPrev = x;
            yPrev = y;
            const double c = 1.0 - theta * theta / 2.0;
            const double nx = c * x - theta * y, ny = theta * x + c * y;
            x = nx;
            y = ny;
        }
        worstPosition = std::max({worstPosition, std::abs(copy->positions[k][0] - (cx + x)),
                                  std::abs(copy->positions[k][1] - (cy + y))});
        worstVelocity = std::max({worstVelocity, std::abs(copy->velocities[k][0] - (x - xPrev) / dt),
                                  std::abs(copy->velocities[k][1] - (y - yPrev) / dt)});
        EXPECT_EQ(copy->positions[k][2], 0.25f);  // z and w: the engine's, untouched
        EXPECT_EQ(copy->positions[k][3], float(k));
        EXPECT_EQ(copy->velocities[k][3], 5.0f);
    }
    std::printf("copy after %u steps against the analytic RK2 trajectory: position %.3g m (bound 2e-5), "
                "velocity %.3g m/s (bound %.1e)\n", steps, worstPosition, worstVelocity, 2.0 * 2e-5 / dt);
    EXPECT_LT(worstPosition, 2e-5);
    EXPECT_LT(worstVelocity, 2.0 * 2e-5 / dt);
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    expectCopyOfTheEnginesBuffers(*copy, positions, &velocities, steps);

    // Without download the step copies nothing: the last copy stays the newest.
    settings.download = false;
    solver.setParticles({positions.buffer(), 0, velocities.buffer(), 0, n}, settings);
    solver.step(float(dt));
    ASSERT_TRUE(solver.particles().has_value());
    EXPECT_EQ(solver.particles()->step, steps);
}

// The 3D solver's copy in a uniform flow U (known exactly: every sample of a constant field is
// U), x_N = x_0 + N dt U to the rounding of N additions of 2 m coordinates; and the water
// solver's after a frame of the channel: both are the engine's buffers as the step left them.
TEST_F(Particles, Smoke3DAndWaterParticlesComeBackThroughTheSolver) {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.1f;
    s.velocityMode = VelocityMode::Prescribed;
    SmokeSolver3D solver(context(), s);
    const float U[3] = {0.3f, -0.2f, 0.1f};
    const SmokeField3D fields[3] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ};
    for (int a = 0; a < 3; ++a) solver.upload(fields[a], std::vector<float>(solver.fieldSize(fields[a]), U[a]));
    const uint32_t n = 100;
    std::mt19937 rng(9);
    std::vector<Float4> p0 = randomParticles(rng, n, {1.0, 0.6, 0.5}, 3, 0.0f);
    for (Float4& p : p0) p = {p[0] + 0.45f, p[1] + 0.35f, p[2] + 0.3f, p[3]};  // >= 0.3 m from every side
    EngineParticles positions(context(), n, 2);
    positions.write(p0);
    ParticleSettings settings;
    settings.download = true;
    solver.setParticles({positions.buffer(), positions.offset(), VK_NULL_HANDLE, 0, n}, settings);
    const float dt = 0.05f;
    const uint32_t steps = 10;
    solver.step(dt, steps);
    const std::optional<ParticleDownload> copy = solver.particles();
    ASSERT_TRUE(copy.has_value());
    ASSERT_EQ(copy->positions.size(), n);
    const double roundings = steps * 4.0 * std::ldexp(1.0, -23) * 2.0;  // a few ulps of 2 m a step
    for (uint32_t k = 0; k < n; ++k)
        for (int a = 0; a < 3; ++a)
            EXPECT_NEAR(copy->positions[k][a], p0[k][a] + double(steps) * dt * U[a], roundings) << k << " " << a;
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    expectCopyOfTheEnginesBuffers(*copy, positions, nullptr, steps);

    WaterSettings ws;
    ws.nx = 37;
    ws.ny = 9;
    ws.cellSize = 0.5f;
    ws.model = WaterModel::Momentum;
    ws.boundaries[0] = {WaterBoundaryType::Inflow, 0.2f};
    ws.boundaries[1] = {WaterBoundaryType::Outflow, 0.0f};
    WaterSolver water(context(), ws);
    water.upload(WaterField::Depth, std::vector<float>(size_t(ws.nx) * ws.ny, 0.5f));
    water.upload(WaterField::FaceVelocityX, std::vector<float>(size_t(ws.nx + 1) * ws.ny, 0.4f));
    std::vector<Float4> w0(n);
    for (uint32_t k = 0; k < n; ++k) w0[k] = {3.0f + 0.1f * k, 2.25f, 0.0f, 1.0f};
    EngineParticles floating(context(), n);
    floating.write(w0);
    water.setParticles({floating.buffer(), 0, VK_NULL_HANDLE, 0, n}, settings);
    water.step(dt);
    const std::optional<ParticleDownload> waterCopy = water.particles();
    ASSERT_TRUE(waterCopy.has_value());
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        water.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    expectCopyOfTheEnginesBuffers(*waterCopy, floating, nullptr, water.stepsRecorded());
    EXPECT_NE(waterCopy->positions, w0);  // they moved downstream
}

TEST_F(Particles, HeavyParticlesRelaxAtTheStatedRate) {
    SmokeSettings s = prescribed2D(37, 23, 0.1f);
    SmokeSolver solver(context(), s);
    const float U = 0.5f;
    solver.upload(SmokeField::VelocityX, std::vector<float>(solver.fieldSize(SmokeField::VelocityX), U));
    const uint32_t n = 4;
    EngineParticles positions(context(), n), velocities(context(), n);
    for (float drag : {2.0f, 1000.0f}) {
        const std::vector<Float4> p0{{1.0f, 1.0f, 0.0f, 0.0f}, {1.5f, 1.2f, 0.0f, 0.0f}, {0.8f, 0.9f, 0.0f, 0.0f},
                                     {2.0f, 1.3f, 0.0f, 0.0f}};
        const std::vector<Float4> v0{{0.0f, 0.0f, 0.0f, 0.0f}, {-1.0f, 0.5f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f},
                                     {0.2f, -0.5f, 0.0f, 0.0f}};
        positions.write(p0);
        velocities.write(v0);
        ParticleSettings settings{drag, 0.01f};
        solver.setParticles({positions.buffer(), 0, velocities.buffer(), 0, n}, settings);
        const double dt = 0.05, g = 0.01 * -9.81;
        const uint32_t steps = 10;
        for (uint32_t k = 0; k < steps; ++k) engineStep(*context(), solver, float(dt));
        const std::vector<Float4> p1 = positions.read(), v1 = velocities.read();
        const double decay = std::exp(-double(drag) * dt * steps), relax = (1.0 - decay) / drag;
        for (uint32_t k = 0; k < n; ++k) {
            EXPECT_NEAR(v1[k][0], U + (v0[k][0] - U) * decay, 1e-5) << "drag " << drag;
            EXPECT_NEAR(v1[k][1], v0[k][1] * decay + g * relax, 1e-5) << "drag " << drag;
            // The trapezoidal positions, summed in double.
            double x = p0[k][0], y = p0[k][1];
            double vx = v0[k][0], vy = v0[k][1];
            const double d = std::exp(-double(drag) * dt), r = (1.0 - d) / drag;
            for (uint32_t step = 0; step < steps; ++step) {
                const double nvx = U + (vx - U) * d, nvy = vy * d + g * r;
                x += 0.5 * dt * (vx + nvx);
                y += 0.5 * dt * (vy + nvy);
                vx = nvx;
                vy = nvy;
            }
            EXPECT_NEAR(p1[k][0], x, 1e-5);
            EXPECT_NEAR(p1[k][1], y, 1e-5);
        }
    }
}

// Particles carried towards a solid stop at it, never in it; those that start in one are
// reported, and one in a partly solid cell (0.6) cannot move into a fully solid one, while one
// inside the box (fraction 1 throughout) is carried through it and out into the fluid.
TEST_F(Particles, SolidsStopParticlesAndReportTheOnesInside) {
    SmokeSettings s = prescribed2D(37, 23, 0.1f);
    SmokeSolver solver(context(), s);
    solver.addBoxObstacle(2.0f, 0.8f, 2.6f, 1.6f);
    std::vector<float> mask = solver.solidMask();
    mask[19 + 12 * s.nx] = 0.6f;  // the cell left of the box at x in [1.9, 2.0], y in [1.2, 1.3]
    solver.setSolidMask(mask);
    solver.upload(SmokeField::VelocityX, std::vector<float>(solver.fieldSize(SmokeField::VelocityX), 1.0f));
    const uint32_t n = 400;
    std::mt19937 rng(6);
    std::vector<Float4> p0 = randomParticles(rng, n, {3.7, 2.3, 0.0}, 2, 0.0f);
    p0[0] = {2.3f, 1.2f, 0.0f, 0.0f};    // inside the box
    p0[1] = {1.95f, 1.25f, 0.0f, 0.0f};  // in the 0.6 cell, carried into the box
    p0[2] = {1.93f, 1.05f, 0.0f, 0.0f};  // in fluid, carried into the box within the step
    EngineParticles positions(context(), n);
    positions.write(p0);
    solver.setParticles({positions.buffer(), 0, VK_NULL_HANDLE, 0, n});
    const auto solidAt = [&](const Float4& p) {
        const int i = std::clamp(int(std::floor(p[0] / s.cellSize)), 0, int(s.nx) - 1);
        const int j = std::clamp(int(std::floor(p[1] / s.cellSize)), 0, int(s.ny) - 1);
        return mask[i + j * s.nx];
    };
    std::vector<Float4> previous = p0;
    uint32_t blocked = 0;
    for (int step = 0; step < 20; ++step) {
        engineStep(*context(), solver, 0.1f);
        const std::vector<Float4> now = positions.read();
        for (uint32_t k = 0; k < n; ++k) {
            if (solidAt(previous[k]) < 0.5f) {
                EXPECT_LT(solidAt(now[k]), 0.5f) << "particle " << k << " step " << step;
            } else {
                EXPECT_LE(solidAt(now[k]), solidAt(previous[k])) << "particle " << k << " moved deeper";
            }
        }
        const std::optional<ParticleReport> report = solver.particleReport();
        ASSERT_TRUE(report.has_value());
        EXPECT_GE(report->inSolid, step == 0 ? 2u : 1u);  // 1 is held in its cell; 0 only while in the box
        if (step == 0) {
            EXPECT_GE(report->blocked, 2u);  // 1 and 2
        }
        blocked += report->blocked;
        previous = now;
    }
    const std::vector<Float4> p1 = positions.read();
    EXPECT_EQ(p1[1], p0[1]);  // held in its 0.6 cell
    EXPECT_EQ(p1[2], p0[2]);  // held in front of the box
    EXPECT_GT(p1[0][0], 2.6f);  // carried through the box (never deeper: fraction 1 throughout) and out downstream
    EXPECT_GT(blocked, 20u);  // others piled up against the box
}

// The check both water channels share: 9 tracers released 0.5 m apart along x at (x0 + 0.5k, y)
// move for 20 frames of `dt`. Each frame's speed (displacement / dt) is a convex combination of
// the cells' (vertices') x velocities, so it lies within their range plus the rounding bound, and
// is downstream; y stays on its lane; z is the surface, within the range of the depths over flat
// ground; nothing is stranded, and the report carries the last step. Returns the mean speed.
double driftDownstreamOnTheSurface(const std::shared_ptr<Context>& context, WaterSolver& solver, float x0, float y,
                                   float dt) {
    const uint32_t n = 9;
    std::vector<Float4> p(n);
    for (uint32_t k = 0; k < n; ++k) p[k] = {x0 + 0.5f * k, y, 0.0f, 0.0f};
    EngineParticles positions(context, n);
    positions.write(p);
    solver.setParticles({positions.buffer(), 0, VK_NULL_HANDLE, 0, n});
    double meanSpeed = 0.0;
    for (int f = 0; f < 20; ++f) {
        engineStep(*context, solver, dt);
        const std::vector<float> velocity = solver.download(WaterField::Velocity);
        const std::vector<float> depth = solver.download(WaterField::Depth);
        float low = 1e9f, high = -1e9f, lowDepth = 1e9f, highDepth = -1e9f;
        for (size_t c = 0; c < depth.size(); ++c) {
            low = std::min(low, velocity[2 * c]);
            high = std::max(high, velocity[2 * c]);
            lowDepth = std::min(lowDepth, depth[c]);
            highDepth = std::max(highDepth, depth[c]);
        }
        const std::vector<Float4> now = positions.read();
        for (uint32_t k = 0; k < n; ++k) {
            const double speed = (double(now[k][0]) - p[k][0]) / dt;
            meanSpeed += speed / (20.0 * n);
            EXPECT_GE(speed, low - 2.0 * kPositionTolerance / dt);
            EXPECT_LE(speed, high + 2.0 * kPositionTolerance / dt);
            EXPECT_GT(speed, 0.1);  // downstream
            EXPECT_NEAR(now[k][1], y, 2.0 * kPositionTolerance + dt * 0.05);  // no cross-flow to speak of
            EXPECT_GE(now[k][2], lowDepth - 1e-6f);
            EXPECT_LE(now[k][2], highDepth + 1e-6f);
        }
        p = now;
    }
    const std::optional<ParticleReport> report = solver.particleReport();
    EXPECT_TRUE(report.has_value());
    if (report) {
        EXPECT_EQ(report->step, solver.stepsRecorded());
        EXPECT_EQ(report->stranded, 0u);
    }
    return meanSpeed;
}

// A channel: water enters on the left, drains on the right, over flat ground. Particles drift
// downstream at the water's speed: each frame's mean velocity (displacement / dt) is an average
// of bilinear samples of the cells' velocity, so it lies within the range of the cells' x
// velocities (plus the rounding bound), and z is the flat surface (terrain 0 + depth).
TEST_F(Particles, WaterParticlesDriftWithAChannelAndRideTheSurface) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 9;
    s.cellSize = 0.5f;
    s.model = WaterModel::Momentum;
    s.boundaries[0] = {WaterBoundaryType::Inflow, 0.2f};
    s.boundaries[1] = {WaterBoundaryType::Outflow, 0.0f};
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(size_t(s.nx) * s.ny, 0.5f));
    solver.upload(WaterField::FaceVelocityX, std::vector<float>(size_t(s.nx + 1) * s.ny, 0.4f));
    const float dt = 0.05f;
    for (int f = 0; f < 20; ++f) solver.step(dt);  // settle
    driftDownstreamOnTheSurface(context(), solver, 3.0f, 2.25f, dt);
}

// The same channel on the Triangle lattice (37 x 10 vertices, h 0.5 m: 18.75 m x 4.33 m), where
// the pipe model carries the flow (the water enters on the left and leaves on the right at
// 0.2 m^2/s, 0.4 m/s at 0.5 m deep; 8 s for the surge to settle). A tracer's step is the vertex
// velocities' linear (convex) combination at its midpoint, so its speed lies within their range
// (plus the rounding bound); z is the surface, within the range of the depths over flat ground.
TEST_F(Particles, WaterParticlesDriftDownstreamOnTheTriangleLattice) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 10;
    s.cellSize = 0.5f;
    s.lattice = WaterLattice::Triangle;
    s.friction = 0.5f;
    s.boundaries[0] = {WaterBoundaryType::Inflow, 0.2f};
    s.boundaries[1] = {WaterBoundaryType::Inflow, -0.2f};
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(size_t(s.nx) * s.ny, 0.5f));
    const float dt = 0.05f;
    for (int f = 0; f < 160; ++f) solver.step(dt);  // settle
    const float middle = 0.5f * s.ny * s.cellSize * std::sqrt(3.0f) / 2.0f;
    const double meanSpeed = driftDownstreamOnTheSurface(context(), solver, 4.0f, middle, dt);
    std::printf("mean particle speed %.4f m/s\n", meanSpeed);
}

// The report is read without waiting: a step recorded but not yet submitted has none (the ring's
// slot carries no completed stamp), and once the engine's submission has completed the newest
// report is that of the last step it held, tagged with it, even with several steps in one
// submission.
TEST_F(Particles, ReportsComeBackTaggedWithTheirStepWithoutWaiting) {
    SmokeSolver solver(context(), prescribed2D(37, 23, 0.1f));
    solver.upload(SmokeField::VelocityX, std::vector<float>(solver.fieldSize(SmokeField::VelocityX), -1.0f));
    const uint32_t n = 300;
    std::mt19937 rng(7);
    EngineParticles positions(context(), n);
    positions.write(randomParticles(rng, n, {3.7, 2.3, 0.0}, 2, 0.0f));
    solver.setParticles({positions.buffer(), 0, VK_NULL_HANDLE, 0, n});
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        solver.record(cmd, 0.1f);
        EXPECT_FALSE(solver.particleReport().has_value());  // recorded, not yet run
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    ASSERT_TRUE(solver.particleReport().has_value());
    EXPECT_EQ(solver.particleReport()->step, 1u);
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        for (int k = 0; k < 3; ++k) solver.record(cmd, 0.1f);
        EXPECT_EQ(solver.particleReport()->step, 1u);  // the last completed one meanwhile
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    });
    const std::optional<ParticleReport> report = solver.particleReport();
    ASSERT_TRUE(report.has_value());
    EXPECT_EQ(report->step, 4u);
    EXPECT_EQ(report->count, n);
    // Carried left at 1 m/s towards the wall (where the normal velocity falls to 0 over the last
    // half cell): those a step's trace took onto or past x = 0 were clamped onto the side, and the
    // report counts exactly those.
    uint32_t onWall = 0;
    for (const Float4& p : positions.read()) onWall += p[0] == 0.0f;
    EXPECT_EQ(report->outside, onWall);
    EXPECT_GT(onWall, 0u);
}

// ---- bad input --------------------------------------------------------------------------------

TEST_F(Particles, BadInputIsRefusedNamingTheField) {
    SmokeSolver solver(context(), prescribed2D(37, 23, 0.1f));
    EngineParticles buffer(context(), 4);
    const VkBuffer b = buffer.buffer();
    const auto field = [&](const ParticleBuffers& buffers, const ParticleSettings& settings) -> std::string {
        try {
            solver.setParticles(buffers, settings);
        } catch (const InvalidArgument& e) {
            return e.field();
        }
        return "";
    };
    EXPECT_EQ(field({b, 0, VK_NULL_HANDLE, 0, kMaxParticles + 1}, {}), "ParticleBuffers.count");
    EXPECT_EQ(field({VK_NULL_HANDLE, 0, VK_NULL_HANDLE, 0, 4}, {}), "ParticleBuffers.positions");
    EXPECT_EQ(field({b, 8, VK_NULL_HANDLE, 0, 4}, {}), "ParticleBuffers.positionsOffset");
    EXPECT_EQ(field({b, 0, b, 20, 4}, {2.0f, 0.0f}), "ParticleBuffers.velocitiesOffset");
    EXPECT_EQ(field({b, 0, VK_NULL_HANDLE, 0, 4}, {std::nanf(""), 0.0f}), "ParticleSettings.drag");
    EXPECT_EQ(field({b, 0, VK_NULL_HANDLE, 0, 4}, {-1.0f, 0.0f}), "ParticleSettings.drag");
    EXPECT_EQ(field({b, 0, b, 0, 4}, {1.0f, INFINITY}), "ParticleSettings.gravityScale");
    EXPECT_EQ(field({b, 0, VK_NULL_HANDLE, 0, 4}, {1.0f, 0.0f}), "ParticleBuffers.velocities");
    EXPECT_EQ(field({b, 0, VK_NULL_HANDLE, 0, 4}, {0.0f, 1.0f}), "ParticleSettings.gravityScale");
    EXPECT_EQ(field({VK_NULL_HANDLE, 0, VK_NULL_HANDLE, 0, 0}, {}), "");  // none: fine
    // A refused call left nothing behind: no particles, no report.
    solver.step(0.01f);
    EXPECT_FALSE(solver.particleReport().has_value());

    WaterSettings ws;
    ws.nx = 8;
    ws.ny = 8;
    WaterSolver water(context(), ws);
    try {
        water.setParticles({b, 0, b, 0, 4}, {1.0f, 1.0f});
        ADD_FAILURE() << "gravityScale on water accepted";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "ParticleSettings.gravityScale");
    }
    SmokeSolver moved = std::move(solver);
    EXPECT_THROW(solver.setParticles({b, 0, VK_NULL_HANDLE, 0, 4}), Error);
    EXPECT_THROW(solver.clearParticles(), Error);
    EXPECT_THROW((void)solver.particleReport(), Error);
    // Cleared: the next step moves nothing and adds no report.
    moved.setParticles({b, 0, VK_NULL_HANDLE, 0, 4});
    moved.step(0.01f);
    ASSERT_TRUE(moved.particleReport().has_value());
    EXPECT_EQ(moved.particleReport()->step, moved.stepsRecorded());
    moved.clearParticles();
    moved.step(0.01f);
    EXPECT_EQ(moved.particleReport()->step, moved.stepsRecorded() - 1);
}

} // namespace
} // namespace billow::test
