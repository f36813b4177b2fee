// Bad input to the water solver: each is refused with InvalidArgument naming the field, and
// nothing is half-built.
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

class WaterErrors : public GpuTest {};

WaterSettings small() {
    WaterSettings s;
    s.nx = 9;
    s.ny = 7;
    return s;
}

TEST_F(WaterErrors, SettingsNameTheField) {
    auto check = [&](auto mutate, const std::string& field) {
        WaterSettings s = small();
        mutate(s);
        EXPECT_EQ(fieldOf([&] { s.validate(); }), field);
        EXPECT_EQ(fieldOf([&] { WaterSolver solver(context(), s); }), field);
    };
    check([](WaterSettings& s) { s.nx = 1; }, "WaterSettings::nx");
    check([](WaterSettings& s) { s.ny = 20000; }, "WaterSettings::ny");
    check([&](WaterSettings& s) { s.cellSize = std::nanf(""); }, "WaterSettings::cellSize");
    check([](WaterSettings& s) { s.gravity = 0.0f; }, "WaterSettings::gravity");
    check([](WaterSettings& s) { s.model = static_cast<WaterModel>(7); }, "WaterSettings::model");
    check([](WaterSettings& s) { s.pipeDepth = -1.0f; }, "WaterSettings::pipeDepth");
    check([](WaterSettings& s) { s.friction = 1.0f; }, "WaterSettings::friction");
    check([](WaterSettings& s) { s.viscosity = -0.1f; }, "WaterSettings::viscosity");
    check([](WaterSettings& s) { s.courant = 0.8f; }, "WaterSettings::courant");
    check([](WaterSettings& s) { s.maxSubsteps = 0; }, "WaterSettings::maxSubsteps");
    check([](WaterSettings& s) { s.dryDepth = -1.0f; }, "WaterSettings::dryDepth");
    check([](WaterSettings& s) { s.dyeDecay = std::nanf(""); }, "WaterSettings::dyeDecay");
    check([](WaterSettings& s) { s.boundaries[3].period = 0.0f; }, "WaterSettings::boundaries[Top].period");
    check([&](WaterSettings& s) { s.boundaries[0].flow = std::nanf(""); }, "WaterSettings::boundaries[Left].flow");
    check([](WaterSettings& s) { s.boundaries[1].drop = -0.5f; }, "WaterSettings::boundaries[Right].drop");
    check([](WaterSettings& s) { s.boundaries[2].type = static_cast<WaterBoundaryType>(9); },
          "WaterSettings::boundaries[Bottom].type");
    check([](WaterSettings& s) { s.overrides.push_back({Side::Bottom, 5, 5, {}}); },
          "WaterSettings::overrides[0].first/count");
    check([](WaterSettings& s) { s.overrides.push_back({Side::Left, 0, 0, {}}); }, "WaterSettings::overrides[0].count");
    check([](WaterSettings& s) { s.overrides.push_back({static_cast<Side>(4), 0, 1, {}}); },
          "WaterSettings::overrides[0].side");
}

// Every setting has a physically meaningful range, so tiny positive or huge values are refused
// naming the field, and the ends of each range are accepted: gravity [0.01, 1000] m/s^2 (a small
// moon's to a hundred Earths'), pipeDepth [1e-3, 1e4] m (to the deepest sea), courant
// [0.001, 0.7071], dryDepth [1e-6, 1] m (below a micrometre a film's velocity q / (h H) runs
// away), waterDensity [10, 1e5] kg/m^3 (every liquid), erosion capacity [0, 100] s,
// sheetFlowDepth [0, 1] m.
TEST_F(WaterErrors, TinyAndHugeSettingsAreRefused) {
    struct Case {
        float WaterSettings::*field;
        const char* name;
        float low, high;
    };
    const Case cases[] = {
        {&WaterSettings::gravity, "WaterSettings::gravity", 1e-2f, 1e3f},
        {&WaterSettings::pipeDepth, "WaterSettings::pipeDepth", 1e-3f, 1e4f},
        {&WaterSettings::courant, "WaterSettings::courant", 1e-3f, 0.70710678f},
        {&WaterSettings::dryDepth, "WaterSettings::dryDepth", 1e-6f, 1.0f},
        {&WaterSettings::waterDensity, "WaterSettings::waterDensity", 10.0f, 1e5f},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        for (float bad : {1e-30f, c.low * 0.99f, c.high * 1.01f, 1e30f}) {
            WaterSettings s = small();
            s.*c.field = bad;
            EXPECT_EQ(fieldOf([&] { s.validate(); }), c.name) << bad;
        }
        for (float good : {c.low, c.high}) {
            WaterSettings s = small();
            s.*c.field = good;
            EXPECT_EQ(fieldOf([&] { s.validate(); }), "(no error)") << good;
        }
    }
    WaterSettings s = small();
    s.dryDepth = 0.0f;
    EXPECT_EQ(fieldOf([&] { s.validate(); }), "WaterSettings::dryDepth");
    s = small();
    s.erosion.hydraulic.capacity = 101.0f;
    EXPECT_EQ(fieldOf([&] { s.validate(); }), "WaterSettings::erosion.hydraulic.capacity");
    s.erosion.hydraulic.capacity = 100.0f;
    EXPECT_EQ(fieldOf([&] { s.validate(); }), "(no error)");
    for (float bad : {-1e-3f, 1.5f, std::nanf("")}) {
        s = small();
        s.erosion.hydraulic.sheetFlowDepth = bad;
        EXPECT_EQ(fieldOf([&] { s.validate(); }), "WaterSettings::erosion.hydraulic.sheetFlowDepth") << bad;
    }
}

TEST_F(WaterErrors, RuntimeInputNamesTheProblem) {
    WaterSolver solver(context(), small());
    EXPECT_EQ(fieldOf([&] { WaterSolver s(nullptr, small()); }), "WaterSolver: context");
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Depth, std::vector<float>(5)); }), "upload(Depth): values.size()");
    std::vector<float> depth(63, 1.0f);
    depth[7] = -0.5f;
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Depth, depth); }), "upload(Depth): values[7]");
    depth[7] = std::numeric_limits<float>::infinity();
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Terrain, depth); }), "upload(Terrain): values[7]");
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::Velocity, std::vector<float>(126)); }), "upload(Velocity)");
    std::vector<float> faceVelocities(10 * 7, 0.0f);  // (nx + 1) * ny x-faces
    faceVelocities[3] = std::nanf("");
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::FaceVelocityX, faceVelocities); }), "upload(FaceVelocityX): values[3]");
    EXPECT_EQ(fieldOf([&] { solver.upload(WaterField::FaceVelocityY, faceVelocities); }),
              "upload(FaceVelocityY): values.size()");
    EXPECT_EQ(fieldOf([&] { solver.step(0.0f); }), "dt");
    EXPECT_EQ(fieldOf([&] { solver.step(std::numeric_limits<float>::quiet_NaN()); }), "dt");
    EXPECT_EQ(fieldOf([&] { solver.addBrush({1.0f, 1.0f, 0.0f}); }), "WaterBrush::radius");
    EXPECT_EQ(fieldOf([&] { solver.addBrush({std::nanf(""), 1.0f, 1.0f}); }), "WaterBrush::x");
    WaterSettings bigger = small();
    bigger.nx = 10;
    EXPECT_EQ(fieldOf([&] { solver.updateSettings(bigger); }), "WaterSettings::nx/ny");
}

// Substeps follow the stability limit; a frame needing more than maxSubsteps is refused, and the
// refused frame changes nothing.
TEST_F(WaterErrors, SubstepsFollowTheLimit) {
    WaterSettings s = small();
    s.maxSubsteps = 8;
    WaterSolver solver(context(), s);
    const double limit = solver.stableTimeStep();
    EXPECT_NEAR(limit, 0.5 * 1.0 / std::sqrt(double(9.81f) * 1.0), 1e-12);  // courant h / sqrt(g pipeDepth)
    EXPECT_EQ(solver.step(static_cast<float>(0.9 * limit)), 1u);
    EXPECT_EQ(solver.step(static_cast<float>(2.5 * limit)), 3u);
    EXPECT_EQ(solver.lastSubsteps(), 3u);
    const double time = solver.time();
    EXPECT_EQ(fieldOf([&] { solver.step(static_cast<float>(8.5 * limit)); }), "dt");
    EXPECT_EQ(solver.time(), time);
    EXPECT_EQ(solver.substepsFor(static_cast<float>(8.5 * limit)), 9u);
}

// Not an error case, but the one place that covers the solver's handles: moving a solver (by
// construction and by assignment) hands its water over, and the new owner steps it.
TEST_F(WaterErrors, MovedSolverStepsItsWater) {
    WaterSettings s = small();
    WaterSolver original(context(), s);
    std::vector<float> depth(original.fieldSize(WaterField::Depth), 0.5f);
    depth[3 + 3 * s.nx] = 1.5f;  // a bump that sets the water moving
    original.upload(WaterField::Depth, depth);
    const double volume = original.totalVolume();

    WaterSolver moved(std::move(original));
    EXPECT_GE(moved.step(0.05f), 1u);
    EXPECT_NEAR(moved.totalVolume(), volume, 1e-5 * volume);  // closed box: nothing leaves

    WaterSolver target(context(), small());
    target.step(0.05f);
    target = std::move(moved);
    EXPECT_GE(target.step(0.05f), 1u);
    EXPECT_NEAR(target.totalVolume(), volume, 1e-5 * volume);
    EXPECT_NE(target.download(WaterField::Depth), depth);  // the bump has spread
}

} // namespace
} // namespace billow::test
