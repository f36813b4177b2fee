#include "common/picture.hpp"

#include <algorithm>
#include <cmath>

namespace billow::scene {

Picture draw(uint32_t width, uint32_t height, uint32_t zoom, const std::function<Rgb8(uint32_t, uint32_t)>& colour) {
    Picture p{width * zoom, height * zoom, std::vector<uint8_t>(size_t(width) * height * zoom * zoom * 3)};
    for (uint32_t j = 0; j < height; ++j)
        for (uint32_t i = 0; i < width; ++i) {
            const Rgb8 c = colour(i, j);
            for (uint32_t y = 0; y < zoom; ++y)
                for (uint32_t x = 0; x < zoom; ++x) {
                    const size_t row = size_t(height - 1 - j) * zoom + y;
                    std::copy(c.begin(), c.end(), &p.rgb[(row * p.width + size_t(i) * zoom + x) * 3]);
                }
        }
    return p;
}

float largestMagnitude(const std::vector<float>& values) {
    float top = 1e-20f;
    for (float x : values) top = std::max(top, std::fabs(x));
    return top;
}

} // namespace billow::scene
