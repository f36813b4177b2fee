#include "water/water_field_cache.hpp"

namespace billow::scene {

std::vector<uint64_t> fieldShape(WaterField field, const WaterSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case WaterField::FlowX: return {ny, nx + 1};
    case WaterField::FlowY: return {ny + 1, nx};
    case WaterField::Velocity: return {ny, nx, 2};
    default: return {ny, nx};
    }
}

} // namespace billow::scene
