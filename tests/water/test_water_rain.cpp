// Rain (WaterSolver::setRain) and erosion under it: a frame of rain adds exactly rate * dt of
// depth to every column of its region (the volume against rate * dt * area, on both lattices),
// bad rain is refused naming the field, and rain on a mountain with the default erosion settings
// cuts valleys instead of wearing the slope down evenly.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

class WaterRainTest : public GpuTest, public testing::WithParamInterface<WaterLattice> {};

const char* latticeName(WaterLattice l) { return l == WaterLattice::Triangle ? "Triangle" : "Square"; }

double sum(const std::vector<float>& v) {
    double total = 0.0;
    for (float x : v) total += x;
    return total;
}

// Where column (i, j) stands, m (billow/water_settings.hpp's lattice geometry).
std::array<double, 2> columnCentre(const WaterSettings& s, uint32_t i, uint32_t j) {
    if (s.lattice == WaterLattice::Triangle)
        return {(i + 0.5 + 0.5 * (j % 2)) * s.cellSize, (j + 0.5) * s.cellSize * std::sqrt(3.0) / 2.0};
    return {(i + 0.5) * s.cellSize, (j + 0.5) * s.cellSize};
}

double columnArea(const WaterSettings& s) {
    const double h = s.cellSize;
    return s.lattice == WaterLattice::Triangle ? std::sqrt(3.0) / 2.0 * h * h : h * h;
}

// A still lake 0.5 m deep on a 37 x 23 grid of 0.5 m (walls all round) under rain: over the
// whole domain for 10 frames, then over a region for 10 more (where the lake then flows). Each
// frame must add rate * dt * area of water, area the columns' whose centres the region holds
// (counted here from the lattice's geometry). What may differ is rounding: the frame's rain depth
// rate * dt rounded to float (2^-24 of it), each column's addition rounded to its depth's float
// (half an ulp of 0.5 m, 2^-25 m, per column), and the pipes' depth updates (two ulps of a column
// a substep, as the water-volume tests bound them), summed in double over the columns.
TEST_P(WaterRainTest, RainAddsRateTimesDtTimesAreaEveryFrame) {
    WaterSettings s;
    s.nx = 37;
    s.ny = 23;
    s.cellSize = 0.5f;
    s.lattice = GetParam();
    WaterSolver solver(context(), s);
    const size_t columns = size_t(s.nx) * s.ny;
    solver.upload(WaterField::Depth, std::vector<float>(columns, 0.5f));
    const double area = columnArea(s), dt = 0.1;
    const auto frames = [&](const WaterRain& rain, double regionArea) {
        solver.setRain(rain);
        EXPECT_NEAR(solver.rainArea(), regionArea, 1e-9 * regionArea);
        double worst = 0.0;
        for (int f = 0; f < 10; ++f) {
            const double before = sum(solver.download(WaterField::Depth)) * area;
            const uint32_t substeps = solver.step(float(dt));
            const double added = sum(solver.download(WaterField::Depth)) * area - before;
            const double expected = double(rain.rate) * dt * regionArea;
            const double ulpHalf = 0.5f * 5.9604644775390625e-8;  // 2^-25: half an ulp at 0.5..1 m
            const double bound = expected * 5.9604644775390625e-8 +
                                 columns * area * ulpHalf * (1.0 + 4.0 * substeps);
            EXPECT_NEAR(added, expected, bound) << "frame " << f;
            worst = std::max(worst, std::abs(added - expected) / bound);
        }
        std::printf("%s: rain on %.3f m^2, largest error %.2f of its bound\n", latticeName(s.lattice), regionArea, worst);
    };
    WaterRain everywhere;
    everywhere.rate = 2e-3f;
    frames(everywhere, double(columns) * area);
    WaterRain region;
    region.rate = 5e-3f;
    region.minX = 3.0f;
    region.maxX = 11.2f;
    region.minY = 2.1f;
    region.maxY = 7.7f;
    uint64_t inside = 0;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const std::array<double, 2> c = columnCentre(s, i, j);
            inside += c[0] >= region.minX && c[0] < region.maxX && c[1] >= region.minY && c[1] < region.maxY;
        }
    ASSERT_GT(inside, 0u);
    frames(region, double(inside) * area);
    solver.setRain({});
    const double before = solver.totalVolume();
    solver.step(float(dt));
    EXPECT_NEAR(solver.totalVolume(), before, columns * area * 1e-6);  // stopped
}

TEST_P(WaterRainTest, BadRainNamesTheField) {
    WaterSettings s;
    s.nx = s.ny = 8;
    s.lattice = GetParam();
    WaterSolver solver(context(), s);
    WaterRain r;
    r.rate = -1.0f;
    EXPECT_EQ(fieldOf([&] { solver.setRain(r); }), "WaterRain::rate");
    r.rate = 2.0f;  // beyond kMaxRainRate
    EXPECT_EQ(fieldOf([&] { solver.setRain(r); }), "WaterRain::rate");
    r.rate = 1e-3f;
    r.dye = std::nanf("");
    EXPECT_EQ(fieldOf([&] { solver.setRain(r); }), "WaterRain::dye");
    r.dye = 0.0f;
    r.minX = INFINITY;
    EXPECT_EQ(fieldOf([&] { solver.setRain(r); }), "WaterRain::minX");
    r.minX = 5.0f;
    r.maxX = 4.0f;
    EXPECT_EQ(fieldOf([&] { solver.setRain(r); }), "WaterRain::minX/maxX/minY/maxY");
    EXPECT_EQ(solver.rain().rate, 0.0f);  // the refused calls kept the previous (no) rain
}

INSTANTIATE_TEST_SUITE_P(Lattices, WaterRainTest, testing::Values(WaterLattice::Square, WaterLattice::Triangle),
                         [](const testing::TestParamInfo<WaterLattice>& info) { return std::string(latticeName(info.param)); });

// A mountain: a Gaussian hill 20 m high of radius (1 sigma) 12 m on a 64 x 64 grid of 1 m, with
// smooth bumps of +-1.5 m (a few incommensurate waves) for the runoff to find, rained on at
// 0.5 mm/s (a cloudburst) for 120 s with both erosions at their defaults and evaporation 0.02/s
// (the erosion example of docs/shallow-water.md).
struct Carving {
    double meanCut = 0.0;       // m, the mean lowering of the slope's cells
    double concentration = 0.0; // the deepest tenth's mean cut over the mean cut
    double variation = 0.0;     // the cuts' standard deviation over their mean
};

Carving rainOnMountain(WaterLattice lattice, float sheetFlowDepth) {
    WaterSettings s;
    s.nx = s.ny = 64;
    s.lattice = lattice;
    s.evaporation = 0.02f;
    s.erosion.hydraulic.enabled = true;
    s.erosion.hydraulic.sheetFlowDepth = sheetFlowDepth;
    s.erosion.thermal.enabled = true;
    WaterSolver solver(sharedContext(), s);
    std::vector<float> terrain(size_t(s.nx) * s.ny);
    std::vector<double> radius(terrain.size());
    const double cx = 32.0, cy = columnCentre(s, 0, s.ny - 1)[1] / 2.0 + 0.25;
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const std::array<double, 2> p = columnCentre(s, i, j);
            const double x = p[0] - cx, y = p[1] - cy, r2 = x * x + y * y;
            const double bumps = 0.6 * std::sin(0.61 * x + 0.3) * std::cos(0.47 * y) + 0.5 * std::sin(0.37 * x - 0.83 * y) +
                                 0.4 * std::cos(0.29 * x + 0.71 * y + 1.1);
            terrain[i + size_t(j) * s.nx] = float(20.0 * std::exp(-r2 / (2.0 * 144.0)) + bumps);
            radius[i + size_t(j) * s.nx] = std::sqrt(r2);
        }
    solver.upload(WaterField::Terrain, terrain);
    WaterRain rain;
    rain.rate = 5e-4f;
    solver.setRain(rain);
    for (int f = 0; f < 480; ++f) solver.step(0.25f);
    const std::vector<float> after = solver.download(WaterField::Terrain);
    // The slope: 6 m to 18 m from the peak (between 0.5 and 1.5 sigma), where the runoff runs.
    std::vector<double> cuts;
    for (size_t c = 0; c < terrain.size(); ++c)
        if (radius[c] >= 6.0 && radius[c] <= 18.0) cuts.push_back(std::max(0.0, double(terrain[c]) - after[c]));
    Carving out;
    for (double v : cuts) out.meanCut += v;
    out.meanCut /= double(cuts.size());
    double square = 0.0;
    for (double v : cuts) square += (v - out.meanCut) * (v - out.meanCut);
    out.variation = std::sqrt(square / double(cuts.size())) / out.meanCut;
    std::sort(cuts.begin(), cuts.end(), std::greater<>());
    double deepest = 0.0;
    const size_t tenth = cuts.size() / 10;
    for (size_t k = 0; k < tenth; ++k) deepest += cuts[k];
    out.concentration = deepest / double(tenth) / out.meanCut;
    return out;
}

class RainCarvesValleys : public GpuTest, public testing::WithParamInterface<WaterLattice> {};

// Valleys: the slope's cuts are concentrated in channels rather than spread evenly. Measured
// against the exponential distribution, the spread of cuts with no preferred scale: its deepest
// tenth averages 1 + ln 10 = 3.30 times its mean and its standard deviation equals its mean. A
// slope worn evenly (cuts near their mean, say uniform on [0, 2 mean]: 1.9 times, deviation 0.58)
// falls short of both; one cut into gullies beyond both (the default: 3.5 times, deviation 1.2).
// With sheetFlowDepth 0 (the erosion before the setting) the same rain wears the whole slope down
// by metres: the test shows the criterion tells the two apart.
TEST_P(RainCarvesValleys, WithTheDefaultErosionSettings) {
    const Carving defaults = rainOnMountain(GetParam(), HydraulicErosionSettings{}.sheetFlowDepth);
    const Carving sheet = rainOnMountain(GetParam(), 0.0f);
    std::printf("%s: defaults: mean cut %.4f m, deepest tenth %.2f x the mean, variation %.2f; "
                "sheetFlowDepth 0: mean cut %.4f m, deepest tenth %.2f x, variation %.2f\n",
                latticeName(GetParam()), defaults.meanCut, defaults.concentration, defaults.variation, sheet.meanCut,
                sheet.concentration, sheet.variation);
    const double exponentialTenth = 1.0 + std::log(10.0);
    EXPECT_GT(defaults.meanCut, 0.0);
    EXPECT_GE(defaults.concentration, exponentialTenth);
    EXPECT_GE(defaults.variation, 1.0);
    EXPECT_LT(sheet.concentration, exponentialTenth);
    EXPECT_LT(sheet.variation, 1.0);
    EXPECT_GT(sheet.meanCut, 5.0 * defaults.meanCut);
}

INSTANTIATE_TEST_SUITE_P(Lattices, RainCarvesValleys, testing::Values(WaterLattice::Square, WaterLattice::Triangle),
                         [](const testing::TestParamInfo<WaterLattice>& info) { return std::string(latticeName(info.param)); });

} // namespace
} // namespace billow::test
