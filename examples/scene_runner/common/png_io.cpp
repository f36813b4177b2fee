#include "common/png_io.hpp"

#include <png.h>

#include "common/bilinear.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
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
    std::error_code error;
    const uint64_t fileBytes = std::filesystem::file_size(path, error);
    if (error) throw std::runtime_error("cannot read PNG " + path + ": " + error.message());
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path.c_str()))
        throw std::runtime_error("cannot read PNG " + path + ": " + image.message);
    // The header may claim any size: bound it before allocating. Deflate expands at most about
    // 1032:1 and a pixel takes at least 1 bit, so a file of B bytes cannot hold more than about
    // 8256 B pixels; a header that claims more is lying (or the data is truncated).
    const uint64_t pixels = uint64_t(image.width) * image.height;
    if (image.width > kMaxPngSide || image.height > kMaxPngSide || pixels > 8256 * fileBytes) {
        png_image_free(&image);
        throw std::runtime_error("cannot read PNG " + path + ": it claims " + std::to_string(image.width) + " x " +
                                 std::to_string(image.height) + " pixels (at most " + std::to_string(kMaxPngSide) +
                                 " per side, and no more than its " + std::to_string(fileBytes) + " bytes can hold)");
    }
    image.format = PNG_FORMAT_RGBA;
    Image out;
    out.width = image.width;
    out.height = image.height;
    out.pixels.resize(pixels * 4);
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
