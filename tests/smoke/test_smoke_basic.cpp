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
    for (Field f : {Field::VelocityX, Field::VelocityY, Field::Density, Field::Temperature, Field::Dye,
                    Field::Pressure, Field::Curl})
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
    EXPECT_EQ(target.fieldSize(Field::Dye), size_t(53) * 41 * 4);

    Splat s;
    s.x = 0.9f;
    s.y = 0.5f;
    s.radius = 0.2f;
    s.density = 1.0f;
    s.velocity = {0.0f, 1.0f};
    target.addSplat(s);
    target.step(1.0f / 60.0f);
    auto density = target.download(Field::Density);
    EXPECT_GT(std::accumulate(density.begin(), density.end(), 0.0), 0.0);
    for (float x : target.download(Field::VelocityY)) ASSERT_TRUE(std::isfinite(x));
}

} // namespace
} // namespace billow::test
