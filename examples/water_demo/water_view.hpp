// Pictures of water over shaded terrain: hill-shaded terrain coloured by height, water blended
// in by depth, foam (the dye field) in white.
#pragma once

#include <cstdint>
#include <vector>

namespace eddy::demo {

struct WaterFrame {
    uint32_t nx = 0, ny = 0;
    float cellSize = 1.0f;
    const std::vector<float>* terrain = nullptr;
    const std::vector<float>* depth = nullptr;
    const std::vector<float>* dye = nullptr;
};

// RGB bytes, `scale` pixels per cell, first row at the top (y up in the simulation).
std::vector<uint8_t> renderWater(const WaterFrame& frame, uint32_t scale);

} // namespace eddy::demo
