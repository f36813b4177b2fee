#include "smoke3d/smoke3d_field_cache.hpp"

#include <cmath>

namespace billow::scene {

const std::vector<float>& FieldCache3D::cellVelocity() {
    if (!cellVelocity_.empty()) return cellVelocity_;
    const SmokeSettings3D& s = settings();
    const size_t nx = s.nx, ny = s.ny, nz = s.nz;
    const auto& u = get(Field3D::VelocityX);
    const auto& v = get(Field3D::VelocityY);
    const auto& w = get(Field3D::VelocityZ);
    cellVelocity_.resize(nx * ny * nz * 3);
    for (size_t k = 0; k < nz; ++k)
        for (size_t j = 0; j < ny; ++j)
            for (size_t i = 0; i < nx; ++i) {
                float* out = &cellVelocity_[(i + nx * (j + ny * k)) * 3];
                out[0] = 0.5f * (u[i + (nx + 1) * (j + ny * k)] + u[i + 1 + (nx + 1) * (j + ny * k)]);
                out[1] = 0.5f * (v[i + nx * (j + (ny + 1) * k)] + v[i + nx * (j + 1 + (ny + 1) * k)]);
                out[2] = 0.5f * (w[i + nx * (j + ny * k)] + w[i + nx * (j + ny * (k + 1))]);
            }
    return cellVelocity_;
}

const std::vector<float>& FieldCache3D::cellSpeed() {
    if (!cellSpeed_.empty()) return cellSpeed_;
    const auto& velocity = cellVelocity();
    cellSpeed_.resize(velocity.size() / 3);
    for (size_t c = 0; c < cellSpeed_.size(); ++c)
        cellSpeed_[c] = std::sqrt(velocity[3 * c] * velocity[3 * c] + velocity[3 * c + 1] * velocity[3 * c + 1] +
                                  velocity[3 * c + 2] * velocity[3 * c + 2]);
    return cellSpeed_;
}

std::vector<uint64_t> fieldShape(Field3D field, const SmokeSettings3D& s) {
    const uint64_t nx = s.nx, ny = s.ny, nz = s.nz;
    switch (field) {
    case Field3D::VelocityX:
    case Field3D::OpenX:
    case Field3D::SolidVelocityX: return {nz, ny, nx + 1};
    case Field3D::VelocityY:
    case Field3D::OpenY:
    case Field3D::SolidVelocityY: return {nz, ny + 1, nx};
    case Field3D::VelocityZ:
    case Field3D::OpenZ:
    case Field3D::SolidVelocityZ: return {nz + 1, ny, nx};
    case Field3D::Colour: return {nz, ny, nx, 4};
    default: return {nz, ny, nx};
    }
}

} // namespace billow::scene
