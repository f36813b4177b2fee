// Rasterising obstacle shapes into a per-cell solid fraction (host side). Coverage is estimated
// with 4 x 4 samples per cell, so curved obstacles get fractional edge cells and smooth faces.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace billow::detail {

struct MaskGrid {
    uint32_t nx, ny;
    float h;  // cell size, m
};

// mask[c] = max(mask[c], fraction of cell c for which `inside(x, y)` holds).
void rasterise(std::vector<float>& mask, const MaskGrid& grid, const std::function<bool(float, float)>& inside);

void addCircle(std::vector<float>& mask, const MaskGrid& grid, float cx, float cy, float radius);
void addBox(std::vector<float>& mask, const MaskGrid& grid, float minX, float minY, float maxX, float maxY);
// Solid bands of `thickness` metres along the chosen sides (left, right, bottom, top).
void addWalls(std::vector<float>& mask, const MaskGrid& grid, float thickness, std::array<bool, 4> sides);

} // namespace billow::detail
