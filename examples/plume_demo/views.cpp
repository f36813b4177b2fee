#include "views.hpp"

#include <algorithm>
#include <cmath>

namespace eddy::demo {
namespace {

uint8_t toByte(float x) { return static_cast<uint8_t>(std::clamp(x, 0.0f, 1.0f) * 255.0f + 0.5f); }

Picture blank(uint32_t width, uint32_t height) { return {width, height, std::vector<uint8_t>(size_t(width) * height * 3)}; }

// The pixel for grid sample (i, j) of a picture whose rows run top-down.
uint8_t* pixel(Picture& p, uint32_t i, uint32_t j) { return &p.rgb[(i + size_t(p.height - 1 - j) * p.width) * 3]; }

} // namespace

Picture dyePicture(const std::vector<float>& dye, uint32_t dyeNx, uint32_t dyeNy, const std::vector<float>& solid,
                   uint32_t nx, uint32_t ny) {
    Picture p = blank(dyeNx, dyeNy);
    for (uint32_t j = 0; j < dyeNy; ++j)
        for (uint32_t i = 0; i < dyeNx; ++i) {
            const float* c = &dye[(i + size_t(j) * dyeNx) * 4];
            float s = solid[(i * nx / dyeNx) + size_t(j * ny / dyeNy) * nx];
            uint8_t* out = pixel(p, i, j);
            for (int k = 0; k < 3; ++k) out[k] = toByte((1.0f - s) * (0.03f + c[k]) + s * 0.45f);
        }
    return p;
}

Picture signedPicture(const std::vector<float>& values, uint32_t width, uint32_t height) {
    float scale = 1e-12f;
    for (float x : values) scale = std::max(scale, std::fabs(x));
    Picture p = blank(width, height);
    for (uint32_t j = 0; j < height; ++j)
        for (uint32_t i = 0; i < width; ++i) {
            // A square-root ramp keeps small values visible next to a few large ones.
            float x = values[i + size_t(j) * width] / scale;
            x = std::copysign(std::sqrt(std::fabs(x)), x);
            uint8_t* out = pixel(p, i, j);
            out[0] = toByte(1.0f - std::max(-x, 0.0f));
            out[1] = toByte(1.0f - std::fabs(x));
            out[2] = toByte(1.0f - std::max(x, 0.0f));
        }
    return p;
}

Picture speedPicture(const std::vector<float>& u, const std::vector<float>& v, uint32_t nx, uint32_t ny) {
    std::vector<float> speed(size_t(nx) * ny);
    float top = 1e-12f;
    for (uint32_t j = 0; j < ny; ++j)
        for (uint32_t i = 0; i < nx; ++i) {
            float uc = 0.5f * (u[i + j * (nx + 1)] + u[i + 1 + j * (nx + 1)]);
            float vc = 0.5f * (v[i + j * nx] + v[i + (j + 1) * nx]);
            speed[i + j * nx] = std::hypot(uc, vc);
            top = std::max(top, speed[i + j * nx]);
        }
    Picture p = blank(nx, ny);
    for (uint32_t j = 0; j < ny; ++j)
        for (uint32_t i = 0; i < nx; ++i) {
            float x = speed[i + j * nx] / top;
            uint8_t* out = pixel(p, i, j);
            out[0] = toByte(2.0f * x);
            out[1] = toByte(2.0f * x - 0.6f);
            out[2] = toByte(0.25f + 0.5f * x - std::max(0.0f, 2.0f * x - 1.0f));
        }
    return p;
}

} // namespace eddy::demo
