// The scene runner's "water" view, water over shaded terrain: hill-shaded terrain coloured by
// height, water blended in by depth, foam (the dye field) in white.
#pragma once

#include <cstdint>
#include <vector>

#include "common/picture.hpp"

namespace billow::scene {

struct WaterFrame {
    uint32_t nx = 0, ny = 0;
    float cellSize = 1.0f;
    const std::vector<float>* terrain = nullptr;
    const std::vector<float>* depth = nullptr;
    const std::vector<float>* dye = nullptr;
};

// `scale` pixels per cell.
Picture renderWater(const WaterFrame& frame, uint32_t scale);

} // namespace billow::scene
