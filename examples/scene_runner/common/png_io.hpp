// PNG files through libpng's simplified API: 8-bit RGB writing for pictures, RGBA reading for
// dye images and obstacle masks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace billow::scene {

struct Image {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> pixels;  // channels per pixel as stated by the producer, first row at the top
};

// Writes `rgb` (width*height*3 bytes, first row at the top). Throws std::runtime_error.
void writePngRgb(const std::string& path, uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb);
// The largest picture side readPngRgba accepts (pixels).
inline constexpr uint32_t kMaxPngSide = 16384;
// Reads any PNG as 8-bit RGBA (4 bytes per pixel). Throws std::runtime_error naming the file,
// also when the header claims more than kMaxPngSide per side or more pixels than the file's
// bytes can hold (checked before anything is allocated).
Image readPngRgba(const std::string& path);

// Bilinear sample of channel `channel` (0..3) of an RGBA image, in [0, 1], at (s, t) in [0, 1]^2
// with t = 0 at the BOTTOM of the picture (the domain's y axis points up).
float sampleRgba(const Image& image, int channel, float s, float t);
// The grey level (mean of R, G and B) there, in [0, 1].
float sampleGrey(const Image& image, float s, float t);

} // namespace billow::scene
