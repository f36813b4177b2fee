#include "png_io.hpp"

#include <png.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace eddy::scene {

void writePngRgb(const std::string& path, uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb) {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGB;
    if (!png_image_write_to_file(&image, path.c_str(), 0, rgb.data(), 0, nullptr))
        throw std::runtime_error("cannot write " + path + ": " + image.message);
}

Image readPngRgba(const std::string& path) {
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path.c_str()))
        throw std::runtime_error("cannot read PNG " + path + ": " + image.message);
    image.format = PNG_FORMAT_RGBA;
    Image out;
    out.width = image.width;
    out.height = image.height;
    out.pixels.resize(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, out.pixels.data(), 0, nullptr)) {
        png_image_free(&image);
        throw std::runtime_error("cannot decode PNG " + path + ": " + image.message);
    }
    return out;
}

float sampleRgba(const Image& image, int channel, float s, float t) {
    // Pixel centres sit at (k + 0.5) / size; clamp at the edges.
    const float x = std::clamp(s * image.width - 0.5f, 0.0f, float(image.width - 1));
    const float y = std::clamp((1.0f - t) * image.height - 0.5f, 0.0f, float(image.height - 1));
    const uint32_t x0 = static_cast<uint32_t>(x), y0 = static_cast<uint32_t>(y);
    const uint32_t x1 = std::min(x0 + 1, image.width - 1), y1 = std::min(y0 + 1, image.height - 1);
    const float fx = x - x0, fy = y - y0;
    auto at = [&](uint32_t i, uint32_t j) { return image.pixels[(i + size_t(j) * image.width) * 4 + channel] / 255.0f; };
    return (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x1, y0)) + fy * ((1 - fx) * at(x0, y1) + fx * at(x1, y1));
}

} // namespace eddy::scene
