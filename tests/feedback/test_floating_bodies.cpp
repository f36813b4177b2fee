// Floating bodies on the shallow water (WaterSolver::setBodies, docs/floating-bodies.md) on
// lavapipe: the load kernel against the double reference (reference/feedback), a box settling at
// its draft, a body on a still lake staying put, drift in a steady channel, the water volume with
// bodies in it, Kinematic bodies, the step tag and bad input; the load, the draft, the still lake
// and the volume on the Triangle lattice too.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "reference/feedback/floating_body_reference.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

class FloatingBodies : public GpuTest {};

constexpr double kUlp = 5.9604644775390625e-8;  // 2^-24

double sum(const std::vector<float>& values) {
    double total = 0.0;
    for (float v : values) total += v;
    return total;
}

// A still lake of depth `depth` over flat terrain at 0, walls all round.
WaterSettings lake(uint32_t nx, uint32_t ny, float h) {
    WaterSettings s;
    s.nx = nx;
    s.ny = ny;
    s.cellSize = h;
    return s;
}

void fill(WaterSolver& solver, float depth) {
    const size_t cells = solver.fieldSize(WaterField::Depth);
    solver.upload(WaterField::Depth, std::vector<float>(cells, depth));
}

FloatingBodyReport lastReport(const WaterSolver& solver) {
    const std::optional<FloatingBodyReport> report = solver.bodies();
    EXPECT_TRUE(report.has_value());
    return report.value_or(FloatingBodyReport{});
}

std::array<float, 4> randomRotation(std::mt19937& rng) {
    std::normal_distribution<float> n(0.0f, 1.0f);
    std::array<float, 4> q{n(rng), n(rng), n(rng), n(rng)};
    const float length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (float& c : q) c /= length;
    return q;
}

// The load kernel (water/bodies.comp through water/body_columns.glsl) against the reference on an
// odd grid (37 x 23, not a multiple of the 32 x 8 workgroup) with bumpy terrain, a dry island, a
// flowing surface and Kinematic bodies of the three shapes at random poses and velocities, half
// in the water. The GPU evaluates each column in float: spans of lengths ~0.5 m at coordinates
// ~5 m carry ~1e-6 m of rounding, sums over ~10^3 columns in a fixed tree add ~1e-6 relative, so
// the volume, the forces and the torques agree to 1e-4 of their scale (the volume, the largest
// force times the reach).
void checkLoadOnRandomPoses(WaterLattice lattice) {
    WaterSettings s = lake(37, 23, 0.25f);
    s.lattice = lattice;
    s.boundaries[0] = WaterBoundary{WaterBoundaryType::Inflow, 0.3f};
    s.boundaries[1] = WaterBoundary{WaterBoundaryType::Outflow};
    WaterSolver solver(sharedContext(), s);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> noise(-0.05f, 0.05f);
    std::vector<float> terrain(size_t(s.nx) * s.ny), depth(terrain.size());
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const size_t c = i + size_t(j) * s.nx;
            terrain[c] = 0.1f * std::sin(0.4f * i) * std::cos(0.3f * j) + noise(rng);
            if (i >= 30 && i <= 32 && j >= 3 && j <= 5) terrain[c] = 2.0f;  // an island
            depth[c] = std::max(0.0f, 1.0f + 0.05f * std::sin(0.5f * i + 0.2f * j) - terrain[c]);
        }
    solver.upload(WaterField::Terrain, terrain);
    solver.upload(WaterField::Depth, depth);
    solver.step(1.0f / 60.0f);  // the flow sets up a velocity field
    bodies_ref::Water water;
    water.nx = int(s.nx);
    water.ny = int(s.ny);
    water.h = s.cellSize;
    water.gravity = s.gravity;
    water.density = s.waterDensity;
    water.dryDepth = s.dryDepth;
    water.terrain = terrain;
    water.depth = solver.download(WaterField::Depth);
    water.flowX = solver.download(WaterField::FlowX);
    water.flowY = solver.download(WaterField::FlowY);
    water.triangle = lattice == WaterLattice::Triangle;
    if (water.triangle) water.flowZ = solver.download(WaterField::FlowZ);
    ASSERT_GT(*std::max_element(water.flowX.begin(), water.flowX.end()), 0.01f);

    std::uniform_real_distribution<float> x(1.5f, 8.0f), y(1.2f, 4.6f), z(0.75f, 1.25f), u(-1.0f, 1.0f), size(0.2f, 0.6f);
    std::vector<FloatingBody> bodies;
    for (int k = 0; k < 12; ++k) {
        FloatingBody b;
        b.shape = static_cast<ColliderShape>(k % 3);
        b.centre = {x(rng), y(rng), z(rng)};
        b.orientation = randomRotation(rng);
        b.radius = size(rng);
        b.halfExtents = {size(rng), size(rng), size(rng)};
        b.halfLength = size(rng);
        b.velocity = {u(rng), u(rng), 0.3f * u(rng)};
        b.angularVelocity = {u(rng), u(rng), u(rng)};
        b.motion = FloatingBodyMotion::Kinematic;
        b.dragCoefficient = 1.0f + u(rng) * 0.5f;
        b.liftCoefficient = 0.5f + u(rng) * 0.5f;
        bodies.push_back(b);
    }
    bodies.back().centre = {7.75f, 1.1f, 1.0f};  // over the island's shore
    solver.setBodies(bodies);
    solver.step(1.0f / 60.0f);
    const FloatingBodyReport report = lastReport(solver);
    ASSERT_EQ(report.bodies.size(), bodies.size());
    double worstVolume = 0.0, worstForce = 0.0;  // relative to the volume, the largest force
    for (size_t k = 0; k < bodies.size(); ++k) {
        SCOPED_TRACE("body " + std::to_string(k));
        const bodies_ref::Load expected = bodies_ref::bodyLoad(bodies[k], water);
        const FloatingBodyState& got = report.bodies[k];
        ASSERT_GT(expected.submergedVolume, 0.0);
        EXPECT_NEAR(got.submergedVolume, expected.submergedVolume, 1e-4 * expected.submergedVolume);
        double scale = 0.0;
        for (double f : expected.force) scale = std::max(scale, std::abs(f));
        const double reach = 2.0;  // m, beyond any body's reach
        worstVolume = std::max(worstVolume, std::abs(got.submergedVolume - expected.submergedVolume) / expected.submergedVolume);
        for (int i = 0; i < 3; ++i) {
            worstForce = std::max(worstForce, std::abs(got.force[i] - expected.force[i]) / scale);
            EXPECT_NEAR(got.force[i], expected.force[i], 1e-4 * scale) << "force " << i;
            EXPECT_NEAR(got.torque[i], expected.torque[i], 1e-4 * scale * reach) << "torque " << i;
        }
        // Kinematic: the pose and velocities are the engine's.
        for (int i = 0; i < 3; ++i) {
            EXPECT_EQ(got.centre[i], bodies[k].centre[i]);
            EXPECT_EQ(got.velocity[i], bodies[k].velocity[i]);
        }
    }
    std::printf("largest relative difference: volume %.2e, force %.2e (bound 1e-4)\n", worstVolume, worstForce);
}

TEST_F(FloatingBodies, LoadMatchesReferenceOnRandomPoses) { checkLoadOnRandomPoses(WaterLattice::Square); }
// The same on the Triangle lattice (37 x 23 vertices, the domain 9.375 m x 4.98 m): the columns
// sample each vertex's brick, the water velocity comes from its six edges.
TEST_F(FloatingBodies, LoadMatchesReferenceOnTheTriangleLattice) { checkLoadOnRandomPoses(WaterLattice::Triangle); }

// A Kinematic sphere of radius R held with its centre at the surface, in the middle of a square
// basin: once the water under it has left (friction damps the waves; the level around rises by
// what it pushed aside), it holds the cap below the level around it, pi k^2 (3R - k) / 3 with
// k = level - bottom, the level measured over the ring of cells just outside it (R .. R + 0.3 m,
// as the solver measures it). The midpoint quadrature of the 4 x 4 columns per cell errs at the
// rim only, whose columns hold ~ (a / R)^(3/2) of the volume for columns of width a (1.2 % at
// R = 19 a), and their errors are of both signs, a fraction of that; so V agrees with the cap
// within 1 % (measured 0.6 %), and the buoyancy is rho g V up with no horizontal force
// (symmetry) to 1e-3 of it.
TEST_F(FloatingBodies, SphereHoldsTheCapBelowTheLevel) {
    WaterSettings s = lake(32, 32, 0.125f);
    s.friction = 0.9f;
    WaterSolver solver(context(), s);
    fill(solver, 1.0f);
    FloatingBody b;
    b.shape = ColliderShape::Sphere;
    b.radius = 0.6f;
    b.centre = {2.0f, 2.0f, 1.0f};
    b.motion = FloatingBodyMotion::Kinematic;
    solver.setBodies(std::span(&b, 1));
    for (int f = 0; f < 300; ++f) solver.step(1.0f / 60.0f);
    const FloatingBodyState got = lastReport(solver).bodies.at(0);
    const std::vector<float> depth = solver.download(WaterField::Depth);
    double level = 0.0;
    int count = 0;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const double r = std::hypot((i + 0.5) * s.cellSize - b.centre[0], (j + 0.5) * s.cellSize - b.centre[1]);
            if (r > b.radius + 0.1 && r < b.radius + 0.3) {
                level += depth[i + size_t(j) * s.nx];
                ++count;
            }
        }
    level /= count;
    const double k = level - (b.centre[2] - b.radius), R = b.radius;
    const double cap = std::numbers::pi * k * k * (3.0 * R - k) / 3.0;
    std::printf("level %.4f m, volume %.5f m^3 (cap %.5f)\n", level, got.submergedVolume, cap);
    EXPECT_NEAR(got.submergedVolume, cap, 0.01 * cap);
    EXPECT_NEAR(got.force[2], 1000.0 * 9.81 * got.submergedVolume, 1e-5 * got.force[2]);
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(got.force[i], 0.0, 1e-3 * got.force[2]);
}

// A 1 m x 1 m box of 150 kg dropped on a 0.5 m deep lake settles at the draft m / (rho A) = 0.15 m:
// the water under it leaves until the surface around is level (the body sits in a depression as
// deep as its draft). The box is aligned with the grid, so its columns are whole and the discrete
// buoyancy is exact; what is left is its bobbing on the waves still sloshing after 9 s (friction
// 0.9 damps them), averaged out over the last 1.5 s (more than a bobbing period with the heave
// added mass, 2 pi sqrt((m + m_a) / (rho g A)) = 1.25 s), within the 2 % asked.
// The same in every water model: the momentum model's surface slope carries the displacement too.
class FloatingBodiesInEveryModel : public GpuTest, public testing::WithParamInterface<WaterModel> {};

// Where vertex / cell (i, j) stands, m.
std::array<double, 2> cellPosition(const WaterSettings& s, uint32_t i, uint32_t j) {
    if (s.lattice == WaterLattice::Triangle)
        return {(i + 0.5 + 0.5 * (j % 2)) * s.cellSize, (j + 0.5) * s.cellSize * std::sqrt(3.0) / 2.0};
    return {(i + 0.5) * s.cellSize, (j + 0.5) * s.cellSize};
}

// The box of the test above settling on the lake `s` (4 m x 4 m at least, 0.5 m deep) around
// (2 m, 2 m); `under` is the cell under the box's centre.
void boxSettlesAtItsDraft(WaterSettings s, uint32_t under) {
    s.friction = 0.9f;
    WaterSolver solver(sharedContext(), s);
    fill(solver, 0.5f);
    FloatingBody box;
    box.shape = ColliderShape::Box;
    box.halfExtents = {0.5f, 0.5f, 0.25f};
    box.mass = 150.0f;
    box.centre = {2.0f, 2.0f, 0.5f + 0.25f - 0.05f};  // starts 5 cm deep
    solver.setBodies(std::span(&box, 1));
    double bottomSum = 0.0, liftSum = 0.0;
    const int frames = 540, averaged = 90;
    for (int f = 0; f < frames; ++f) {
        solver.step(1.0f / 60.0f);
        if (f >= frames - averaged) {
            const FloatingBodyState g = lastReport(solver).bodies.at(0);
            bottomSum += g.centre[2] - 0.25;
            liftSum += g.force[2];
        }
    }
    const FloatingBodyState got = lastReport(solver).bodies.at(0);
    const std::vector<float> depth = solver.download(WaterField::Depth);
    // The far field: cells more than 0.9 m from the box's centre (beyond its footprint).
    double far = 0.0;
    int count = 0;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const std::array<double, 2> p = cellPosition(s, i, j);
            if (std::max(std::abs(p[0] - 2.0), std::abs(p[1] - 2.0)) < 0.9) continue;
            far += depth[i + size_t(j) * s.nx];
            ++count;
        }
    far /= count;
    const double bottom = bottomSum / averaged;
    const double draft = far - bottom, expected = 150.0 / (1000.0 * 1.0);
    std::printf("draft %.5f m (expected %.5f), tilt %.2e\n", draft, expected, std::abs(got.orientation[0]) + std::abs(got.orientation[1]));
    EXPECT_NEAR(draft, expected, 0.02 * expected);
    EXPECT_NEAR(liftSum / averaged, 150.0 * 9.81, 0.02 * 150.0 * 9.81);
    // The surface under the box went down by the draft: water was pushed out, not lost.
    EXPECT_LT(depth[under], far - 0.9 * expected);
}

TEST_P(FloatingBodiesInEveryModel, BoxSettlesAtItsDraft) {
    WaterSettings s = lake(32, 32, 0.125f);
    s.model = GetParam();
    boxSettlesAtItsDraft(s, 16 + 16 * s.nx);
}

// The same on the Triangle lattice (32 x 37 vertices: 4.06 m x 4.0 m), whose bricks of
// h x h sqrt(3)/2 hold the box's columns: the same draft within the same 2 %. Vertex (15, 18)
// stands at (1.94 m, 2.0 m), under the box.
TEST_F(FloatingBodies, BoxSettlesAtItsDraftOnTheTriangleLattice) {
    WaterSettings s = lake(32, 37, 0.125f);
    s.lattice = WaterLattice::Triangle;
    boxSettlesAtItsDraft(s, 15 + 18 * s.nx);
}

INSTANTIATE_TEST_SUITE_P(Models, FloatingBodiesInEveryModel,
                         testing::Values(WaterModel::VirtualPipes, WaterModel::DepthPipes, WaterModel::Momentum));

// A capsule rotated about z, centred on a still lake in a square basin, bobs from a start 2 cm
// above its equilibrium; the flow it makes is symmetric, so it never drifts sideways: only float
// rounding of the sums (1e-7 of forces of ~10^3 N on 100 kg over 5 s) could move it, far below the
// 1 mm allowed.
void bodyOnStillLakeStaysPut(const WaterSettings& s, double cx, double cy) {
    WaterSolver solver(sharedContext(), s);
    fill(solver, 0.6f);
    FloatingBody b;
    b.shape = ColliderShape::Capsule;
    b.radius = 0.25f;
    b.halfLength = 0.5f;
    b.orientation = rotationAboutZ(0.7f);
    b.mass = 100.0f;
    b.centre = {float(cx), float(cy), 0.6f + 0.02f};
    solver.setBodies(std::span(&b, 1));
    for (int f = 0; f < 300; ++f) solver.step(1.0f / 60.0f);
    const FloatingBodyState got = lastReport(solver).bodies.at(0);
    const double drift = std::hypot(got.centre[0] - cx, got.centre[1] - cy);
    std::printf("drift %.3e m, height %.4f m\n", drift, got.centre[2]);
    EXPECT_LT(drift, 1e-3);
    EXPECT_LT(std::hypot(got.velocity[0], got.velocity[1]), 1e-3);
}

TEST_F(FloatingBodies, BodyOnStillLakeStaysPut) { bodyOnStillLakeStaysPut(lake(32, 32, 0.125f), 2.0, 2.0); }

// The same on the Triangle lattice. With an even number of rows its vertices (and their bricks,
// and the edges) are symmetric under the half turn about the domain's centre
// ((nx + 1/2) h / 2, ny h sqrt(3)/4): row j of parity p goes to row ny - 1 - j of parity 1 - p,
// whose vertices are h / 2 the other way. The capsule centred there makes a symmetric flow too.
TEST_F(FloatingBodies, BodyOnStillLakeStaysPutOnTheTriangleLattice) {
    WaterSettings s = lake(32, 38, 0.125f);
    s.lattice = WaterLattice::Triangle;
    bodyOnStillLakeStaysPut(s, 32.5 * 0.125 / 2.0, 38.0 * 0.125 * std::sqrt(3.0) / 4.0);
}

// A channel 16 m x 3 m, 1 m deep, that water enters on the left and leaves on the right at the
// same rate, 0.5 m^2/s (0.5 m/s), run 10 s until it flows.
WaterSettings channel() {
    WaterSettings s = lake(64, 12, 0.25f);
    s.boundaries[0] = WaterBoundary{WaterBoundaryType::Inflow, 0.5f};
    s.boundaries[1] = WaterBoundary{WaterBoundaryType::Inflow, -0.5f};
    s.friction = 0.2f;
    return s;
}
void startFlowing(WaterSolver& solver) {
    fill(solver, 1.0f);
    for (int f = 0; f < 300; ++f) solver.step(1.0f / 30.0f);
}

// A box held still (Kinematic) on the channel's centre line: the flow past it is symmetric about
// that line, so the drag points downstream (+x) with no lateral force beyond float rounding of
// the sums (1e-5 of the drag, the flow itself symmetric to ~1e-6); the torque about the vertical
// axis vanishes with it.
TEST_F(FloatingBodies, DragOnAHeldBodyPointsDownstream) {
    const WaterSettings s = channel();
    WaterSolver solver(context(), s);
    startFlowing(solver);
    FloatingBody box;
    box.shape = ColliderShape::Box;
    box.halfExtents = {0.3f, 0.3f, 0.2f};
    box.centre = {6.0f, 1.5f, 1.0f};
    box.motion = FloatingBodyMotion::Kinematic;
    solver.setBodies(std::span(&box, 1));
    for (int f = 0; f < 30; ++f) solver.step(1.0f / 30.0f);
    const FloatingBodyState got = lastReport(solver).bodies.at(0);
    std::printf("drag %.4f N, lateral %.3e N, yaw torque %.3e N m\n", got.force[0], got.force[1], got.torque[2]);
    EXPECT_GT(got.force[0], 0.0f);
    EXPECT_LE(std::abs(got.force[1]), 1e-3 * got.force[0]);
    EXPECT_LE(std::abs(got.torque[2]), 1e-3 * got.force[0] * 0.3);
}

// A light raft (0.5 m square, 4 cm draft) dropped at rest into the channel is carried at the flow
// speed. Quadratic drag closes the gap du as du0 / (1 + t / tau0) with
// tau0 = 2 sqrt(A) / (C_d du0) = 0.25 s here (C_d 8), so after 6 s the lag is below 4 % of u; the
// depression the raft carries along perturbs the flow it stands in by a few % more: its speed is
// the flow's within 10 % (measured 7 %).
TEST_F(FloatingBodies, DriftsAtTheFlowSpeedInASteadyChannel) {
    const WaterSettings s = channel();
    WaterSolver solver(context(), s);
    startFlowing(solver);
    FloatingBody raft;
    raft.shape = ColliderShape::Box;
    raft.halfExtents = {0.25f, 0.25f, 0.1f};
    raft.mass = 10.0f;
    raft.dragCoefficient = 8.0f;
    raft.centre = {3.0f, 1.5f, 1.0f + 0.1f - 0.04f};
    solver.setBodies(std::span(&raft, 1));
    for (int f = 0; f < 180; ++f) solver.step(1.0f / 30.0f);  // 6 s
    const FloatingBodyState got = lastReport(solver).bodies.at(0);
    // The flow speed: the mean x velocity of the cross-section 1 m upstream of the raft.
    const std::vector<float> velocity = solver.download(WaterField::Velocity);
    const uint32_t i = static_cast<uint32_t>((got.centre[0] - 1.0f) / s.cellSize);
    double flow = 0.0;
    for (uint32_t j = 0; j < s.ny; ++j) flow += velocity[2 * (i + size_t(j) * s.nx)];
    flow /= s.ny;
    std::printf("raft %.4f m/s at x = %.2f m, flow %.4f m/s\n", got.velocity[0], got.centre[0], flow);
    ASSERT_GT(flow, 0.2);
    EXPECT_NEAR(got.velocity[0], flow, 0.1 * flow);
    EXPECT_GT(got.centre[0], 4.5f);  // carried downstream
}

// Bodies of every shape dropped into a closed basin slosh the water for 300 frames: the pipes move
// water only, so the total changes by the float rounding of the depth updates alone, at most about
// 2 ulps of a cell's depth per substep (the taken and the given sums), summed over the substeps.
void waterVolumeIsConservedWithBodies(WaterLattice lattice) {
    WaterSettings s = lake(37, 23, 0.125f);
    s.lattice = lattice;
    WaterSolver solver(sharedContext(), s);
    fill(solver, 0.5f);
    std::vector<FloatingBody> bodies(3);
    bodies[0].shape = ColliderShape::Box;
    bodies[0].halfExtents = {0.4f, 0.3f, 0.2f};
    bodies[0].mass = 60.0f;
    bodies[0].centre = {1.2f, 1.4f, 0.7f};
    bodies[0].orientation = rotationAboutZ(0.3f);
    bodies[1].shape = ColliderShape::Sphere;
    bodies[1].radius = 0.3f;
    bodies[1].mass = 40.0f;
    bodies[1].centre = {3.2f, 1.5f, 0.8f};
    bodies[2].shape = ColliderShape::Capsule;
    bodies[2].radius = 0.2f;
    bodies[2].halfLength = 0.4f;
    bodies[2].mass = 50.0f;
    bodies[2].centre = {2.3f, 2.2f, 0.6f};
    bodies[2].velocity = {1.0f, -0.5f, 0.0f};
    solver.setBodies(bodies);
    const double before = sum(solver.download(WaterField::Depth));
    uint32_t substeps = 0;
    for (int f = 0; f < 300; ++f) substeps += solver.step(1.0f / 60.0f);
    const double after = sum(solver.download(WaterField::Depth));
    const double drift = std::abs(after - before) / before;
    std::printf("relative volume change %.3e over %u substeps\n", drift, substeps);
    EXPECT_LE(drift, 2.0 * kUlp * substeps);
    // The bodies did push the water: some cell under them went shallower than the level.
    const std::vector<float> depth = solver.download(WaterField::Depth);
    EXPECT_LT(*std::min_element(depth.begin(), depth.end()), 0.45f);
}

TEST_F(FloatingBodies, WaterVolumeIsConservedWithBodies) { waterVolumeIsConservedWithBodies(WaterLattice::Square); }
// The same on the Triangle lattice (4.69 m x 2.49 m): its depth pass moves water between vertices
// only, and the bound is the same per substep.
TEST_F(FloatingBodies, WaterVolumeIsConservedWithBodiesOnTheTriangleLattice) {
    waterVolumeIsConservedWithBodies(WaterLattice::Triangle);
}

// A Kinematic box held 10 cm deeper than it would float: the solver reports buoyancy
// rho g V_sub (no flow, no motion: no drag) and never moves it; the report is tagged with the
// step it describes.
TEST_F(FloatingBodies, KinematicBodyReportsForceAndStaysWhereTheEngineHoldsIt) {
    WaterSettings s = lake(24, 24, 0.125f);
    WaterSolver solver(context(), s);
    fill(solver, 0.5f);
    FloatingBody box;
    box.shape = ColliderShape::Box;
    box.halfExtents = {0.5f, 0.5f, 0.25f};
    box.centre = {1.5f, 1.5f, 0.5f};
    box.motion = FloatingBodyMotion::Kinematic;
    solver.setBodies(std::span(&box, 1));
    for (int f = 0; f < 30; ++f) solver.step(1.0f / 60.0f);
    const FloatingBodyReport report = lastReport(solver);
    EXPECT_EQ(report.step, solver.stepsRecorded());
    const FloatingBodyState& got = report.bodies.at(0);
    EXPECT_EQ(got.centre, box.centre);
    EXPECT_EQ(got.orientation, box.orientation);
    EXPECT_GT(got.submergedVolume, 0.1);
    EXPECT_NEAR(got.force[2], 1000.0 * 9.81 * got.submergedVolume, 1e-5 * got.force[2]);
    EXPECT_NEAR(got.force[0], 0.0, 1e-3);
    EXPECT_NEAR(got.force[1], 0.0, 1e-3);
}

// The channel with two rafts drifting (Simulated) and a Kinematic box held across the stream.
std::vector<FloatingBody> raftsAndAHeldBox() {
    std::vector<FloatingBody> bodies(3);
    for (int k = 0; k < 2; ++k) {
        bodies[k].shape = ColliderShape::Box;
        bodies[k].halfExtents = {0.25f, 0.25f, 0.1f};
        bodies[k].mass = 10.0f;
        bodies[k].dragCoefficient = 8.0f;
        bodies[k].centre = {2.0f + 1.5f * k, 1.0f + 1.0f * k, 1.06f};
    }
    bodies[2].shape = ColliderShape::Box;
    bodies[2].halfExtents = {0.3f, 0.3f, 0.2f};
    bodies[2].centre = {9.0f, 1.5f, 1.0f};
    bodies[2].motion = FloatingBodyMotion::Kinematic;
    return bodies;
}

// setBodyPose moves one body without touching the others' states on the GPU: with the held box
// posed where it already is every frame, the rafts go on to the bit as in a run without the
// calls (the bodies' pass is deterministic: fixed-order sums); resending the set with the last
// report's states instead (the only way before) perturbs them even here, where step() waits and
// the report is the newest (the level each body measured starts again; an engine with frames in
// flight would also throw them back to a state a frame or two old).
// A posed box is then reported exactly where it was put.
TEST_F(FloatingBodies, SetBodyPoseLeavesTheOtherBodiesAlone) {
    const WaterSettings s = channel();
    WaterSolver posed(context(), s), untouched(context(), s), resent(context(), s);
    const std::vector<FloatingBody> bodies = raftsAndAHeldBox();
    for (WaterSolver* w : {&posed, &untouched, &resent}) {
        startFlowing(*w);
        w->setBodies(bodies);
    }
    FloatingBodyPose hold;
    hold.centre = bodies[2].centre;
    for (int f = 0; f < 60; ++f) {
        posed.setBodyPose(2, hold);
        if (f > 0) {  // the engine's workaround without setBodyPose
            std::vector<FloatingBody> again = bodies;
            const FloatingBodyReport last = lastReport(resent);
            for (int k = 0; k < 2; ++k) {
                again[k].centre = last.bodies[k].centre;
                again[k].orientation = last.bodies[k].orientation;
                again[k].velocity = last.bodies[k].velocity;
                again[k].angularVelocity = last.bodies[k].angularVelocity;
            }
            resent.setBodies(again);
        }
        for (WaterSolver* w : {&posed, &untouched, &resent}) w->step(1.0f / 30.0f);
    }
    const FloatingBodyReport a = lastReport(posed), b = lastReport(untouched), c = lastReport(resent);
    for (int k = 0; k < 2; ++k) {
        SCOPED_TRACE("raft " + std::to_string(k));
        EXPECT_EQ(a.bodies[k].centre, b.bodies[k].centre);
        EXPECT_EQ(a.bodies[k].orientation, b.bodies[k].orientation);
        EXPECT_EQ(a.bodies[k].velocity, b.bodies[k].velocity);
        EXPECT_EQ(a.bodies[k].angularVelocity, b.bodies[k].angularVelocity);
    }
    std::printf("raft 0 after 2 s: x = %.7f m (posed), %.7f m (untouched), %.7f m (set resent every frame)\n",
                a.bodies[0].centre[0], b.bodies[0].centre[0], c.bodies[0].centre[0]);
    EXPECT_NE(c.bodies[0].centre, b.bodies[0].centre);

    FloatingBodyPose moved;
    moved.centre = {12.0f, 2.0f, 0.95f};
    moved.orientation = rotationAboutZ(0.4f);
    moved.velocity = {0.5f, 0.0f, 0.0f};
    moved.angularVelocity = {0.0f, 0.0f, 0.2f};
    posed.setBodyPose(2, moved);
    posed.step(1.0f / 30.0f);
    const FloatingBodyState got = lastReport(posed).bodies.at(2);
    EXPECT_EQ(got.centre, moved.centre);
    EXPECT_EQ(got.orientation, moved.orientation);
    EXPECT_EQ(got.velocity, moved.velocity);
    EXPECT_EQ(got.angularVelocity, moved.angularVelocity);
    EXPECT_GT(got.submergedVolume, 0.0f);
    // Bad poses name the problem and queue nothing.
    EXPECT_EQ(fieldOf([&] { posed.setBodyPose(3, moved); }), "setBodyPose: index");
    FloatingBodyPose bad = moved;
    bad.orientation = {0.0f, 0.0f, 0.5f, 0.5f};
    EXPECT_EQ(fieldOf([&] { posed.setBodyPose(2, bad); }), "setBodyPose: pose.orientation");
    bad = moved;
    bad.velocity[1] = std::nanf("");
    EXPECT_EQ(fieldOf([&] { posed.setBodyPose(2, bad); }), "setBodyPose: pose.velocity");
    posed.step(1.0f / 30.0f);
    EXPECT_EQ(lastReport(posed).bodies.at(2).centre, moved.centre);
}

TEST_F(FloatingBodies, BadInputIsRefusedNamingTheField) {
    WaterSettings s = lake(16, 16, 0.25f);
    s.waterDensity = 0.0f;
    EXPECT_THROW(WaterSolver(context(), s), InvalidArgument);
    try {
        WaterSolver bad(context(), s);
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("waterDensity"), std::string::npos) << e.what();
    }
    s.waterDensity = 1000.0f;
    WaterSolver solver(context(), s);
    fill(solver, 0.5f);
    FloatingBody good;
    good.centre = {2.0f, 2.0f, 0.5f};
    good.halfExtents = {0.3f, 0.3f, 0.2f};
    good.mass = 30.0f;
    solver.setBodies(std::span(&good, 1));
    const auto refuses = [&](FloatingBody b, const std::string& field) {
        try {
            solver.setBodies(std::span(&b, 1));
            ADD_FAILURE() << "accepted a bad " << field;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
        }
    };
    FloatingBody b = good;
    b.mass = 0.0f;
    refuses(b, "bodies[0].mass");
    b = good;
    b.centre[1] = std::nanf("");
    refuses(b, "bodies[0].centre");
    b = good;
    b.orientation = {0.0f, 0.0f, 0.5f, 0.5f};
    refuses(b, "bodies[0].orientation");
    b = good;
    b.inertia = {1.0f, 0.0f, 1.0f};
    refuses(b, "bodies[0].inertia");
    b = good;
    b.dragCoefficient = -1.0f;
    refuses(b, "bodies[0].dragCoefficient");
    b = good;
    b.liftCoefficient = INFINITY;
    refuses(b, "bodies[0].liftCoefficient");
    b = good;
    b.halfExtents = {0.3f, -0.3f, 0.2f};
    refuses(b, "bodies[0].halfExtents");
    b = good;
    b.shape = ColliderShape::Sphere;
    b.radius = 20.0f;  // 80 cells
    refuses(b, "bodies[0].radius");
    b = good;
    b.motion = static_cast<FloatingBodyMotion>(7);
    refuses(b, "bodies[0].motion");
    const std::vector<FloatingBody> tooMany(kMaxFloatingBodies + 1, good);
    EXPECT_THROW(solver.setBodies(tooMany), InvalidArgument);
    // The refused sets left the good one in place.
    solver.step(1.0f / 60.0f);
    EXPECT_EQ(lastReport(solver).bodies.size(), 1u);
    // A moved-from solver says so.
    WaterSolver moved = std::move(solver);
    EXPECT_THROW(solver.setBodies(std::span(&good, 1)), Error);
    EXPECT_THROW((void)solver.bodies(), Error);
}

} // namespace
} // namespace billow::test
