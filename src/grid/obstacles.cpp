#include "grid/obstacles.hpp"

#include <algorithm>

namespace billow::detail {

void rasterise(std::vector<float>& mask, const MaskGrid& grid, const std::function<bool(float, float)>& inside) {
    constexpr int kSamples = 4;
    for (uint32_t j = 0; j < grid.ny; ++j)
        for (uint32_t i = 0; i < grid.nx; ++i) {
            int hits = 0;
            for (int sy = 0; sy < kSamples; ++sy)
                for (int sx = 0; sx < kSamples; ++sx) {
                    float x = (static_cast<float>(i) + (static_cast<float>(sx) + 0.5f) / kSamples) * grid.h;
                    float y = (static_cast<float>(j) + (static_cast<float>(sy) + 0.5f) / kSamples) * grid.h;
                    hits += inside(x, y) ? 1 : 0;
                }
            float& cell = mask[i + j * grid.nx];
            cell = std::max(cell, static_cast<float>(hits) / (kSamples * kSamples));
        }
}

void addCircle(std::vector<float>& mask, const MaskGrid& grid, float cx, float cy, float radius) {
    rasterise(mask, grid, [=](float x, float y) {
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius;
    });
}

void addBox(std::vector<float>& mask, const MaskGrid& grid, float minX, float minY, float maxX, float maxY) {
    rasterise(mask, grid, [=](float x, float y) { return x >= minX && x <= maxX && y >= minY && y <= maxY; });
}

void addWalls(std::vector<float>& mask, const MaskGrid& grid, float thickness, std::array<bool, 4> sides) {
    const float width = static_cast<float>(grid.nx) * grid.h, height = static_cast<float>(grid.ny) * grid.h;
    rasterise(mask, grid, [=](float x, float y) {
        return (sides[0] && x < thickness) || (sides[1] && x > width - thickness) ||
               (sides[2] && y < thickness) || (sides[3] && y > height - thickness);
    });
}

} // namespace billow::detail
