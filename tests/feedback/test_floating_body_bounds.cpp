// The lower bounds of a floating body's size, mass and inertia (docs/floating-bodies.md,
// "Bounds"): values below them are refused naming the field, bodies just above them stay finite
// through long frames, and a non-finite body state is reported by the health scan ("Bodies").
#include <cmath>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

#include "support/engine_vulkan.hpp"
#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

constexpr double kPi = std::numbers::pi;

class FloatingBodyBounds : public GpuTest {};

// The water of the review's case: 16 x 16 cells of 1 m, 1 m deep, walls all round.
WaterSettings wetGrid() {
    WaterSettings s;
    s.nx = s.ny = 16;
    return s;
}

bool finite(const FloatingBodyState& b) {
    for (float v : b.centre) if (!std::isfinite(v)) return false;
    for (float v : b.orientation) if (!std::isfinite(v)) return false;
    for (float v : b.velocity) if (!std::isfinite(v)) return false;
    for (float v : b.angularVelocity) if (!std::isfinite(v)) return false;
    return std::isfinite(b.submergedVolume);
}

// 21 frames of 0.1 s (24 body substeps each): what the review ran. Returns the largest |centre|.
double run(WaterSolver& solver, std::span<const FloatingBody> bodies, bool& allFinite) {
    solver.setBodies(bodies);
    for (int f = 0; f < 21; ++f) solver.step(0.1f);
    allFinite = true;
    double largest = 0.0;
    const std::optional<FloatingBodyReport> report = solver.bodies();
    EXPECT_TRUE(report.has_value());
    if (!report) return 0.0;
    for (const FloatingBodyState& b : report->bodies) {
        std::printf("  centre (%.3f, %.3f, %.3f) m, velocity (%.3f, %.3f, %.3f) m/s, spin (%.3f, %.3f, %.3f) rad/s\n",
                    b.centre[0], b.centre[1], b.centre[2], b.velocity[0], b.velocity[1], b.velocity[2],
                    b.angularVelocity[0], b.angularVelocity[1], b.angularVelocity[2]);
        allFinite = allFinite && finite(b);
        for (float v : b.centre) largest = std::max(largest, double(std::abs(v)));
    }
    return largest;
}

FloatingBody cube() {
    FloatingBody b;  // 1 m cube, 500 kg
    b.centre = {8.0f, 8.0f, 1.0f};
    return b;
}

// Tiny positive values that once gave NaN bodies without a word: each is now refused naming its
// field. (Were one accepted, the run shows what it did.)
TEST_F(FloatingBodyBounds, TinyPositiveValuesAreRefusedNamingTheField) {
    WaterSolver solver(context(), wetGrid());
    solver.upload(WaterField::Depth, std::vector<float>(256, 1.0f));
    const auto refused = [&](FloatingBody b, const std::string& field) {
        const std::string got = fieldOf([&] { solver.setBodies(std::span(&b, 1)); });
        EXPECT_EQ(got, "setBodies: bodies[0]." + field);
        if (got == "(no error)") {
            bool allFinite = false;
            const double largest = run(solver, std::span(&b, 1), allFinite);
            std::printf("accepted a tiny %s: after 21 frames of 0.1 s the bodies are %s (largest |centre| %.3g), health %s\n",
                        field.c_str(), allFinite ? "finite" : "NOT finite", largest,
                        solver.health(0).finite ? "finite" : "non-finite");
        }
    };
    FloatingBody b = cube();
    b.mass = 1e-30f;
    refused(b, "mass");
    b = cube();
    b.shape = ColliderShape::Sphere;
    b.radius = 1e-30f;
    refused(b, "radius");
    b = cube();
    b.inertia = {1e-30f, 1e-30f, 1e-30f};
    b.angularVelocity = {1.0f, 2.0f, 3.0f};
    refused(b, "inertia");
    b = cube();
    b.halfExtents = {0.5f, 1e-30f, 0.5f};
    refused(b, "halfExtents");
    b = cube();
    b.shape = ColliderShape::Capsule;
    b.radius = 1e-3f;  // 2 mm thick on 1 m cells
    refused(b, "radius");
}

// The bounds, from the maths (docs/floating-bodies.md, "Bounds"), for a box of half extents e on
// cells of h: column a = h / 4, delta = a / sqrt(2); A_max = sqrt((XY)^2 + (YZ)^2 + (ZX)^2) +
// 2 pi R delta + pi delta^2 (X = 2 e_x ..., R = |e|); m >= rho g A_max dt_b^2 and
// I_k >= rho g dt_b^2 D_k (V + A_max D_k), D_k the reach from axis k. One percent below each is
// refused, one percent above accepted.
TEST_F(FloatingBodyBounds, MassAndInertiaBoundsFollowTheStabilityOfTheBodySubstep) {
    const WaterSettings s = wetGrid();
    WaterSolver solver(context(), s);
    const double h = s.cellSize, rho = s.waterDensity, g = s.gravity, dtb = 1.0 / 240.0;
    FloatingBody b = cube();
    b.halfExtents = {0.6f, 0.4f, 0.3f};
    const double ex = b.halfExtents[0], ey = b.halfExtents[1], ez = b.halfExtents[2];
    const double X = 2 * ex, Y = 2 * ey, Z = 2 * ez, R = std::sqrt(ex * ex + ey * ey + ez * ez);
    const double delta = h / 4.0 / std::sqrt(2.0);
    const double area = std::sqrt(X * Y * X * Y + Y * Z * Y * Z + Z * X * Z * X) + 2 * kPi * R * delta + kPi * delta * delta;
    const double mass = rho * g * area * dtb * dtb;
    const double V = X * Y * Z;
    const double D[3] = {std::hypot(ey, ez), std::hypot(ex, ez), std::hypot(ex, ey)};
    std::printf("bounds: A_max %.4f m^2, mass %.4f kg, inertia %.3e %.3e %.3e kg m^2\n", area, mass,
                rho * g * dtb * dtb * D[0] * (V + area * D[0]), rho * g * dtb * dtb * D[1] * (V + area * D[1]),
                rho * g * dtb * dtb * D[2] * (V + area * D[2]));
    b.inertia = {1.0f, 1.0f, 1.0f};
    b.mass = float(0.99 * mass);
    EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "setBodies: bodies[0].mass");
    b.mass = float(1.01 * mass);
    EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "(no error)");
    for (int k = 0; k < 3; ++k) {
        const double bound = rho * g * dtb * dtb * D[k] * (V + area * D[k]);
        b.inertia = {1.0f, 1.0f, 1.0f};
        b.inertia[k] = float(0.99 * bound);
        EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "setBodies: bodies[0].inertia") << k;
        b.inertia[k] = float(1.01 * bound);
        EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "(no error)") << k;
    }
    // The size: every dimension at least half a column, h / 8.
    b = cube();
    b.halfExtents = {0.5f, float(0.99 * h / 16.0), 0.5f};
    EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "setBodies: bodies[0].halfExtents");
    b.halfExtents[1] = float(1.01 * h / 16.0);
    EXPECT_EQ(fieldOf([&] { solver.setBodies(std::span(&b, 1)); }), "(no error)");
    // The bounds scale with the water: a denser water refuses a body the lighter one took.
    b = cube();
    // The cube's A_max: sqrt(3) (its largest projection) + 2 pi R delta + pi delta^2, R = sqrt(3) / 2.
    b.mass = float(1.01 * rho * g * (std::sqrt(3.0) + 2 * kPi * std::sqrt(0.75) * delta + kPi * delta * delta) * dtb * dtb);
    b.inertia = {100.0f, 100.0f, 100.0f};
    solver.setBodies(std::span(&b, 1));
    WaterSettings denser = s;
    denser.waterDensity = 2000.0f;
    EXPECT_EQ(fieldOf([&] { solver.updateSettings(denser); }), "updateSettings: bodies[0].mass");
    EXPECT_EQ(solver.settings().waterDensity, s.waterDensity);
}

// Bodies at 1.01 of their lower bounds (the lightest cube, the smallest sphere, a capsule at its
// least inertia spinning at 20 rad/s about every axis) go through the review's 21 frames of 0.1 s
// finite, inside the basin, and the health scan finds nothing.
TEST_F(FloatingBodyBounds, BodiesAtTheirBoundsStayFiniteThroughLongFrames) {
    const WaterSettings s = wetGrid();
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(256, 1.0f));
    std::vector<FloatingBody> bodies(3);
    // Find each bound by the error's threshold: step the value up by 1 % until accepted.
    const auto lowest = [&](FloatingBody b, float FloatingBody::*field) {
        for (float v = 1e-6f;; v *= 1.01f) {
            b.*field = v;
            if (fieldOf([&] { solver.setBodies(std::span(&b, 1)); }) == "(no error)") return b;
        }
    };
    bodies[0] = cube();
    bodies[0].centre = {4.0f, 8.0f, 1.2f};
    bodies[0].inertia = {1.0f, 1.0f, 1.0f};
    bodies[0] = lowest(bodies[0], &FloatingBody::mass);
    bodies[1].shape = ColliderShape::Sphere;
    // On a column's midpoint (h / 4 apart from h / 8), which the sphere at its smallest radius
    // (h / 16) needs to be seen at all.
    bodies[1].centre = {8.125f, 8.125f, 1.05f};
    bodies[1].mass = 0.5f;
    bodies[1] = lowest(bodies[1], &FloatingBody::radius);
    bodies[2].shape = ColliderShape::Capsule;
    bodies[2].radius = 0.3f;
    bodies[2].halfLength = 1.0f;
    bodies[2].mass = 100.0f;
    bodies[2].centre = {12.0f, 8.0f, 1.0f};
    bodies[2].angularVelocity = {20.0f, 20.0f, 20.0f};
    bodies[2].dragCoefficient = 4.0f;
    for (int k = 0; k < 3; ++k) {
        for (float v = 1e-6f;; v *= 1.01f) {
            FloatingBody b = bodies[2];
            b.inertia = {1e3f, 1e3f, 1e3f};
            b.inertia[k] = v;
            if (fieldOf([&] { solver.setBodies(std::span(&b, 1)); }) == "(no error)") {
                bodies[2].inertia[k] = v;
                break;
            }
        }
    }
    std::printf("mass %.4g kg, radius %.4g m, inertia %.3g %.3g %.3g kg m^2\n", bodies[0].mass, bodies[1].radius,
                bodies[2].inertia[0], bodies[2].inertia[1], bodies[2].inertia[2]);
    bool allFinite = false;
    const double largest = run(solver, bodies, allFinite);
    std::printf("largest |centre| %.4f m\n", largest);
    EXPECT_TRUE(allFinite);
    EXPECT_LT(largest, 16.0);
    const SolverHealth health = solver.health(0);
    EXPECT_TRUE(health.available);
    EXPECT_TRUE(health.finite);
}

// A frame longer than the body substeps reach (kMaxBodySubsteps of 1/240 s) is refused with
// bodies, and nothing changes; without bodies it runs.
TEST_F(FloatingBodyBounds, FramesTooLongForTheBodiesAreRefused) {
    WaterSettings s = wetGrid();
    s.maxSubsteps = 100000;
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(256, 1.0f));
    FloatingBody b = cube();
    solver.setBodies(std::span(&b, 1));
    EXPECT_EQ(fieldOf([&] { solver.step(11.0f); }), "dt");
    EXPECT_EQ(solver.time(), 0.0);
    solver.step(1.0f);  // 240 body substeps
    EXPECT_TRUE(solver.bodies().has_value());
}

// A NaN the engine writes into the water reaches the bodies through their drag: the health scan
// names "Bodies" among the non-finite fields.
TEST_F(FloatingBodyBounds, NonFiniteBodyStateIsReported) {
    const WaterSettings s = wetGrid();
    WaterSolver solver(context(), s);
    solver.upload(WaterField::Depth, std::vector<float>(256, 1.0f));
    FloatingBody b = cube();
    solver.setBodies(std::span(&b, 1));
    solver.step(0.1f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    uint32_t bits;
    std::memcpy(&bits, &nan, sizeof bits);
    engineSubmit(*context(), [&](VkCommandBuffer cmd) {
        VkMemoryBarrier before{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                               VK_ACCESS_TRANSFER_WRITE_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &before, 0,
                             nullptr, 0, nullptr);
        vkCmdFillBuffer(cmd, solver.buffer(WaterField::FlowX), 0, solver.bufferSize(WaterField::FlowX), bits);
        VkMemoryBarrier after{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, VK_ACCESS_TRANSFER_WRITE_BIT,
                              VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &after, 0,
                             nullptr, 0, nullptr);
        solver.record(cmd, 0.1f);
    });
    const SolverHealth health = solver.health(0);
    ASSERT_TRUE(health.available);
    std::string fields;
    for (const std::string& f : health.nonFiniteFields) fields += f + " ";
    std::printf("non-finite: %s\n", fields.c_str());
    EXPECT_NE(std::find(health.nonFiniteFields.begin(), health.nonFiniteFields.end(), "Bodies"), health.nonFiniteFields.end());
}

} // namespace
} // namespace billow::test
