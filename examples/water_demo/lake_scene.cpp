#include "lake_scene.hpp"

#include <algorithm>
#include <cmath>

namespace eddy::demo {
namespace {
constexpr float kLakeX = 0.28f, kLakeY = 0.5f, kLakeRadius = 0.18f, kLakeLevel = 6.5f;
}

LakeScene makeLakeScene(uint32_t size) {
    LakeScene scene;
    WaterSettings& s = scene.settings;
    s.nx = s.ny = size;
    s.cellSize = 128.0f / float(size);  // a 128 m square whatever the resolution
    s.pipeDepth = 1.0f;
    s.friction = 0.05f;
    s.dyeDecay = 0.05f;
    s.boundaries[static_cast<size_t>(Side::Right)] = {WaterBoundaryType::Outflow, 0.0f, 0.0f, 1.0f, 0.0f, 0.5f};
    // A small river entering at the top, near the right.
    s.overrides.push_back({Side::Top, size * 3 / 4, std::max(1u, size / 32), {WaterBoundaryType::Inflow, 0.4f}});

    scene.terrain.resize(size_t(size) * size);
    scene.depth.resize(scene.terrain.size());
    for (uint32_t j = 0; j < size; ++j)
        for (uint32_t i = 0; i < size; ++i) {
            const float x = (i + 0.5f) / size, y = (j + 0.5f) / size;
            const float r = std::hypot(x - kLakeX, y - kLakeY);
            float t = 8.0f * (1.0f - x);                                           // slope down to the right
            t += 0.6f * std::sin(19.0f * x) * std::cos(13.0f * y);                 // rolling ground
            t += 2.5f * std::abs(y - 0.5f) * x;                                    // a valley along the middle
            t -= 9.0f * std::max(0.0f, 1.0f - (r * r) / (kLakeRadius * kLakeRadius));  // the lake bed
            t += 3.0f * std::exp(-std::pow((r - kLakeRadius) / 0.05f, 2.0f));      // its rim
            scene.terrain[i + j * size] = t;
            scene.depth[i + j * size] = r < kLakeRadius + 0.02f ? std::max(kLakeLevel - t, 0.0f) : 0.0f;
        }
    const float extent = 128.0f;
    scene.channelStartX = (kLakeX + 0.6f * kLakeRadius) * extent;
    scene.channelEndX = (kLakeX + kLakeRadius + 0.15f) * extent;
    scene.channelY = kLakeY * extent;
    scene.channelRadius = 4.0f;
    return scene;
}

std::vector<WaterBrush> channelBrushes(const LakeScene& scene, uint32_t frames) {
    std::vector<WaterBrush> brushes;
    const int count = 12;
    for (int k = 0; k < count; ++k) {
        WaterBrush b;
        b.x = scene.channelStartX + (scene.channelEndX - scene.channelStartX) * float(k) / float(count - 1);
        b.y = scene.channelY;
        b.radius = scene.channelRadius;
        b.terrain = -5.0f / float(frames);  // 5 m deep in total at the channel's centre line
        b.dye = 0.5f / float(frames);       // churned-up foam where the digging happens
        brushes.push_back(b);
    }
    return brushes;
}

} // namespace eddy::demo
