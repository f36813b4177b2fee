// End-to-end checks of the smoke solver: it steps under the validation layer, splats land where
// asked, and the same inputs give bitwise identical fields.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <optional>
#include <utility>

namespace billow::test {
namespace {

class SmokeBasic : public GpuTest {};

SmokeSettings plumeSettings() {
    SmokeSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.05f;
    s.dyeNx = 53;
    s.dyeNy = 41;
    s.viscosity = 1e-3f;
    s.dyeDiffusion = 1e-4f;
    s.vorticity = 0.3f;
    s.thermalExpansion = 0.01f;
    s.densityWeight = 0.05f;
    s.velocityDamping = 0.1f;
    s.dyeDamping = 0.05f;
    s.maxSpeed = 5.0f;
    return s;
}

// With `moveAfterStep` >= 0 the solver is moved into a new one after that many steps, which
// finishes the scenario: a move must hand over every field and setting unchanged.
std::vector<std::vector<float>> runScenario(std::shared_ptr<Context> context, int moveAfterStep = -1) {
    SmokeSolver original(context, plumeSettings());
    original.addCircleObstacle(0.9f, 0.7f, 0.15f);
    std::optional<SmokeSolver> moved;
    SmokeSolver* current = &original;
    std::vector<std::vector<float>> out;
    for (int k = 0; k < 5; ++k) {
        if (k == moveAfterStep) {
            moved.emplace(std::move(original));
            current = &*moved;
        }
        SmokeSolver& solver = *current;
        Splat s;
        s.x = 0.5f + 0.1f * k;
        s.y = 0.2f;
        s.radius = 0.1f;
        s.velocity = {0.5f, 1.0f};
        s.density = 1.0f;
        s.temperature = 30.0f;
        s.dye = {1.0f, 0.5f, 0.2f, 1.0f};
        solver.addSplat(s);
        solver.step(1.0f / 60.0f);
    }
    for (SmokeField f : {SmokeField::VelocityX, SmokeField::VelocityY, SmokeField::Density, SmokeField::Temperature, SmokeField::Dye,
                    SmokeField::Pressure, SmokeField::Curl})
        out.push_back(current->download(f));
    return out;
}

TEST_F(SmokeBasic, StepsCleanlyAndDeterministically) {
    auto first = runScenario(context());
    auto second = runScenario(context());
    ASSERT_EQ(first.size(), second.size());
    for (size_t f = 0; f < first.size(); ++f) {
        ASSERT_EQ(first[f].size(), second[f].size());
        EXPECT_EQ(0, std::memcmp(first[f].data(), second[f].data(), first[f].size() * sizeof(float))) << "field " << f;
    }
    const auto& density = first[2];
    EXPECT_GT(std::accumulate(density.begin(), density.end(), 0.0), 0.0);
    for (const auto& field : first)
        for (float x : field) ASSERT_TRUE(std::isfinite(x));
}

TEST_F(SmokeBasic, MovedSolverCarriesOnBitwise) {
    auto unmoved = runScenario(context());
    auto moved = runScenario(context(), 2);
    ASSERT_EQ(unmoved.size(), moved.size());
    for (size_t f = 0; f < unmoved.size(); ++f) {
        ASSERT_EQ(unmoved[f].size(), moved[f].size());
        EXPECT_EQ(0, std::memcmp(unmoved[f].data(), moved[f].data(), unmoved[f].size() * sizeof(float))) << "field " << f;
    }
}

TEST_F(SmokeBasic, MoveAssignmentReplacesTheSolver) {
    SmokeSettings smallGrid;
    smallGrid.nx = 8;
    smallGrid.ny = 8;
    SmokeSolver target(context(), smallGrid);
    target.step(1.0f / 60.0f);  // its resources are in use by finished work when replaced

    SmokeSolver source(context(), plumeSettings());
    target = std::move(source);
    EXPECT_EQ(target.settings().nx, plumeSettings().nx);
    EXPECT_EQ(target.fieldSize(SmokeField::Dye), size_t(53) * 41 * 4);

    Splat s;
    s.x = 0.9f;
    s.y = 0.5f;
    s.radius = 0.2f;
    s.density = 1.0f;
    s.velocity = {0.0f, 1.0f};
    target.addSplat(s);
    target.step(1.0f / 60.0f);
    auto density = target.download(SmokeField::Density);
    EXPECT_GT(std::accumulate(density.begin(), density.end(), 0.0), 0.0);
    for (float x : target.download(SmokeField::VelocityY)) ASSERT_TRUE(std::isfinite(x));
}

// Periodic sides on each axis in turn, the velocity along it one cell per step in either
// direction, so every back-trace lands on a cell centre and advection is an exact shift: after more
// than a turn round each axis of an odd size (37, 23 cells) every density value must be its
// wrapped twin's, bit for bit. Moving towards +axis traces back across the low side (negative
// indices), moving towards -axis across the high one.
TEST_F(SmokeBasic, PeriodicSidesWrapOnEveryAxis) {
    const SmokeField velocity[2] = {SmokeField::VelocityX, SmokeField::VelocityY};
    const int n[2] = {37, 23};
    for (int axis = 0; axis < 2; ++axis)
        for (int direction : {1, -1}) {
            SCOPED_TRACE("axis " + std::to_string(axis) + ", direction " + std::to_string(direction));
            SmokeSettings s;
            s.nx = 37;
            s.ny = 23;
            s.cellSize = 0.5f;
            s.boundaries[2 * axis].type = s.boundaries[2 * axis + 1].type = BoundaryType::Periodic;
            SmokeSolver solver(context(), s);
            const float dt = 0.25f, speed = 2.0f * float(direction);  // speed dt = one cell
            solver.upload(velocity[axis], std::vector<float>(solver.fieldSize(velocity[axis]), speed));
            std::vector<float> density(solver.fieldSize(SmokeField::Density));
            for (size_t c = 0; c < density.size(); ++c) density[c] = float((c * 7919u) % 1009u) / 1009.0f;
            solver.upload(SmokeField::Density, density);
            const int steps = n[axis] + 4;  // more than once around
            for (int k = 0; k < steps; ++k) solver.stepPass(SmokePass::Advect, dt);
            const std::vector<float> moved = solver.download(SmokeField::Density);
            for (int j = 0; j < 23; ++j)
                for (int i = 0; i < 37; ++i) {
                    int from[2] = {i, j};
                    from[axis] = ((from[axis] - direction * steps) % n[axis] + n[axis]) % n[axis];
                    ASSERT_EQ(moved[i + 37 * j], density[from[0] + 37 * from[1]]) << i << " " << j;
                }
        }
}

} // namespace
} // namespace billow::test
