// The files the scene runner reads and writes besides the scene: PNG pictures (libpng's simplified
// API: 8-bit RGB writing for pictures, RGBA reading for dye images, obstacle masks and
// heightmaps) and NumPy .npy arrays (fields written and initial fields read).
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

// NumPy .npy files (format 1.0): float32, little-endian, C order. 2D fields are stored as
// (rows, columns) = (ny, nx) with row 0 at the BOTTOM of the domain (y up, as in the solver);
// the dye is (dyeNy, dyeNx, 4). numpy.load reads them as they are.
struct NpyArray {
    std::vector<uint64_t> shape;
    std::vector<float> values;  // C order
};

// Throws std::runtime_error when the file cannot be written.
void writeNpy(const std::string& path, const std::vector<uint64_t>& shape, const std::vector<float>& values);
// What readNpy accepts: a header of at most 64 KiB, dimensions of at most 2^31 and 2^28 values in
// all (1 GiB of float32); and never more values than the file holds after its header.
inline constexpr uint64_t kMaxNpyHeader = 65536;
inline constexpr uint64_t kMaxNpyDimension = uint64_t(1) << 31;
inline constexpr uint64_t kMaxNpyValues = uint64_t(1) << 28;

// Reads '<f4' (or '<f8', converted) C-order arrays, format versions 1 to 3. Throws
// std::runtime_error saying what is wrong (truncated, oversized, another dtype...).
NpyArray readNpy(const std::string& path);
// "(23, 37)" for messages.
std::string shapeText(const std::vector<uint64_t>& shape);

} // namespace billow::scene
