#include "common/png_io.hpp"

#include <png.h>

#include "common/bilinear.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace billow::scene {

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
    // Pixel centres sit at (k + 0.5) / size; rows count from the top.
    auto at = [&](uint32_t i, uint32_t j) { return image.pixels[(i + size_t(j) * image.width) * 4 + channel] / 255.0f; };
    return bilinearSample(image.width, image.height, s * image.width - 0.5f, (1.0f - t) * image.height - 0.5f, at);
}

float sampleGrey(const Image& image, float s, float t) {
    return (sampleRgba(image, 0, s, t) + sampleRgba(image, 1, s, t) + sampleRgba(image, 2, s, t)) / 3.0f;
}

} // namespace billow::scene
