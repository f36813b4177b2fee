// Probes (include/billow/probes.hpp): the samples the GPU writes after a whole step against the
// reference (reference/feedback/probe_reference.hpp) evaluated on the fields downloaded after that
// same step, on grids that are not multiples of any workgroup (37 x 23, 19 x 13 x 11, water 29 x 17),
// with random fields, random points (inside, outside the domain, in obstacles) and every kind of
// side; then the step tags with frames in flight, the growth of the set, and bad input.
//
// Tolerance of a sample, from float32 rounding (u = 2^-24): the GPU forms the sample coordinate
// c = p / h - 1/2 in float (p * invH with invH rounded: a relative error of at most 3u on a
// coordinate below 64 cells, i.e. |dc| <= 3 * 64 * u = 1.2e-5 cells), which moves the sample by
// |dc| times the difference of two neighbouring samples (at most 2M, M the largest magnitude
// among them); then the 3 (2D) or 7 (3D) lerps, each within 2u of M. So
// |GPU - reference| <= 2.4e-5 M + 14u M < 2.5e-5 M; we allow 3e-5 M.
#include <gtest/gtest.h>

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "reference/feedback/probe_reference.hpp"
#include "support/gpu_test.hpp"

namespace billow {
namespace {

using test::GpuTest;

constexpr double kRelativeTolerance = 3e-5;

// The largest |GPU - reference| / scale seen by a test, printed at its end (docs/probes.md quotes it).
double worstRelative = 0.0;
void note(double gpu, double ref, double scale) { worstRelative = std::max(worstRelative, std::abs(gpu - ref) / scale); }
void printWorst(const char* what) {
    std::printf("%s: largest |GPU - reference| / scale = %.2e (allowed %.0e)\n", what, worstRelative, kRelativeTolerance);
    worstRelative = 0.0;
}

std::vector<float> randomValues(std::mt19937& rng, size_t n, float lo, float hi) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> out(n);
    for (float& x : out) x = d(rng);
    return out;
}

double largest(const std::vector<double>& values, double floor = 0.0) {
    double m = floor;
    for (double x : values) m = std::max(m, std::abs(x));
    return m;
}

// Random points over the domain widened by a fifth on every side (about a third of them outside),
// plus the corners, the far sides exactly and the given points.
std::vector<ProbePoint> randomPoints(std::mt19937& rng, std::array<float, 3> extent, size_t count,
                                     std::vector<ProbePoint> extra) {
    std::vector<ProbePoint> points = std::move(extra);
    std::uniform_real_distribution<float> unit(-0.2f, 1.2f);
    for (size_t i = 0; i < count; ++i) points.push_back({unit(rng) * extent[0], unit(rng) * extent[1], unit(rng) * extent[2]});
    points.push_back({0.0f, 0.0f, 0.0f});
    points.push_back(extent);
    points.push_back({extent[0], 0.5f * extent[1], 0.5f * extent[2]});
    return points;
}

// Whether a coordinate of `point` lies on a far side of the domain to within float rounding: the
// GPU's extent n * h is a float product, the reference's exact, so kProbeOutside may go either way
// there (the sample is the same to the tolerance: clamping is continuous).
bool onAFarSide(const ProbePoint& point, std::array<double, 3> extent, int axes) {
    for (int a = 0; a < axes; ++a)
        if (std::abs(point[a] - extent[a]) <= 4e-7 * extent[a]) return true;
    return false;
}
uint32_t comparableFlags(uint32_t flags, bool onSide) { return onSide ? flags & ~uint32_t(kProbeOutside) : flags; }

// A smoke sample against the reference: each field within kRelativeTolerance of its scale.
struct SmokeScales {
    double velocity, density, temperature, fuel, pressure;
};
void expectSmokeSample(const ProbeSample& gpu, const probe_ref::Sample& ref, const SmokeScales& m, size_t i, int axes,
                       bool onSide) {
    SCOPED_TRACE("probe " + std::to_string(i));
    for (int a = 0; a < axes; ++a) note(gpu.velocity[a], ref.velocity[a], m.velocity);
    note(gpu.density, ref.density, m.density);
    note(gpu.temperature, ref.temperature, m.temperature);
    note(gpu.fuel, ref.fuel, m.fuel);
    note(gpu.pressure, ref.pressure, m.pressure);
    for (int a = 0; a < axes; ++a) EXPECT_NEAR(gpu.velocity[a], ref.velocity[a], kRelativeTolerance * m.velocity) << "axis " << a;
    if (axes == 2) {
        EXPECT_EQ(gpu.velocity[2], 0.0f);
    }
    EXPECT_NEAR(gpu.density, ref.density, kRelativeTolerance * m.density);
    EXPECT_NEAR(gpu.temperature, ref.temperature, kRelativeTolerance * m.temperature);
    EXPECT_NEAR(gpu.fuel, ref.fuel, kRelativeTolerance * m.fuel);
    EXPECT_NEAR(gpu.pressure, ref.pressure, kRelativeTolerance * m.pressure);
    EXPECT_EQ(comparableFlags(gpu.flags, onSide), comparableFlags(ref.flags, onSide));
    EXPECT_EQ(gpu.depth, 0.0f);
}

SmokeSettings smoke2D(bool periodic) {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.05f;
    if (periodic) {
        s.boundaries[0].type = s.boundaries[1].type = BoundaryType::Periodic;
        s.boundaries[2].type = BoundaryType::Inflow;
        s.boundaries[2].normalVelocity = 0.4f;
        s.boundaries[2].density = 0.8f;
        s.boundaries[2].temperature = 330.0f;
        s.boundaries[3].type = BoundaryType::Outflow;
    } else {
        s.boundaries[0].type = BoundaryType::Inflow;
        s.boundaries[0].normalVelocity = 0.5f;
        s.boundaries[0].density = 0.7f;
        s.boundaries[0].temperature = 310.0f;
        s.boundaries[1].type = BoundaryType::Outflow;
        s.boundaries[3].type = BoundaryType::MovingWall;
        s.boundaries[3].tangentialVelocity = 0.3f;
    }
    return s;
}

TEST_F(GpuTest, Probes2DMatchTheFieldsSampledOnTheCpu) {
    for (bool periodic : {false, true}) {
        SCOPED_TRACE(periodic ? "periodic x, inflow below, outflow above" : "inflow left, outflow right, moving wall on top");
        std::mt19937 rng(periodic ? 11u : 7u);
        const SmokeSettings settings = smoke2D(periodic);
        SmokeSolver solver(context(), settings);
        const float cx = 0.6f, cy = 0.55f;
        solver.addCircleObstacle(cx, cy, 0.2f);
        const size_t cells = size_t(settings.nx) * settings.ny;
        solver.upload(SmokeField::VelocityX, randomValues(rng, solver.fieldSize(SmokeField::VelocityX), -1.0f, 1.0f));
        solver.upload(SmokeField::VelocityY, randomValues(rng, solver.fieldSize(SmokeField::VelocityY), -1.0f, 1.0f));
        solver.upload(SmokeField::Density, randomValues(rng, cells, 0.0f, 1.0f));
        solver.upload(SmokeField::Temperature, randomValues(rng, cells, 280.0f, 320.0f));
        solver.upload(SmokeField::Pressure, randomValues(rng, cells, -1.0f, 1.0f));
        const std::array<float, 3> extent{settings.nx * settings.cellSize, settings.ny * settings.cellSize, 1.0f};
        const std::vector<ProbePoint> points = randomPoints(rng, extent, 300, {{cx, cy, 0.0f}, {cx + 0.03f, cy - 0.02f, 5.0f}});
        solver.setProbes(points);
        EXPECT_FALSE(solver.probeResults().has_value());

        solver.step(1e-3f, 1);
        const std::optional<ProbeResults> results = solver.probeResults();
        ASSERT_TRUE(results.has_value());
        EXPECT_EQ(results->step, solver.stepsRecorded());
        EXPECT_EQ(results->step, 1u);
        ASSERT_EQ(results->samples.size(), points.size());

        const smoke_ref::Grid grid(settings);
        const smoke_ref::State state = smoke_ref::downloadState(solver);
        // Scales: the largest magnitude a sample mixes, ghosts included (a moving wall's ghost is
        // 2 V - u, an inflow's its values).
        const double wall = 2.0 * 0.3;
        const SmokeScales m{largest(state.u, largest(state.v)) + wall + 0.5, largest(state.density, 0.8),
                            largest(state.temperature, 330.0), 1.0, largest(state.pressure, 1e-6)};
        int outside = 0, inSolid = 0;
        for (size_t i = 0; i < points.size(); ++i) {
            const probe_ref::Sample ref = probe_ref::smokeProbe(grid, state, {points[i][0], points[i][1], points[i][2]});
            outside += (ref.flags & kProbeOutside) != 0;
            inSolid += (ref.flags & kProbeInSolid) != 0;
            expectSmokeSample(results->samples[i], ref, m, i, 2, onAFarSide(points[i], {grid.nx * grid.h, grid.ny * grid.h, 0.0}, 2));
        }
        // The cases the flags name were met.
        EXPECT_GT(outside, 50);
        EXPECT_GT(inSolid, 2);
    }
    printWorst("2D");
}

TEST_F(GpuTest, Probes3DMatchTheFieldsSampledOnTheCpu) {
    std::mt19937 rng(5u);
    SmokeSettings3D settings;
    settings.nx = 19;
    settings.ny = 13;
    settings.nz = 11;
    settings.cellSize = 0.1f;
    settings.boundaries[0].type = BoundaryType::Inflow;
    settings.boundaries[0].normalVelocity = 0.5f;
    settings.boundaries[0].density = 0.6f;
    settings.boundaries[0].temperature = 305.0f;
    settings.boundaries[0].fuel = 0.9f;
    settings.boundaries[1].type = BoundaryType::Outflow;
    settings.boundaries[3].type = BoundaryType::MovingWall;
    settings.boundaries[3].wallVelocity = {0.2f, 0.0f, -0.1f};
    settings.boundaries[4].type = settings.boundaries[5].type = BoundaryType::Periodic;
    SmokeSolver3D solver(context(), settings);
    const size_t cells = size_t(settings.nx) * settings.ny * settings.nz;
    // A solid sphere of radius 0.35 m about (1.0, 0.6, 0.5).
    std::vector<float> solid(cells, 0.0f);
    for (uint32_t k = 0; k < settings.nz; ++k)
        for (uint32_t j = 0; j < settings.ny; ++j)
            for (uint32_t i = 0; i < settings.nx; ++i) {
                const double x = (i + 0.5) * 0.1 - 1.0, y = (j + 0.5) * 0.1 - 0.6, z = (k + 0.5) * 0.1 - 0.5;
                if (x * x + y * y + z * z < 0.35 * 0.35) solid[i + settings.nx * (j + settings.ny * k)] = 1.0f;
            }
    solver.setSolidMask(solid);
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ})
        solver.upload(f, randomValues(rng, solver.fieldSize(f), -1.0f, 1.0f));
    solver.upload(SmokeField3D::Density, randomValues(rng, cells, 0.0f, 1.0f));
    solver.upload(SmokeField3D::Temperature, randomValues(rng, cells, 280.0f, 320.0f));
    solver.upload(SmokeField3D::Fuel, randomValues(rng, cells, 0.0f, 1.0f));
    solver.upload(SmokeField3D::Pressure, randomValues(rng, cells, -1.0f, 1.0f));
    const std::array<float, 3> extent{1.9f, 1.3f, 1.1f};
    const std::vector<ProbePoint> points = randomPoints(rng, extent, 300, {{1.0f, 0.6f, 0.5f}, {1.1f, 0.5f, 0.45f}});
    solver.setProbes(points);

    solver.step(1e-3f, 1);
    const std::optional<ProbeResults> results = solver.probeResults();
    ASSERT_TRUE(results.has_value());
    EXPECT_EQ(results->step, solver.stepsRecorded());
    ASSERT_EQ(results->samples.size(), points.size());

    const smoke3d_ref::Grid grid(settings);
    const smoke3d_ref::State state = smoke3d_ref::downloadState(solver);
    const SmokeScales m{largest(state.vel[0], largest(state.vel[1], largest(state.vel[2]))) + 2.0 * 0.2 + 0.5,
                        largest(state.density, 0.6), largest(state.temperature, 305.0), largest(state.fuel, 0.9),
                        largest(state.pressure, 1e-6)};
    int outside = 0, inSolid = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        const probe_ref::Sample ref = probe_ref::smoke3dProbe(grid, state, {points[i][0], points[i][1], points[i][2]});
        outside += (ref.flags & kProbeOutside) != 0;
        inSolid += (ref.flags & kProbeInSolid) != 0;
        expectSmokeSample(results->samples[i], ref, m, i, 3,
                          onAFarSide(points[i], {grid.n[0] * grid.h, grid.n[1] * grid.h, grid.n[2] * grid.h}, 3));
    }
    EXPECT_GT(outside, 50);
    EXPECT_GT(inSolid, 1);
    printWorst("3D");
}

TEST_F(GpuTest, ProbesOnWaterMatchTheFieldsSampledOnTheCpu) {
    std::mt19937 rng(3u);
    WaterSettings settings;
    settings.nx = 29;
    settings.ny = 17;
    settings.cellSize = 0.5f;
    WaterSolver solver(context(), settings);
    const size_t cells = size_t(settings.nx) * settings.ny;
    solver.upload(WaterField::Terrain, randomValues(rng, cells, 0.0f, 1.0f));
    solver.upload(WaterField::Depth, randomValues(rng, cells, 0.0f, 0.5f));
    const std::array<float, 3> extent{29 * 0.5f, 17 * 0.5f, 1.0f};
    const std::vector<ProbePoint> points = randomPoints(rng, extent, 300, {});
    solver.setProbes(points);
    solver.step(0.01f);
    const std::optional<ProbeResults> results = solver.probeResults();
    ASSERT_TRUE(results.has_value());
    EXPECT_EQ(results->step, solver.stepsRecorded());
    ASSERT_EQ(results->samples.size(), points.size());

    probe_ref::WaterFields w{int(settings.nx), int(settings.ny), 0.5, {}, {}, {}};
    const auto toDouble = [](const std::vector<float>& f) { return std::vector<double>(f.begin(), f.end()); };
    w.depth = toDouble(solver.download(WaterField::Depth));
    w.terrain = toDouble(solver.download(WaterField::Terrain));
    w.velocity = toDouble(solver.download(WaterField::Velocity));
    // The velocity of a random surface is far from 0 after a step; the scale keeps a floor anyway.
    const double mv = largest(w.velocity, 1e-3), md = largest(w.depth), mt = largest(w.terrain);
    for (size_t i = 0; i < points.size(); ++i) {
        SCOPED_TRACE("probe " + std::to_string(i));
        const probe_ref::Sample ref = probe_ref::waterProbe(w, {points[i][0], points[i][1], points[i][2]});
        const ProbeSample& s = results->samples[i];
        note(s.velocity[0], ref.velocity[0], mv);
        note(s.velocity[1], ref.velocity[1], mv);
        note(s.depth, ref.depth, md);
        note(s.terrain, ref.terrain, mt);
        note(s.surfaceHeight, ref.surfaceHeight, md + mt);
        EXPECT_NEAR(s.velocity[0], ref.velocity[0], kRelativeTolerance * mv);
        EXPECT_NEAR(s.velocity[1], ref.velocity[1], kRelativeTolerance * mv);
        EXPECT_EQ(s.velocity[2], 0.0f);
        EXPECT_NEAR(s.depth, ref.depth, kRelativeTolerance * md);
        EXPECT_NEAR(s.terrain, ref.terrain, kRelativeTolerance * mt);
        // terrain + depth in float: one more rounding of the sum.
        EXPECT_NEAR(s.surfaceHeight, ref.surfaceHeight, kRelativeTolerance * (md + mt));
        const bool onSide = onAFarSide(points[i], {w.nx * w.h, w.ny * w.h, 0.0}, 2);
        EXPECT_EQ(comparableFlags(s.flags, onSide), comparableFlags(ref.flags, onSide));
        EXPECT_EQ(s.density, 0.0f);
        EXPECT_EQ(s.pressure, 0.0f);
    }
    printWorst("water");
}

// An engine's frames: command buffers recorded now, submitted later, one fence each.
class Frames {
public:
    Frames(std::shared_ptr<Context> context, uint32_t count) : context_(std::move(context)) {
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.queueFamilyIndex = context_->queueFamilyIndex();
        EXPECT_EQ(vkCreateCommandPool(context_->device(), &poolInfo, nullptr, &pool_), VK_SUCCESS);
        cmds_.resize(count);
        fences_.resize(count);
        VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        allocate.commandPool = pool_;
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocate.commandBufferCount = count;
        EXPECT_EQ(vkAllocateCommandBuffers(context_->device(), &allocate, cmds_.data()), VK_SUCCESS);
        for (VkFence& fence : fences_) {
            VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
            EXPECT_EQ(vkCreateFence(context_->device(), &fenceInfo, nullptr, &fence), VK_SUCCESS);
        }
    }
    ~Frames() {
        vkDeviceWaitIdle(context_->device());
        for (VkFence fence : fences_) vkDestroyFence(context_->device(), fence, nullptr);
        vkDestroyCommandPool(context_->device(), pool_, nullptr);
    }
    template <class Body>
    void record(uint32_t frame, Body body) {
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        EXPECT_EQ(vkBeginCommandBuffer(cmds_[frame], &begin), VK_SUCCESS);
        body(cmds_[frame]);
        EXPECT_EQ(vkEndCommandBuffer(cmds_[frame]), VK_SUCCESS);
    }
    void submit(uint32_t frame) {
        VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        info.commandBufferCount = 1;
        info.pCommandBuffers = &cmds_[frame];
        EXPECT_EQ(vkQueueSubmit(context_->queue(), 1, &info, fences_[frame]), VK_SUCCESS);
    }
    void wait(uint32_t frame) {
        EXPECT_EQ(vkWaitForFences(context_->device(), 1, &fences_[frame], VK_TRUE, 600'000'000'000ull), VK_SUCCESS);
    }

private:
    std::shared_ptr<Context> context_;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    std::vector<VkCommandBuffer> cmds_;
    std::vector<VkFence> fences_;
};

SmokeSettings smallSmoke() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.05f;
    return s;
}

// Three steps recorded into the engine's command buffers before any runs: nothing until the first
// completes, then each completed step's results with its own tag, and the density a splat of each
// step adds at the probe (a splat of 1 at its centre per step: the probe counts the steps run).
TEST_F(GpuTest, ProbeResultsLagTheFramesInFlight) {
    SmokeSolver solver(context(), smallSmoke());
    solver.setProbes(std::vector<ProbePoint>{{0.925f, 0.575f, 0.0f}, {0.1f, 0.1f, 0.0f}});
    constexpr uint32_t kFrames = 3;
    Frames frames(context(), kFrames);
    for (uint32_t f = 0; f < kFrames; ++f) {
        Splat splat;
        splat.x = 0.925f;
        splat.y = 0.575f;
        splat.radius = 0.2f;
        splat.falloff = Falloff::Linear;
        splat.density = 1.0f;
        solver.addSplat(splat);
        frames.record(f, [&](VkCommandBuffer cmd) { solver.record(cmd, 1e-4f); });
        EXPECT_FALSE(solver.probeResults().has_value()) << "nothing has run yet";
    }
    EXPECT_EQ(solver.stepsRecorded(), kFrames);
    for (uint32_t f = 0; f < kFrames; ++f) {
        frames.submit(f);
        frames.wait(f);
        const std::optional<ProbeResults> results = solver.probeResults();
        ASSERT_TRUE(results.has_value());
        EXPECT_EQ(results->step, f + 1) << "the newest completed step";
        ASSERT_EQ(results->samples.size(), 2u);
        // The splat's centre is a cell centre (cell (18, 11)): a density of 1 a step there, carried
        // by a velocity of at most 1e-4 m/s over 1e-4 s (nothing moves it by more than 1e-6).
        EXPECT_NEAR(results->samples[0].density, f + 1.0, 1e-3);
    }
    // Two frames submitted together: the newest is the later one's.
    Frames more(context(), 2);
    more.record(0, [&](VkCommandBuffer cmd) { solver.record(cmd, 1e-4f); });
    more.record(1, [&](VkCommandBuffer cmd) { solver.record(cmd, 1e-4f); });
    more.submit(0);
    more.submit(1);
    more.wait(1);
    ASSERT_TRUE(solver.probeResults().has_value());
    EXPECT_EQ(solver.probeResults()->step, kFrames + 2);
    EXPECT_EQ(solver.probeResults()->step, solver.stepsRecorded());
}

// A larger set grows the buffers (the results before are gone until the next step); a smaller or
// empty one does not: an empty set samples nothing, so the newest results stay those of the last
// step that had probes.
TEST_F(GpuTest, ProbeSetsGrowShrinkAndEmpty) {
    SmokeSolver solver(context(), smallSmoke());
    solver.setProbes(std::vector<ProbePoint>(3, ProbePoint{0.5f, 0.5f, 0.0f}));
    solver.step(1e-3f, 1);
    ASSERT_TRUE(solver.probeResults().has_value());
    EXPECT_EQ(solver.probeResults()->samples.size(), 3u);

    std::vector<ProbePoint> many(1000);
    for (size_t i = 0; i < many.size(); ++i) many[i] = {0.001f * float(i), 0.5f, 0.0f};
    solver.setProbes(many);
    EXPECT_FALSE(solver.probeResults().has_value()) << "grown: the old ring is gone";
    solver.step(1e-3f, 1);
    ASSERT_TRUE(solver.probeResults().has_value());
    EXPECT_EQ(solver.probeResults()->samples.size(), 1000u);
    EXPECT_EQ(solver.probeResults()->step, 2u);

    solver.setProbes(std::vector<ProbePoint>(5, ProbePoint{0.5f, 0.5f, 0.0f}));
    solver.step(1e-3f, 1);
    EXPECT_EQ(solver.probeResults()->samples.size(), 5u);
    EXPECT_EQ(solver.probeResults()->step, 3u);

    solver.setProbes({});
    solver.step(1e-3f, 2);
    EXPECT_EQ(solver.probeResults()->step, 3u) << "no probes, nothing sampled";
    EXPECT_EQ(solver.stepsRecorded(), 5u);
}

template <class Call>
std::string invalidField(Call call) {
    try {
        call();
    } catch (const InvalidArgument& e) {
        return e.field();
    }
    return "(no InvalidArgument)";
}

TEST_F(GpuTest, BadProbesAreRefusedByName) {
    SmokeSolver smoke(context(), smallSmoke());
    SmokeSettings3D s3;
    s3.nx = s3.ny = s3.nz = 8;
    SmokeSolver3D smoke3(context(), s3);
    WaterSettings sw;
    sw.nx = sw.ny = 8;
    WaterSolver water(context(), sw);

    std::vector<ProbePoint> bad(4, ProbePoint{0.1f, 0.1f, 0.1f});
    bad[3][1] = std::nanf("");
    const std::vector<ProbePoint> tooMany(kMaxProbes + 1, ProbePoint{0.1f, 0.1f, 0.1f});
    EXPECT_EQ(invalidField([&] { smoke.setProbes(bad); }), "setProbes: points[3][1]");
    EXPECT_EQ(invalidField([&] { smoke.setProbes(tooMany); }), "setProbes: points.size()");
    bad[3][1] = 0.1f;
    bad[2][2] = INFINITY;
    EXPECT_EQ(invalidField([&] { smoke3.setProbes(bad); }), "setProbes: points[2][2]");
    EXPECT_EQ(invalidField([&] { smoke3.setProbes(tooMany); }), "setProbes: points.size()");
    bad[2][2] = 0.1f;
    bad[0][0] = -INFINITY;
    EXPECT_EQ(invalidField([&] { water.setProbes(bad); }), "setProbes: points[0][0]");
    EXPECT_EQ(invalidField([&] { water.setProbes(tooMany); }), "setProbes: points.size()");

    // A refused set leaves the previous one in place.
    smoke.setProbes(std::vector<ProbePoint>(2, ProbePoint{0.5f, 0.5f, 0.0f}));
    bad[0][0] = NAN;
    EXPECT_THROW(smoke.setProbes(bad), InvalidArgument);
    smoke.step(1e-3f, 1);
    ASSERT_TRUE(smoke.probeResults().has_value());
    EXPECT_EQ(smoke.probeResults()->samples.size(), 2u);

    // Moved from: every probe call says so.
    SmokeSolver smokeTaker(std::move(smoke));
    SmokeSolver3D smoke3Taker(std::move(smoke3));
    WaterSolver waterTaker(std::move(water));
    const std::vector<ProbePoint> one(1, ProbePoint{0.1f, 0.1f, 0.0f});
    EXPECT_THROW(smoke.setProbes(one), Error);
    EXPECT_THROW((void)smoke.probeResults(), Error);
    EXPECT_THROW(smoke3.setProbes(one), Error);
    EXPECT_THROW((void)smoke3.probeResults(), Error);
    EXPECT_THROW(water.setProbes(one), Error);
    EXPECT_THROW((void)water.probeResults(), Error);
    EXPECT_EQ(smokeTaker.probeResults()->samples.size(), 2u);
}

} // namespace
} // namespace billow
