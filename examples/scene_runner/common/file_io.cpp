#include "common/file_io.hpp"

#include <png.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string_view>

#include "common/maths.hpp"

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

namespace {

constexpr char kMagic[] = "\x93NUMPY";

template <typename T>
T fromLittleEndian(T value) {
    if constexpr (std::endian::native == std::endian::little) return value;
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (size_t k = 0; k < sizeof(T) / 2; ++k) std::swap(bytes[k], bytes[sizeof(T) - 1 - k]);
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

} // namespace

std::string shapeText(const std::vector<uint64_t>& shape) {
    std::string text = "(";
    for (size_t k = 0; k < shape.size(); ++k) text += (k ? ", " : "") + std::to_string(shape[k]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

void writeNpy(const std::string& path, const std::vector<uint64_t>& shape, const std::vector<float>& values) {
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
    // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64,
    // ending in a newline (the format's alignment rule).
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot open " + path + " for writing");
    out.write(kMagic, 6);
    const unsigned char version[2] = {1, 0};
    out.write(reinterpret_cast<const char*>(version), 2);
    const uint16_t length = static_cast<uint16_t>(header.size());
    const unsigned char lengthBytes[2] = {static_cast<unsigned char>(length & 0xff), static_cast<unsigned char>(length >> 8)};
    out.write(reinterpret_cast<const char*>(lengthBytes), 2);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    std::vector<float> little(values.size());
    for (size_t k = 0; k < values.size(); ++k) little[k] = fromLittleEndian(values[k]);
    out.write(reinterpret_cast<const char*>(little.data()), static_cast<std::streamsize>(little.size() * sizeof(float)));
    if (!out) throw std::runtime_error("failed writing " + path);
}

namespace {

// The value of `key` in the header's Python dict literal, from its first character on ("" when
// absent). Parsed by hand: std::regex recurses per character and a long header could overflow the
// stack.
std::string_view dictValue(std::string_view header, std::string_view key) {
    const size_t at = header.find(key);
    if (at == std::string_view::npos) return {};
    size_t k = at + key.size();
    while (k < header.size() && (header[k] == ' ' || header[k] == ':')) ++k;
    return header.substr(k);
}

// "(23, 37, 4)" -> {23, 37, 4}; each dimension at most kMaxNpyDimension, at most 8 of them.
std::vector<uint64_t> parseShape(std::string_view text, const std::string& path) {
    auto bad = [&](const std::string& why) { return std::runtime_error(path + ": .npy header has " + why); };
    if (text.empty() || text[0] != '(') throw bad("no shape");
    std::vector<uint64_t> shape;
    size_t k = 1;
    for (;;) {
        while (k < text.size() && (text[k] == ' ' || text[k] == ',')) ++k;
        if (k >= text.size()) throw bad("an unterminated shape");
        if (text[k] == ')') return shape;
        if (text[k] < '0' || text[k] > '9') throw bad("a shape that is not a tuple of whole numbers");
        uint64_t value = 0;
        for (; k < text.size() && text[k] >= '0' && text[k] <= '9'; ++k) {
            value = value * 10 + uint64_t(text[k] - '0');
            if (value > kMaxNpyDimension) throw bad("a dimension larger than " + std::to_string(kMaxNpyDimension));
        }
        if (shape.size() == 8) throw bad("more than 8 dimensions");
        shape.push_back(value);
    }
}

} // namespace

NpyArray readNpy(const std::string& path) {
    std::error_code error;
    const uint64_t fileBytes = std::filesystem::file_size(path, error);
    std::ifstream in(path, std::ios::binary);
    if (!in || error) throw std::runtime_error("cannot open " + path);
    char magic[6];
    unsigned char version[2];
    in.read(magic, 6);
    in.read(reinterpret_cast<char*>(version), 2);
    if (!in || std::memcmp(magic, kMagic, 6) != 0) throw std::runtime_error(path + " is not a .npy file");
    if (version[0] < 1 || version[0] > 3)
        throw std::runtime_error(path + ": .npy format version " + std::to_string(version[0]) + " not supported (1, 2 or 3)");
    uint64_t headerLength = 0;
    const int lengthBytes = version[0] == 1 ? 2 : 4;
    unsigned char b[4] = {0, 0, 0, 0};
    in.read(reinterpret_cast<char*>(b), lengthBytes);
    for (int k = 0; k < lengthBytes; ++k) headerLength |= uint64_t(b[k]) << (8 * k);
    const uint64_t dataStart = 8 + lengthBytes + headerLength;
    if (!in || headerLength > kMaxNpyHeader || dataStart > fileBytes)
        throw std::runtime_error(path + ": truncated or oversized .npy header (" + std::to_string(headerLength) + " bytes)");
    std::string header(headerLength, '\0');
    in.read(header.data(), static_cast<std::streamsize>(headerLength));
    if (!in) throw std::runtime_error(path + ": truncated .npy header");

    const std::string_view descrText = dictValue(header, "'descr'");
    const size_t descrEnd = descrText.size() > 1 ? descrText.find('\'', 1) : std::string_view::npos;
    if (descrText.empty() || descrText[0] != '\'' || descrEnd == std::string_view::npos)
        throw std::runtime_error(path + ": .npy header has no descr");
    const std::string descr(descrText.substr(1, descrEnd - 1));
    if (descr != "<f4" && descr != "<f8")
        throw std::runtime_error(path + ": dtype " + descr.substr(0, 16) + " not supported (expected float32 '<f4' or float64 '<f8')");
    if (dictValue(header, "'fortran_order'").substr(0, 4) == "True")
        throw std::runtime_error(path + ": Fortran-order arrays are not supported (save with C order)");
    NpyArray array;
    array.shape = parseShape(dictValue(header, "'shape'"), path);
    // The element count, checked against overflow and against the bytes the file holds before
    // anything is allocated (a header may claim any shape).
    const uint64_t itemBytes = descr == "<f4" ? 4 : 8;
    uint64_t count = 1;
    for (uint64_t d : array.shape)
        if (__builtin_mul_overflow(count, d, &count) || count > kMaxNpyValues)
            throw std::runtime_error(path + ": shape " + shapeText(array.shape) + " has more than " +
                                     std::to_string(kMaxNpyValues) + " values");
    if (count * itemBytes > fileBytes - dataStart)
        throw std::runtime_error(path + ": file ends before its " + std::to_string(count) + " values (shape " +
                                 shapeText(array.shape) + ")");
    if (itemBytes == 4) {
        array.values.resize(count);
        in.read(reinterpret_cast<char*>(array.values.data()), static_cast<std::streamsize>(count * 4));
        for (float& x : array.values) x = fromLittleEndian(x);
    } else {
        std::vector<double> wide(count);
        in.read(reinterpret_cast<char*>(wide.data()), static_cast<std::streamsize>(count * 8));
        array.values.reserve(count);
        // Out of float's range becomes +-infinity (which the callers refuse), not an undefined cast.
        for (double x : wide) array.values.push_back(narrowToFloat(fromLittleEndian(x)));
    }
    if (!in) throw std::runtime_error(path + ": file ends before its " + std::to_string(count) + " values");
    return array;
}

} // namespace billow::scene
