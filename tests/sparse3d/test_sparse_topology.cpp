// The sparse 3D solver's Topology pass (src/sparse3d/sparse3d_topology.cpp) against a CPU model of
// its rules: the bricks an emitter's reach and a busy brick's neighbourhood want, the speed rule,
// retirement after exactly retireAfterSteps steps, a full pool (exact refusals, no corruption, the
// health flag), growPool, determinism and the settings' refusals.
//
// Only the Topology pass runs (stepPass), except where the health report needs a whole step: the
// other passes change values this test does not model. Every check is exact (bricks, slots, counts,
// bits): the topology does no arithmetic on field values, it copies them.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

namespace billow::test {
namespace {

class SparseTopology : public GpuTest {};

using Brick = std::array<uint32_t, 3>;
constexpr float kDt = 0.05f;

SmokeSettings3D settingsOf(uint32_t nx, uint32_t ny, uint32_t nz) {
    SmokeSettings3D s;
    s.nx = nx;
    s.ny = ny;
    s.nz = nz;
    s.cellSize = 0.05f;
    return s;
}

// The bricks of the box lo..hi (inclusive, clamped to the brick grid of `s`), in brick-map order
// (x fastest): the order a first allocation gives them slots, so the active list's order.
std::vector<Brick> bricksIn(const SmokeSettings3D& s, std::array<int, 3> lo, std::array<int, 3> hi) {
    const int n[3] = {int(s.nx + 7) / 8, int(s.ny + 7) / 8, int(s.nz + 7) / 8};
    std::vector<Brick> out;
    for (int z = std::max(lo[2], 0); z <= std::min(hi[2], n[2] - 1); ++z)
        for (int y = std::max(lo[1], 0); y <= std::min(hi[1], n[1] - 1); ++y)
            for (int x = std::max(lo[0], 0); x <= std::min(hi[0], n[0] - 1); ++x) out.push_back({uint32_t(x), uint32_t(y), uint32_t(z)});
    return out;
}

// The CPU model of an emitter's wanted box (a linear-falloff sphere): the samples the dense Emit
// pass updates, [floor(low / h) - 1, ceil(high / h) + 1] clamped to the cells (faces with velocity
// coupling), in bricks, grown by the margin plus, with coupling, ceil(max |v| dt / (8 h)).
std::array<std::array<int, 3>, 2> emitterBox(const SmokeSettings3D& s, const Emitter3D& e, uint32_t margin) {
    const uint32_t n[3] = {s.nx, s.ny, s.nz};
    const bool coupling = e.velocityCoupling > 0.0f;
    int radius = int(margin);
    if (coupling) {
        const float speed = std::max({std::abs(e.velocity[0]), std::abs(e.velocity[1]), std::abs(e.velocity[2])});
        radius += int(std::ceil(speed * kDt / (8.0f * s.cellSize)));
    }
    radius = std::min(radius, 4);
    std::array<std::array<int, 3>, 2> box{};
    for (int a = 0; a < 3; ++a) {
        const float top = float(coupling ? n[a] : n[a] - 1);
        const float first = std::clamp(std::floor((e.centre[a] - e.radius) / s.cellSize) - 1.0f, 0.0f, top + 1.0f);
        const float last = std::clamp(std::ceil((e.centre[a] + e.radius) / s.cellSize) + 1.0f, -1.0f, top);
        box[0][a] = int(first) / 8 - radius;
        box[1][a] = int(last) / 8 + radius;
    }
    return box;
}

// An emitter that adds nothing (zero rates): only its reach is wanted, whatever Emit does.
Emitter3D quietEmitter(std::array<float, 3> centre, float radius) {
    Emitter3D e;
    e.shape = EmitterShape::Sphere;
    e.falloff = Falloff::Linear;
    e.centre = centre;
    e.radius = radius;
    return e;
}

// A brick's cells (or faces along `axis`) set to `value` through uploadBox.
void fillBrick(SparseSmokeSolver3D& solver, SparseField3D field, Brick b, float value) {
    const int axis = field == SparseField3D::VelocityX ? 0 : field == SparseField3D::VelocityY ? 1 : field == SparseField3D::VelocityZ ? 2 : -1;
    // The brick's cells inside the domain (a last brick may be cut).
    const uint32_t n[3] = {solver.settings().nx, solver.settings().ny, solver.settings().nz};
    std::array<uint32_t, 3> size{};
    size_t samples = 1;
    for (int a = 0; a < 3; ++a) {
        size[a] = std::min(8u, n[a] - 8 * b[a]);
        samples *= size[a] + (a == axis ? 1 : 0);
    }
    const std::vector<float> values(samples, value);
    solver.uploadBox(field, {8 * b[0], 8 * b[1], 8 * b[2]}, size, values);
}

std::vector<uint32_t> bitsOf(const std::vector<float>& values) {
    std::vector<uint32_t> bits(values.size());
    std::memcpy(bits.data(), values.data(), values.size() * 4);
    return bits;
}

// Every pool's values of the allocated bricks, as bits, in active-list order.
std::vector<uint32_t> allBits(SparseSmokeSolver3D& solver) {
    std::vector<uint32_t> out;
    for (SparseField3D f : {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ, SparseField3D::Density,
                            SparseField3D::Temperature, SparseField3D::Fuel, SparseField3D::Pressure}) {
        const std::vector<uint32_t> bits = bitsOf(solver.downloadBricks(f).values);
        out.insert(out.end(), bits.begin(), bits.end());
    }
    return out;
}

TEST_F(SparseTopology, EmittersAllocateTheirReachPlusTheMargin) {
    const SmokeSettings3D settings = settingsOf(64, 48, 40);
    SparseSettings3D sparse;
    sparse.poolBricks = 256;
    sparse.marginBricks = 1;
    // Without velocity coupling: the cells the emitter reaches, plus one brick.
    {
        SparseSmokeSolver3D solver(context(), settings, sparse);
        EXPECT_FALSE(solver.poolReport());  // no update yet
        const Emitter3D e = quietEmitter({1.1f, 0.9f, 0.7f}, 0.12f);
        solver.setEmitters(std::span(&e, 1));
        solver.stepPass(SparsePass3D::Topology, kDt);
        const auto box = emitterBox(settings, e, sparse.marginBricks);
        const std::vector<Brick> expected = bricksIn(settings, box[0], box[1]);
        EXPECT_EQ(solver.activeBricks(), expected);
        const std::optional<SparsePoolReport> report = solver.poolReport();
        ASSERT_TRUE(report);
        EXPECT_EQ(report->activeBricks, expected.size());
        EXPECT_EQ(report->requestedBricks, expected.size());
        EXPECT_EQ(report->refusedBricks, 0u);
        EXPECT_EQ(report->poolBricks, 256u);
        // A second update wants the same bricks and allocates nothing.
        solver.stepPass(SparsePass3D::Topology, kDt);
        EXPECT_EQ(solver.activeBricks(), expected);
        EXPECT_EQ(solver.poolReport()->requestedBricks, 0u);
    }
    // With velocity coupling at 12 m/s: the faces it reaches, grown by ceil(12 * 0.05 / 0.4) = 2
    // bricks more (the flow it drives crosses 1.5 bricks a step).
    {
        SparseSmokeSolver3D solver(context(), settings, sparse);
        Emitter3D e = quietEmitter({1.6f, 1.2f, 1.0f}, 0.08f);
        e.velocity = {0.0f, -12.0f, 3.0f};
        e.velocityCoupling = 5.0f;
        solver.setEmitters(std::span(&e, 1));
        solver.stepPass(SparsePass3D::Topology, kDt);
        const auto box = emitterBox(settings, e, sparse.marginBricks);
        EXPECT_EQ(solver.activeBricks(), bricksIn(settings, box[0], box[1]));
    }
}

TEST_F(SparseTopology, AColliderAllocatesItsBoundsPlusTheMargin) {
    const SmokeSettings3D settings = settingsOf(64, 48, 40);
    SparseSettings3D sparse;
    sparse.poolBricks = 256;
    sparse.marginBricks = 1;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    Collider c;
    c.shape = ColliderShape::Sphere;
    c.centre = {2.3f, 0.6f, 1.45f};
    c.radius = 0.15f;
    c.velocity = {0.0f, 0.0f, 0.0f};
    solver.setColliders(std::span(&c, 1));
    solver.stepPass(SparsePass3D::Topology, kDt);
    // The model: the sphere's box and one cell more, its faces [floor(low / h) - 1, ceil(high / h) + 1]
    // clamped to the face grid, in bricks, plus the margin.
    std::array<int, 3> lo{}, hi{};
    const uint32_t n[3] = {settings.nx, settings.ny, settings.nz};
    for (int a = 0; a < 3; ++a) {
        const float h = settings.cellSize;
        const float first = std::clamp(std::floor((c.centre[a] - c.radius - h) / h) - 1.0f, 0.0f, float(n[a]) + 1.0f);
        const float last = std::clamp(std::ceil((c.centre[a] + c.radius + h) / h) + 1.0f, -1.0f, float(n[a]));
        lo[a] = int(first) / 8 - 1;
        hi[a] = int(last) / 8 + 1;
    }
    EXPECT_EQ(solver.activeBricks(), bricksIn(settings, lo, hi));
}

TEST_F(SparseTopology, ABusyBrickKeepsItsNeighbourhoodAndTheSpeedRuleGrowsIt) {
    const SmokeSettings3D settings = settingsOf(64, 48, 40);
    SparseSettings3D sparse;
    sparse.poolBricks = 256;
    sparse.marginBricks = 1;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    const Brick busy{4, 3, 2};
    solver.allocateBricks(std::span(&busy, 1));
    // Smoke only: the margin's cube.
    fillBrick(solver, SparseField3D::Density, busy, 0.5f);
    solver.stepPass(SparsePass3D::Topology, kDt);
    std::vector<Brick> cube = bricksIn(settings, {3, 2, 1}, {5, 4, 3});
    std::vector<Brick> active = solver.activeBricks();
    EXPECT_EQ(active.front(), busy);  // slot 0, from the host allocation
    std::sort(active.begin(), active.end());
    std::sort(cube.begin(), cube.end());
    EXPECT_EQ(active, cube);
    // The new bricks are open air.
    const std::vector<float> t = solver.downloadBox(SparseField3D::Temperature, {24, 16, 8}, {24, 24, 24});
    const std::vector<float> d = solver.downloadBox(SparseField3D::Density, {24, 16, 8}, {24, 24, 24});
    for (size_t k = 0; k < d.size(); ++k) {
        const bool inBusy = k % 24 >= 8 && k % 24 < 16 && (k / 24) % 24 >= 8 && (k / 24) % 24 < 16 && k / 576 >= 8 && k / 576 < 16;
        ASSERT_EQ(d[k], inBusy ? 0.5f : 0.0f) << k;
        ASSERT_EQ(t[k], settings.ambientTemperature) << k;
    }

    // Moving air alone keeps its brick and reaches no further (the air a plume sets moving would
    // otherwise grow the region without end).
    SparseSmokeSolver3D moving(context(), settings, sparse);
    moving.allocateBricks(std::span(&busy, 1));
    fillBrick(moving, SparseField3D::VelocityX, busy, 12.0f);
    moving.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_EQ(moving.activeBricks(), std::vector<Brick>{busy});

    // Content in faces at 12 m/s: ceil(12 dt / (8 h)) = 2 plus the margin gives radius 3. The
    // bricks new this update copy the faces they share with it.
    SparseSmokeSolver3D fast(context(), settings, sparse);
    fast.allocateBricks(std::span(&busy, 1));
    fillBrick(fast, SparseField3D::VelocityX, busy, 12.0f);
    fillBrick(fast, SparseField3D::Density, busy, 0.5f);
    fast.stepPass(SparsePass3D::Topology, kDt);
    const std::vector<Brick> expected = bricksIn(settings, {1, 0, -1}, {7, 6, 5});
    active = fast.activeBricks();
    EXPECT_EQ(active.size(), expected.size());
    // Slot order: the host's brick in slot 0, then the new ones in brick-map order.
    std::vector<Brick> rest = expected;
    rest.erase(std::find(rest.begin(), rest.end(), busy));
    rest.insert(rest.begin(), busy);
    EXPECT_EQ(active, rest);
    // Faces x = 32 (the busy brick's layer 0, the lower neighbour's layer 8) and x = 40: both
    // copies 12 exactly; the other faces of the neighbours still.
    const SparseBricks u = fast.downloadBricks(SparseField3D::VelocityX);
    size_t shared = 0;
    for (size_t k = 0; k < u.bricks.size(); ++k) {
        const Brick& b = u.bricks[k];
        const bool row = b[1] == busy[1] && b[2] == busy[2];
        for (uint32_t z = 0; z < 8; ++z)
            for (uint32_t y = 0; y < 8; ++y)
                for (uint32_t x = 0; x < 9; ++x) {
                    const float value = u.values[k * 576 + x + 9 * (y + 8 * z)];
                    const bool inBusy = b == busy;
                    const bool sharedFace = row && ((b[0] + 1 == busy[0] && x == 8) || (b[0] == busy[0] + 1 && x == 0));
                    shared += sharedFace ? 1 : 0;
                    ASSERT_EQ(value, inBusy || sharedFace ? 12.0f : 0.0f) << b[0] << "," << b[1] << "," << b[2] << " face " << x;
                }
    }
    EXPECT_EQ(shared, 2u * 64u);

    // The host's allocateBricks follows the same rule: a brick allocated next to the fast one
    // copies their shared face; its other faces are still air.
    SparseSmokeSolver3D host(context(), settings, sparse);
    host.allocateBricks(std::span(&busy, 1));
    fillBrick(host, SparseField3D::VelocityX, busy, 12.0f);
    const Brick above{5, 3, 2};
    host.allocateBricks(std::span(&above, 1));
    const SparseBricks hu = host.downloadBricks(SparseField3D::VelocityX);
    ASSERT_EQ(hu.bricks, (std::vector<Brick>{busy, above}));
    for (uint32_t k = 0; k < 576; ++k) ASSERT_EQ(hu.values[576 + k], k % 9 == 0 ? 12.0f : 0.0f) << k;
}

TEST_F(SparseTopology, BricksRetireAfterExactlyRetireAfterSteps) {
    const SmokeSettings3D settings = settingsOf(37, 23, 19);
    SparseSettings3D sparse;
    sparse.poolBricks = 64;
    sparse.marginBricks = 0;
    sparse.retireAfterSteps = 3;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    // An emitter's bricks stay while it is there, then retire retireAfterSteps updates after it
    // went (nothing else wants them: the emitter adds nothing).
    const Emitter3D e = quietEmitter({0.3f, 0.3f, 0.3f}, 0.05f);
    solver.setEmitters(std::span(&e, 1));
    for (int k = 0; k < 4; ++k) solver.stepPass(SparsePass3D::Topology, kDt);
    const std::vector<Brick> held = solver.activeBricks();
    ASSERT_FALSE(held.empty());
    solver.setEmitters({});
    for (uint32_t k = 1; k < sparse.retireAfterSteps; ++k) {
        solver.stepPass(SparsePass3D::Topology, kDt);
        EXPECT_EQ(solver.activeBricks(), held) << "update " << k << " after the emitter went";
    }
    solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_TRUE(solver.activeBricks().empty());
    EXPECT_EQ(solver.poolReport()->activeBricks, 0u);

    // Smoke keeps a brick; once it is gone (below the threshold) the count starts.
    const Brick b{2, 1, 1};
    solver.allocateBricks(std::span(&b, 1));
    fillBrick(solver, SparseField3D::Fuel, b, 2.0f * sparse.fuelThreshold);
    for (int k = 0; k < 5; ++k) solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_EQ(solver.activeBricks(), std::vector<Brick>{b});
    fillBrick(solver, SparseField3D::Fuel, b, sparse.fuelThreshold);  // not above it
    for (uint32_t k = 1; k < sparse.retireAfterSteps; ++k) {
        solver.stepPass(SparsePass3D::Topology, kDt);
        EXPECT_EQ(solver.activeBricks(), std::vector<Brick>{b});
    }
    solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_TRUE(solver.activeBricks().empty());
    // Its slot is free again: a new brick takes slot 0.
    const Brick other{4, 2, 2};
    solver.allocateBricks(std::span(&other, 1));
    solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_EQ(solver.activeBricks(), std::vector<Brick>{other});
    // ... filled with open air, whatever the slot held before.
    for (float x : solver.downloadBricks(SparseField3D::Fuel).values) ASSERT_EQ(x, 0.0f);

    // A slot a GPU update reuses is open air too. `other` retires holding values at the thresholds
    // (not above them); then an emitter's brick takes its slot, the lowest free one.
    fillBrick(solver, SparseField3D::Fuel, other, sparse.fuelThreshold);
    fillBrick(solver, SparseField3D::Temperature, other, settings.ambientTemperature + sparse.temperatureThreshold);
    fillBrick(solver, SparseField3D::VelocityX, other, sparse.speedThreshold);
    for (uint32_t k = 0; k < sparse.retireAfterSteps; ++k) solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_TRUE(solver.activeBricks().empty());
    const Emitter3D small = quietEmitter({0.2f, 0.2f, 0.2f}, 0.01f);  // within brick (0, 0, 0)
    solver.setEmitters(std::span(&small, 1));
    solver.stepPass(SparsePass3D::Topology, kDt);
    EXPECT_EQ(solver.activeBricks(), (std::vector<Brick>{Brick{0, 0, 0}}));
    for (float x : solver.downloadBricks(SparseField3D::Fuel).values) ASSERT_EQ(x, 0.0f);
    for (float x : solver.downloadBricks(SparseField3D::VelocityX).values) ASSERT_EQ(x, 0.0f);
    for (float x : solver.downloadBricks(SparseField3D::Temperature).values) ASSERT_EQ(x, settings.ambientTemperature);
}

TEST_F(SparseTopology, AFullPoolRefusesExactlyCorruptsNothingAndGrows) {
    const SmokeSettings3D settings = settingsOf(37, 23, 19);
    SparseSettings3D sparse;
    sparse.poolBricks = 10;
    sparse.marginBricks = 1;
    sparse.retireAfterSteps = 100;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    const Brick busy{2, 1, 1};
    solver.allocateBricks(std::span(&busy, 1));
    fillBrick(solver, SparseField3D::Density, busy, 0.75f);
    // Below the speed threshold, but it moves: ceil(0.01 dt / (8 h)) = 1 brick plus the margin,
    // radius 2, the whole 5 x 3 x 3 brick grid.
    fillBrick(solver, SparseField3D::VelocityZ, busy, 0.01f);

    // 45 bricks wanted, 44 missing, 9 free slots: the first 9 in brick-map order get slots 1..9,
    // the other 35 are refused and listed in that order.
    solver.stepPass(SparsePass3D::Topology, kDt);
    std::vector<Brick> missing = bricksIn(settings, {0, 0, 0}, {4, 2, 2});
    missing.erase(std::find(missing.begin(), missing.end(), busy));
    ASSERT_EQ(missing.size(), 44u);
    std::vector<Brick> expectedActive{busy};
    expectedActive.insert(expectedActive.end(), missing.begin(), missing.begin() + 9);
    EXPECT_EQ(solver.activeBricks(), expectedActive);
    std::optional<SparsePoolReport> report = solver.poolReport();
    ASSERT_TRUE(report);
    EXPECT_EQ(report->requestedBricks, 44u);
    EXPECT_EQ(report->refusedBricks, 35u);
    EXPECT_EQ(report->activeBricks, 10u);
    EXPECT_EQ(report->refused, std::vector<Brick>(missing.begin() + 9, missing.end()));
    // The busy brick's values are untouched, bit for bit.
    {
        SparseBricks d = solver.downloadBricks(SparseField3D::Density);
        ASSERT_EQ(d.bricks.front(), busy);
        for (uint32_t k = 0; k < 512; ++k) ASSERT_EQ(d.values[k], 0.75f);
        SparseBricks w = solver.downloadBricks(SparseField3D::VelocityZ);
        for (uint32_t k = 0; k < 576; ++k) ASSERT_EQ(w.values[k], 0.01f);
    }

    // A whole step: the health reports the 35 refused (pool full, every scanned field finite).
    solver.step(kDt);
    const SolverHealth health = solver.health();
    ASSERT_TRUE(health.available);
    EXPECT_TRUE(health.finite);
    EXPECT_EQ(health.refusedBricks, 35u);
    EXPECT_EQ(solver.poolReport()->refusedBricks, 35u);
    EXPECT_EQ(solver.poolReport()->requestedBricks, 35u);
    EXPECT_EQ(solver.activeBricks(), expectedActive);

    // growPool keeps every brick, slot and value; the next update lets the 35 in.
    const std::vector<uint32_t> held = allBits(solver);
    EXPECT_EQ(fieldOf([&] { solver.growPool(9); }), "growPool: poolBricks");
    // A pool no device binds whole (2^21 bricks: 4.8 GB of faces, above a 4 GiB range): refused
    // before anything changes, the solver keeps its pools.
    EXPECT_THROW(solver.growPool(1u << 21), UnsupportedDevice);
    EXPECT_EQ(solver.sparseSettings().poolBricks, 10u);
    EXPECT_EQ(solver.activeBricks(), expectedActive);
    EXPECT_EQ(allBits(solver), held);
    solver.growPool(48);
    EXPECT_EQ(solver.sparseSettings().poolBricks, 48u);
    EXPECT_EQ(solver.activeBricks(), expectedActive);
    EXPECT_EQ(allBits(solver), held);
    solver.stepPass(SparsePass3D::Topology, kDt);
    report = solver.poolReport();
    EXPECT_EQ(report->requestedBricks, 35u);
    EXPECT_EQ(report->refusedBricks, 0u);
    EXPECT_EQ(report->poolBricks, 48u);
    EXPECT_EQ(report->activeBricks, 45u);
    std::vector<Brick> all = expectedActive;
    all.insert(all.end(), missing.begin() + 9, missing.end());
    EXPECT_EQ(solver.activeBricks(), all);
    solver.step(kDt);
    EXPECT_EQ(solver.health().refusedBricks, 0u);
    EXPECT_EQ(solver.poolReport()->step, 2u);  // the second whole step's

    // More refusals than a report lists: the count stays exact, the first 64 are named. Radius 4
    // about brick (4, 3, 2) of an 8 x 6 x 5 brick grid wants all 240 bricks; 3 free slots.
    const SmokeSettings3D large = settingsOf(64, 48, 40);
    sparse.poolBricks = 4;
    sparse.marginBricks = 4;
    SparseSmokeSolver3D crowded(context(), large, sparse);
    const Brick centre{4, 3, 2};
    crowded.allocateBricks(std::span(&centre, 1));
    fillBrick(crowded, SparseField3D::Density, centre, 1.0f);
    crowded.stepPass(SparsePass3D::Topology, kDt);
    std::vector<Brick> wanted = bricksIn(large, {0, 0, 0}, {7, 5, 4});
    wanted.erase(std::find(wanted.begin(), wanted.end(), centre));
    report = crowded.poolReport();
    EXPECT_EQ(report->requestedBricks, 239u);
    EXPECT_EQ(report->refusedBricks, 236u);
    EXPECT_EQ(report->refused, std::vector<Brick>(wanted.begin() + 3, wanted.begin() + 3 + 64));
}

TEST_F(SparseTopology, SameInputsGiveTheSameSlotsAndBits) {
    const SmokeSettings3D settings = settingsOf(64, 48, 40);
    SparseSettings3D sparse;
    sparse.poolBricks = 128;
    sparse.retireAfterSteps = 2;
    auto run = [&](std::vector<std::vector<Brick>>& lists, std::vector<uint32_t>& bits) {
        SparseSmokeSolver3D solver(context(), settings, sparse);
        const std::vector<Brick> seeds = {{1, 1, 1}, {6, 4, 3}, {3, 0, 4}};
        solver.allocateBricks(seeds);
        fillBrick(solver, SparseField3D::Density, seeds[0], 1.0f);
        fillBrick(solver, SparseField3D::VelocityY, seeds[1], 9.0f);
        fillBrick(solver, SparseField3D::Temperature, seeds[2], settings.ambientTemperature + 5.0f);
        Emitter3D e = quietEmitter({2.2f, 1.5f, 0.4f}, 0.1f);
        for (int k = 0; k < 6; ++k) {
            // The emitter moves: bricks come and go.
            e.centre[0] = 2.2f - 0.3f * float(k);
            solver.setEmitters(std::span(&e, 1));
            if (k == 3) fillBrick(solver, SparseField3D::VelocityY, seeds[1], 0.0f);
            solver.stepPass(SparsePass3D::Topology, kDt);
            lists.push_back(solver.activeBricks());
        }
        bits = allBits(solver);
    };
    std::vector<std::vector<Brick>> a, b;
    std::vector<uint32_t> bitsA, bitsB;
    run(a, bitsA);
    run(b, bitsB);
    EXPECT_EQ(a, b);
    EXPECT_EQ(bitsA, bitsB);
    EXPECT_GT(a.front().size(), 3u);
    EXPECT_NE(a.front(), a.back());
}

// The CPU model of the allocation: slots handed out in brick-map order from the lowest free slot,
// retirement by age, the active list in slot order.
struct PoolModel {
    std::vector<std::optional<Brick>> slots;
    std::vector<uint32_t> age;
    uint32_t retireAfter = 1;
    uint32_t requested = 0, refused = 0;
    std::vector<Brick> refusedList;

    PoolModel(uint32_t capacity, uint32_t retire) : slots(capacity), age(capacity, 0), retireAfter(retire) {}
    // `wanted` in brick-map order.
    void update(const std::vector<Brick>& wanted) {
        for (size_t k = 0; k < slots.size(); ++k) {
            if (!slots[k]) continue;
            age[k] = std::find(wanted.begin(), wanted.end(), *slots[k]) != wanted.end() ? 0 : age[k] + 1;
            if (age[k] >= retireAfter) slots[k].reset();
        }
        std::vector<Brick> requests;
        for (const Brick& b : wanted)
            if (std::find(slots.begin(), slots.end(), std::optional<Brick>(b)) == slots.end()) requests.push_back(b);
        requested = uint32_t(requests.size());
        size_t next = 0;
        for (size_t k = 0; k < slots.size() && next < requests.size(); ++k)
            if (!slots[k]) {
                slots[k] = requests[next++];
                age[k] = 0;
            }
        refused = uint32_t(requests.size() - next);
        refusedList.assign(requests.begin() + next, requests.begin() + std::min(requests.size(), next + 64));
    }
    std::vector<Brick> active() const {
        std::vector<Brick> out;
        for (const auto& s : slots)
            if (s) out.push_back(*s);
        return out;
    }
};

// The union of the cubes of radius r about `centres`, in brick-map order.
std::vector<Brick> cubesAbout(const SmokeSettings3D& s, const std::vector<Brick>& centres, int r) {
    std::vector<Brick> out;
    for (const Brick& b : bricksIn(s, {0, 0, 0}, {1 << 20, 1 << 20, 1 << 20}))
        for (const Brick& c : centres)
            if (std::abs(int(b[0]) - int(c[0])) <= r && std::abs(int(b[1]) - int(c[1])) <= r && std::abs(int(b[2]) - int(c[2])) <= r) {
                out.push_back(b);
                break;
            }
    return out;
}

// Thousands of virtual bricks and slots: the scans' block offsets (1024 elements a block) and the
// second level carry the ranks across blocks; retirement frees slots spread over both slot blocks.
TEST_F(SparseTopology, ScansAcrossBlocksMatchTheModel) {
    const SmokeSettings3D settings = settingsOf(128, 128, 128);  // 16^3 = 4096 virtual bricks
    SparseSettings3D sparse;
    sparse.poolBricks = 1100;
    sparse.marginBricks = 4;
    sparse.retireAfterSteps = 1;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    const Brick a{4, 4, 4}, b{11, 11, 11};  // radius-4 cubes of 729 bricks, 8 shared
    const std::vector<Brick> seeds{a, b};
    solver.allocateBricks(seeds);
    fillBrick(solver, SparseField3D::Density, a, 1.0f);
    fillBrick(solver, SparseField3D::Density, b, 1.0f);
    PoolModel model(sparse.poolBricks, sparse.retireAfterSteps);
    model.update(seeds);  // the host's allocation: slot 0 a, slot 1 b

    auto check = [&](const char* what) {
        EXPECT_EQ(solver.activeBricks(), model.active()) << what;
        const std::optional<SparsePoolReport> report = solver.poolReport();
        ASSERT_TRUE(report);
        EXPECT_EQ(report->requestedBricks, model.requested) << what;
        EXPECT_EQ(report->refusedBricks, model.refused) << what;
        EXPECT_EQ(report->activeBricks, model.active().size()) << what;
        EXPECT_EQ(report->refused, model.refusedList) << what;
    };
    // Both cubes: 1450 wanted, 1448 missing, 1098 free slots.
    solver.stepPass(SparsePass3D::Topology, kDt);
    model.update(cubesAbout(settings, seeds, 4));
    ASSERT_GT(model.refused, 64u);
    check("both busy");
    // a's smoke gone: its cube retires at once, b's refused bricks take the freed slots.
    fillBrick(solver, SparseField3D::Density, a, 0.0f);
    solver.stepPass(SparsePass3D::Topology, kDt);
    model.update(cubesAbout(settings, {b}, 4));
    EXPECT_EQ(model.refused, 0u);
    check("b busy");
    // Each new brick is open air, b's smoke where it was.
    const std::vector<float> d = solver.downloadBox(SparseField3D::Density, {64, 64, 64}, {48, 48, 48});
    double sum = 0.0;
    for (float x : d) sum += x;
    EXPECT_EQ(sum, 512.0);
}

TEST_F(SparseTopology, RefusesBadSettings) {
    const SmokeSettings3D settings = settingsOf(37, 23, 19);
    SparseSettings3D sparse;
    sparse.poolBricks = 8;
    SparseSmokeSolver3D solver(context(), settings, sparse);
    auto bad = [&](auto change) {
        SparseSettings3D s = sparse;
        change(s);
        const std::string updated = fieldOf([&] { solver.updateSparseSettings(s); });
        const std::string created = fieldOf([&] { SparseSmokeSolver3D(context(), settings, s); });
        EXPECT_EQ(updated, created);
        return updated;
    };
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.densityThreshold = -1.0f; }), "SparseSettings3D::densityThreshold");
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.fuelThreshold = std::nanf(""); }), "SparseSettings3D::fuelThreshold");
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.temperatureThreshold = -0.5f; }), "SparseSettings3D::temperatureThreshold");
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.speedThreshold = std::nanf(""); }), "SparseSettings3D::speedThreshold");
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.marginBricks = 5; }), "SparseSettings3D::marginBricks");
    EXPECT_EQ(bad([](SparseSettings3D& s) { s.retireAfterSteps = 0; }), "SparseSettings3D::retireAfterSteps");
    EXPECT_EQ(fieldOf([&] { solver.growPool(7); }), "growPool: poolBricks");
    EXPECT_EQ(fieldOf([&] { solver.growPool(0); }), "SparseSettings3D::poolBricks");
    EXPECT_EQ(solver.sparseSettings().poolBricks, 8u);
}

} // namespace
} // namespace billow::test
