#include "water/water_views.hpp"

#include <algorithm>
#include <cmath>

#include "common/cell_velocity.hpp"
#include "common/colour_maps.hpp"
#include "common/field_figures.hpp"
#include "water/water_shading.hpp"

namespace billow::scene {

Figure renderWaterView(WaterView view, WaterFieldCache& fields) {
    const WaterSettings& s = fields.settings();
    // A cell scalar from 0 to its largest value, coloured by `sequential(ramp(value / largest))`.
    auto cells = [&](const std::vector<float>& values, float (*ramp)(float), const char* label) {
        const float top = largestMagnitude(values);
        return scalarFigure(values, s.nx, s.ny, [top, ramp](double x) { return sequential(ramp(float(x / top))); }, 0.0,
                            top, label);
    };
    auto linear = [](float x) { return x; };
    auto root = [](float x) { return std::sqrt(std::max(x, 0.0f)); };
    switch (view) {
    case WaterView::Water:
    case WaterView::Terrain: {
        // The terrain view is the same shading with the water left out.
        const std::vector<float> dry(size_t(s.nx) * s.ny, 0.0f);
        const bool water = view == WaterView::Water;
        WaterFrame frame{s.nx, s.ny, s.cellSize, &fields.get(WaterField::Terrain),
                         water ? &fields.get(WaterField::Depth) : &dry, water ? &fields.get(WaterField::Dye) : nullptr};
        return {renderWater(frame, 1), {}};
    }
    case WaterView::Depth: return cells(fields.get(WaterField::Depth), root, "water depth, m");
    case WaterView::Dye: return cells(fields.get(WaterField::Dye), linear, "dye (foam)");
    case WaterView::Speed: return cells(cellSpeeds(fields.get(WaterField::Velocity)), linear, "speed, m/s");
    case WaterView::Velocity: return velocityFigure(fields.get(WaterField::Velocity), s.nx, s.ny);
    }
    return {};
}

} // namespace billow::scene
