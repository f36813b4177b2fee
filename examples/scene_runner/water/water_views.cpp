#include "water/water_views.hpp"

#include <algorithm>
#include <cmath>

#include "common/cell_velocity.hpp"
#include "common/colour_maps.hpp"
#include "water/water_shading.hpp"

namespace billow::scene {

uint32_t waterPixelsPerCell(uint32_t pixelsPerCell, const WaterSettings& s) {
    if (pixelsPerCell) return pixelsPerCell;
    return std::max(1u, static_cast<uint32_t>(std::lround(512.0 / std::max(s.nx, s.ny))));
}

Picture renderWaterView(WaterView view, WaterFieldCache& fields, uint32_t pixelsPerCell) {
    const WaterSettings& s = fields.settings();
    const uint32_t zoom = waterPixelsPerCell(pixelsPerCell, s);
    auto cells = [&](const std::vector<float>& values, auto map) {
        const float top = largestMagnitude(values);
        return draw(s.nx, s.ny, zoom, [&](uint32_t i, uint32_t j) { return map(values[i + j * size_t(s.nx)] / top); });
    };
    switch (view) {
    case WaterView::Water:
    case WaterView::Terrain: {
        // The terrain view is the same shading with the water left out.
        const std::vector<float> dry(size_t(s.nx) * s.ny, 0.0f);
        const bool water = view == WaterView::Water;
        WaterFrame frame{s.nx, s.ny, s.cellSize, &fields.get(WaterField::Terrain),
                         water ? &fields.get(WaterField::Depth) : &dry, water ? &fields.get(WaterField::Dye) : nullptr};
        return renderWater(frame, zoom);
    }
    case WaterView::Depth:
        return cells(fields.get(WaterField::Depth), [](float x) { return sequential(std::sqrt(std::max(x, 0.0f))); });
    case WaterView::Dye: return cells(fields.get(WaterField::Dye), [](float x) { return sequential(x); });
    case WaterView::Speed:
    case WaterView::Velocity: {
        const auto& vel = fields.get(WaterField::Velocity);
        const std::vector<float> speed = cellSpeeds(vel);
        if (view == WaterView::Speed) return cells(speed, [](float x) { return sequential(x); });
        const float top = largestMagnitude(speed);
        return draw(s.nx, s.ny, zoom, [&](uint32_t i, uint32_t j) {
            const size_t c = i + j * size_t(s.nx);
            return directional(std::atan2(vel[2 * c + 1], vel[2 * c]), std::sqrt(speed[c] / top));
        });
    }
    }
    return {};
}

} // namespace billow::scene
