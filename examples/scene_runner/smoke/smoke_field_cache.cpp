#include "smoke/smoke_field_cache.hpp"

namespace billow::scene {

const std::vector<float>& FieldCache::cellVelocity() {
    if (!cellVelocity_.empty()) return cellVelocity_;
    const SmokeSettings& s = settings();
    const auto& u = get(Field::VelocityX);
    const auto& v = get(Field::VelocityY);
    cellVelocity_.resize(size_t(s.nx) * s.ny * 2);
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            cellVelocity_[(i + j * s.nx) * 2] = 0.5f * (u[i + j * (s.nx + 1)] + u[i + 1 + j * (s.nx + 1)]);
            cellVelocity_[(i + j * s.nx) * 2 + 1] = 0.5f * (v[i + j * s.nx] + v[i + (j + 1) * s.nx]);
        }
    return cellVelocity_;
}

std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case Field::VelocityX:
    case Field::OpenX: return {ny, nx + 1};
    case Field::VelocityY:
    case Field::OpenY: return {ny + 1, nx};
    case Field::Curl: return {ny + 1, nx + 1};
    case Field::Dye: return {s.effectiveDyeNy(), s.effectiveDyeNx(), 4};
    default: return {ny, nx};
    }
}

} // namespace billow::scene
