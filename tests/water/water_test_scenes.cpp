#include "water/water_test_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include <gtest/gtest.h>

namespace billow::test {

double sum(const std::vector<float>& values) {
    double s = 0.0;
    for (float x : values) s += x;
    return s;
}

std::vector<float> bumpyTerrain(uint32_t nx, uint32_t ny, float h, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> noise(-0.05f, 0.05f);
    std::vector<float> t(size_t(nx) * ny);
    for (uint32_t j = 0; j < ny; ++j)
        for (uint32_t i = 0; i < nx; ++i) {
            const float x = (i + 0.5f) * h, y = (j + 0.5f) * h;
            t[i + j * nx] = 0.4f * std::sin(0.9f * x) * std::cos(0.7f * y) + noise(rng);
        }
    return t;
}

std::vector<float> lakeAtRestTerrain(const WaterSettings& s) {
    std::vector<float> terrain = bumpyTerrain(s.nx, s.ny, s.cellSize, 5);
    for (float& t : terrain) t = std::round(t * 4096.0f) / 4096.0f;
    terrain[10 + 10 * s.nx] = terrain[11 + 10 * s.nx] = terrain[10 + 11 * s.nx] = 1.5f;  // an island
    return terrain;
}

std::vector<float> fillToLevel(const std::vector<float>& terrain, float level) {
    std::vector<float> depth(terrain.size());
    for (size_t c = 0; c < depth.size(); ++c) depth[c] = std::max(level - terrain[c], 0.0f);
    return depth;
}

std::vector<float> violentDepths(const WaterSettings& settings, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<float> depth(size_t(settings.nx) * settings.ny);
    for (float& d : depth) d = unit(rng) < 0.5f ? 0.0f : 3.0f * unit(rng);
    depth[5 + 6 * settings.nx] = 6.0f;
    return depth;
}

ClosedBoxRun runViolentClosedBox(WaterSolver& solver, int frames, float frameDt) {
    const WaterSettings& s = solver.settings();
    const std::vector<float> depth = violentDepths(s, 11);
    solver.upload(WaterField::Terrain, bumpyTerrain(s.nx, s.ny, s.cellSize, 3));
    solver.upload(WaterField::Depth, depth);
    const double before = sum(depth);
    ClosedBoxRun run;
    for (int f = 0; f < frames; ++f) {
        run.substeps += solver.step(frameDt);
        for (float x : solver.download(WaterField::Depth))
            if (x < 0.0f) {
                ADD_FAILURE() << "negative depth " << x << " after " << run.substeps << " substeps";
                return run;
            }
    }
    const double after = sum(solver.download(WaterField::Depth));
    run.relativeDrift = std::abs(after - before) / before;
    std::printf("closed box: relative drift %.3g after %u substeps (before %.9g, after %.9g)\n", run.relativeDrift,
                run.substeps, before, after);
    return run;
}

} // namespace billow::test
