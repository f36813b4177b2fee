#include "common/field_figures.hpp"

#include <cmath>

#include "common/cell_velocity.hpp"

namespace billow::scene {

Figure scalarFigure(const std::vector<float>& values, uint32_t nx, uint32_t ny, const ColourMap& map, double low, double high,
                    const std::string& label, const SolidMask& solid) {
    Picture image = draw(nx, ny, 1, [&](uint32_t i, uint32_t j) {
        return solid && solid(i, j) ? kObstacleColour : map(values[i + j * size_t(nx)]);
    });
    return {std::move(image), [map, low, high, label](Picture& p) { drawColourBar(p, map, low, high, label); }};
}

Figure velocityFigure(const std::vector<float>& velocity, uint32_t nx, uint32_t ny, const SolidMask& solid) {
    const float top = largestMagnitude(cellSpeeds(velocity));
    const VelocityColour colour = [top](double u, double v) {
        return directional(float(std::atan2(v, u)), std::sqrt(float(std::hypot(u, v) / top)));
    };
    Picture image = draw(nx, ny, 1, [&](uint32_t i, uint32_t j) {
        const size_t c = i + j * size_t(nx);
        return solid && solid(i, j) ? kObstacleColour : colour(velocity[c * 2], velocity[c * 2 + 1]);
    });
    return {std::move(image), [colour, top](Picture& p) { drawVelocityKey(p, colour, top, "velocity"); }};
}

} // namespace billow::scene
